// Bookkeeping of the "load more" list: pages (slots) appended in order, each with its rows while
// near the viewport and only its cursor link, ids and row count when far away. Pure functions, so
// the rules (which pages to drop, which to fetch again) are unit-tested without a DOM.

import type { Payment } from '../../../shared/api-types'
import type { ListedPayment } from '../../../shared/payments-page'
import type { PageRows } from './page-rows'

type SlotState = 'loading' | 'loaded' | 'dropped' | 'error'

export interface PageSlot {
  /** Unique within one list. */
  key: string
  /** `_links.self.href` of the response: fetched again verbatim when the rows were dropped. */
  selfLink: string | null
  /** Row count of the page (`count`, spec 4.3); 0 until the first response. */
  count: number
  /** The page's payment ids, kept when the rows are dropped (export, find-in-list). */
  ids: string[]
  /** The rows (parsed when drawn, page-rows.ts), or null while dropped or not yet loaded. */
  rows: PageRows | null
  /** The currencies of the rows' amounts, sorted (the filter's choices). */
  currencies: readonly string[]
  nextLink: string | null
  previousLink: string | null
  state: SlotState
  /** The request id that fetched the rows last (inspector entry). */
  requestId: string | null
  /** The cache's stamp of the read that brought the rows (stores/entities.ts); absent: older than any. */
  stamp?: number
}

export interface WindowOptions {
  /** Pages kept loaded on each side of the visible pages. */
  keepPages: number
  /** Dropped pages within this many pages of the visible ones are fetched again. */
  prefetchPages: number
}

/**
 * ±40 pages keeps up to ~20,000 rows of 250 (tens of MB): scrolling back through what was loaded
 * shows rows, not placeholders being refetched, while memory stays bounded however far the user
 * goes. `?paymentsWindow=N` (tests) narrows it to exercise dropping with a few pages.
 */
export const DEFAULT_WINDOW: WindowOptions = { keepPages: 40, prefetchPages: 2 }

export function windowFromSearch(search: string): WindowOptions {
  const raw = new URLSearchParams(search).get('paymentsWindow')
  const pages = raw === null || raw.trim() === '' ? NaN : Number(raw)
  return Number.isInteger(pages) && pages >= 0 && pages < DEFAULT_WINDOW.keepPages
    ? { keepPages: pages, prefetchPages: 1 }
    : DEFAULT_WINDOW
}

/** offsets[i] = first row index of slot i; offsets[slots.length] = total rows. */
export function rowOffsets(slots: readonly Pick<PageSlot, 'count'>[]): number[] {
  const offsets = [0]
  let total = 0
  for (const slot of slots) {
    total += slot.count
    offsets.push(total)
  }
  return offsets
}

/** Index of the slot holding `row` (binary search); -1 outside the list. */
export function slotIndexAt(offsets: readonly number[], row: number): number {
  const total = offsets[offsets.length - 1] ?? 0
  if (row < 0 || row >= total) return -1
  let lo = 0
  let hi = offsets.length - 2
  while (lo < hi) {
    const mid = (lo + hi + 1) >> 1
    if ((offsets[mid] ?? Infinity) <= row) lo = mid
    else hi = mid - 1
  }
  return lo
}

interface WindowPlan {
  /** Loaded slots far from the viewport: keep their link and count, drop the rows. */
  drop: number[]
  /** Dropped (or failed) slots near the viewport: fetch their self link again. */
  fetch: number[]
}

/**
 * Which pages to drop and which to fetch again for the visible rows [firstRow, lastRow].
 * Kept: visible pages ± keepPages. Fetched: dropped pages within visible ± prefetchPages (never
 * one already loading). A slot with no self link cannot be refetched and is never dropped.
 */
export function planWindow(
  slots: readonly Pick<PageSlot, 'count' | 'state' | 'selfLink'>[],
  firstRow: number,
  lastRow: number,
  options: WindowOptions = DEFAULT_WINDOW,
): WindowPlan {
  const plan: WindowPlan = { drop: [], fetch: [] }
  if (slots.length === 0) return plan
  const offsets = rowOffsets(slots)
  const total = offsets[offsets.length - 1] ?? 0
  if (total === 0) return plan
  const first = slotIndexAt(offsets, Math.min(Math.max(0, firstRow), total - 1))
  const last = slotIndexAt(offsets, Math.min(Math.max(firstRow, lastRow), total - 1))
  const keepFrom = first - options.keepPages
  const keepTo = last + options.keepPages
  const fetchFrom = first - options.prefetchPages
  const fetchTo = last + options.prefetchPages
  for (const [i, slot] of slots.entries()) {
    if (slot.state === 'loaded' && (i < keepFrom || i > keepTo) && slot.selfLink) plan.drop.push(i)
    else if ((slot.state === 'dropped' || slot.state === 'error') && i >= fetchFrom && i <= fetchTo && slot.selfLink) {
      plan.fetch.push(i)
    }
  }
  return plan
}

/**
 * Rows currently held (what a filter can cover), each parsed. `parsed` keeps each page's parse, so a
 * page that arrives while a filter is on is the only one parsed again.
 */
export function loadedRows(
  slots: readonly PageSlot[],
  parsed: WeakMap<PageRows, Payment[]> = new WeakMap(),
): Payment[] {
  const rows: Payment[] = []
  for (const slot of slots) {
    if (!slot.rows) continue
    let page = parsed.get(slot.rows)
    if (!page) {
      page = slot.rows.all()
      parsed.set(slot.rows, page)
    }
    for (const p of page) rows.push(p)
  }
  return rows
}

/** How many rows are held, without parsing them. */
export function loadedCount(slots: readonly PageSlot[]): number {
  let n = 0
  for (const slot of slots) n += slot.rows?.length ?? 0
  return n
}

/** The currencies of the rows held, sorted. */
export function loadedCurrencies(slots: readonly PageSlot[]): string[] {
  const all = new Set<string>()
  for (const slot of slots) if (slot.rows) for (const c of slot.currencies) all.add(c)
  return [...all].sort()
}

/** The row at a list index, or null for a placeholder (page dropped or loading). */
export function rowAt(slots: readonly PageSlot[], offsets: readonly number[], row: number): Payment | null {
  const i = slotIndexAt(offsets, row)
  if (i < 0) return null
  const slot = slots[i]
  const start = offsets[i]
  return slot && start !== undefined ? (slot.rows?.at(row - start) ?? null) : null
}

/** The cache stamp of the page that holds payment `id` (stores/entities.ts); 0, older than any read, when none does. */
export function pageStampOf(slots: readonly Pick<PageSlot, 'ids' | 'stamp'>[], id: string): number {
  return slots.find((slot) => slot.ids.includes(id))?.stamp ?? 0
}

/**
 * What the row at a list index shows (its listed fields), or null for a placeholder. `newer`: the
 * payment as read after the row's page (the cache's copy), shown instead of the page's row.
 */
export function shownRowAt(
  slots: readonly PageSlot[],
  offsets: readonly number[],
  row: number,
  newer?: (id: string, pageStamp: number) => ListedPayment | null,
): ListedPayment | null {
  const i = slotIndexAt(offsets, row)
  if (i < 0) return null
  const slot = slots[i]
  const start = offsets[i]
  const shown = slot && start !== undefined ? (slot.rows?.shownAt(row - start) ?? null) : null
  return shown && newer ? (newer(shown.id, slot?.stamp ?? 0) ?? shown) : shown
}

/** The list index of a payment (found by id, so also on a dropped page), or -1 when it is not in the list. */
export function rowIndexOf(slots: readonly Pick<PageSlot, 'count' | 'ids'>[], id: string): number {
  let start = 0
  for (const slot of slots) {
    const i = slot.ids.indexOf(id)
    if (i >= 0) return start + i
    start += slot.count
  }
  return -1
}
