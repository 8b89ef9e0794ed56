import { MAX_PAGE_SIZE, type Payment, type PaymentList, type SortOrder } from '../../../shared/api-types'
import type { ChannelInput, ChannelOutput } from '../../../shared/ipc/contract'
import type { PaymentContext, PaymentsExportFormat, PaymentsPageResult } from '../../../shared/ipc/payments'
import { pageRowTexts } from '../../../shared/payments-page'
import type { StoreApi } from 'zustand/vanilla'
import { PageRows } from '../lib/page-rows'
import type { PageSlot, WindowOptions } from '../lib/page-window'
import type { PaymentFilter } from '../lib/payment-filters'
import type { EntitiesState } from './entities'
import type { ErrorView } from './error-view'

// The payments list's types, preferences and page parsing (payments-store.ts creates the store).

/** An error as the payments screen shows it (error-view.ts). */
export type PaymentsErrorView = ErrorView

type ListInput = ChannelInput<'payments.list'>
export type PageRequest = { query: NonNullable<ListInput['query']> } | { link: string }
export type ListAction = NonNullable<ListInput['action']>

export interface PaymentsPort {
  list(input: ListInput): Promise<ChannelOutput<'payments.list'>>
  get(input: ChannelInput<'payments.get'>): Promise<ChannelOutput<'payments.get'>>
  cancel(requestKey: string): Promise<unknown>
  export(input: ChannelInput<'payments.export'>): Promise<ChannelOutput<'payments.export'>>
  /** Main's progress of a running export; returns the unsubscribe. */
  onExportProgress(listener: (progress: ExportProgress) => void): () => void
}

/** How far an export has got (main's event). */
export interface ExportProgress {
  exportId: string
  written: number
  total: number
  done: boolean
}

/** Where display preferences are kept (localStorage in the app). */
export interface PrefsStorage {
  read(): string | null
  write(text: string): void
}

export interface PaymentsDeps {
  now(): number
  storage: PrefsStorage
  /** How many pages around the viewport keep their rows. */
  listWindow: WindowOptions
  /** Bench hook: a list reply arrived (before its JSON is parsed). */
  onReplyReceived?: () => void
  /** The window's cache (entities.ts): the open payment and the payments read whole are put there. */
  entities: StoreApi<EntitiesState>
}

type Density = 'compact' | 'comfortable'

/** Non-sensitive display preferences only. */
export interface PaymentsPrefs {
  /** null: send no `limit`, the service's default applies (spec 4.3). */
  pageSize: number | null
  sort: SortOrder
  density: Density
  hiddenColumns: Record<string, boolean>
}

/** Where the list starts: the newest (or oldest) payment, or a given id (`from`). */
export type ListStart = { kind: 'top' } | { kind: 'from'; id: string }

export interface PendingRequest {
  requestKey: string
  action: ListAction
  startedAt: number
}

/** The open payment: the payment itself is read from the cache by its id (entities.ts). */
export interface DetailState {
  id: string
  /** Its order's customer and, on the Sandbox, the webhook calls (null until read from main). */
  context: PaymentContext | null
  requestId: string | null
  loading: boolean
  error: PaymentsErrorView | null
}

interface ExportState {
  exportId: string
  format: PaymentsExportFormat
  written: number
  total: number
  done: boolean
  path: string | null
  error: string | null
  canceled: boolean
  /** Whether the file holds customers' personal data (chosen in main's dialog); null until saved. */
  personalData: 'left-out' | 'included' | null
}

export const DEFAULT_PREFS: PaymentsPrefs = { pageSize: null, sort: 'desc', density: 'compact', hiddenColumns: {} }

/** Preferences as stored, checked field by field (an edited or foreign value falls back). */
export function parsePrefs(raw: string | null): PaymentsPrefs {
  if (!raw) return DEFAULT_PREFS
  try {
    const p = JSON.parse(raw) as Partial<PaymentsPrefs> | null
    if (!p || typeof p !== 'object') return DEFAULT_PREFS
    const size =
      typeof p.pageSize === 'number' && Number.isInteger(p.pageSize) && p.pageSize >= 1 && p.pageSize <= MAX_PAGE_SIZE
        ? p.pageSize
        : null
    const hidden: Record<string, boolean> = {}
    if (p.hiddenColumns && typeof p.hiddenColumns === 'object') {
      for (const [k, v] of Object.entries(p.hiddenColumns)) if (v === true) hidden[k] = true
    }
    return {
      pageSize: size,
      sort: p.sort === 'asc' ? 'asc' : 'desc',
      density: p.density === 'comfortable' ? 'comfortable' : 'compact',
      hiddenColumns: hidden,
    }
  } catch {
    return DEFAULT_PREFS
  }
}

/** A page of the list as the store keeps it: a slot's links, ids and currencies, its rows parsed when drawn. */
export type PaymentsPage = Pick<PageSlot, 'selfLink' | 'nextLink' | 'previousLink' | 'ids' | 'currencies'> & {
  rows: PageRows
}

export function slotFromPage(page: PaymentsPage, requestId: string | null, key: string, stamp: number): PageSlot {
  return { ...page, key, count: page.rows.length, state: 'loaded', requestId, stamp }
}

const isStringArray = (v: unknown): v is string[] => Array.isArray(v) && v.every((x) => typeof x === 'string')

/**
 * A list reply (spec 4.3 list object, its payments one line of JSON text each), checked for what the
 * screen relies on: the page's links, and as many ids as rows. The rows are not parsed here.
 */
export function parsePage(
  result: Pick<PaymentsPageResult, 'pageText' | 'rowsText' | 'shownText' | 'ids' | 'currencies'>,
): PaymentsPage {
  const page = JSON.parse(result.pageText) as PaymentList | null
  if (!page || typeof page !== 'object' || !Array.isArray(page._embedded?.payments)) {
    throw new Error('The payments list reply has no _embedded.payments array (spec 4.3).')
  }
  const { rowsText, shownText, ids, currencies } = result
  const rowTexts = typeof rowsText === 'string' ? pageRowTexts(rowsText) : null
  const shownTexts = typeof shownText === 'string' ? pageRowTexts(shownText) : null
  if (
    !rowTexts ||
    !shownTexts ||
    !isStringArray(ids) ||
    ids.length !== rowTexts.length ||
    shownTexts.length !== rowTexts.length ||
    !isStringArray(currencies)
  ) {
    throw new Error('The payments list reply has no row for each payment id.')
  }
  const href = (link: { href?: unknown } | null | undefined) => (typeof link?.href === 'string' ? link.href : null)
  return {
    selfLink: href(page._links?.self),
    nextLink: href(page._links?.next),
    previousLink: href(page._links?.previous),
    ids,
    rows: new PageRows(rowTexts, shownTexts),
    currencies,
  }
}

export interface PaymentsState {
  /** Names this list to main: it follows only links it served to the same session. */
  sessionId: string
  prefs: PaymentsPrefs
  start: ListStart
  /** The list's pages in order; rows of far pages are dropped and fetched again. */
  slots: PageSlot[]
  /** Raised each time the list starts over (its first page replaced every row). */
  listId: number
  /** The list is being (re)started: its first page is on its way. */
  loading: boolean
  error: PaymentsErrorView | null
  pending: PendingRequest[]
  selectedIndex: number
  /** The rows in view (indexes into the list), for the position indicator. */
  view: { first: number; last: number }
  detail: DetailState | null
  filter: PaymentFilter
  exportState: ExportState | null
  started: boolean
  /** The find box's text (kept while the user visits another screen). */
  findText: string

  setFindText(text: string): void
  setPrefs(patch: Partial<PaymentsPrefs>): void
  /** The list from the top: newest first (or oldest first with the sort set so). */
  loadFirst(): Promise<void>
  /** The list from a payment id on (`from`). */
  startFrom(id: string): Promise<void>
  setSort(sort: SortOrder): Promise<void>
  setPageSize(size: number | null): Promise<void>
  /** The next page under the rows loaded (the last page's `next` link). */
  loadMore(): Promise<void>
  /** Keeps the pages near rows first..last loaded and drops far ones. */
  ensureWindow(firstRow: number, lastRow: number): void
  setView(first: number, last: number): void
  cancelPending(): Promise<void>
  select(index: number): void
  openDetail(id: string, known?: { payment: Payment; requestId: string | null }): Promise<void>
  refreshDetail(): Promise<void>
  closeDetail(): void
  setFilter(patch: Partial<PaymentFilter>): void
  clearFilter(): void
  exportRows(format: PaymentsExportFormat, ids: string[]): Promise<void>
  exportProgress(p: ExportProgress): void
  /** Follows main's export progress while the screen is open; returns the unsubscribe. */
  listenExport(): () => void
  dismissExport(): void
  /** Another connection became active: the old list, detail and export are dropped. */
  connectionChanged(): Promise<void>
  /**
   * The newest payments, read in a session of their own (the list on screen is left as it is): for
   * a write whose answer was lost, to find what it made.
   */
  readNewest(limit: number): Promise<Payment[]>
}
