import type { Payment, SortOrder } from '../../../shared/api-types'
import type { PaymentsExportFormat } from '../../../shared/ipc/payments'
import { planWindow, rowIndexOf, type PageSlot } from '../lib/page-window'
import { isFilterActive } from '../lib/payment-filters'
import { byId } from './entities'
import { toErrorView } from './error-view'
import type { StoreContext } from './store-context'
import {
  parsePage,
  slotFromPage,
  type DetailState,
  type PaymentsPage,
  type ExportProgress,
  type ListAction,
  type ListStart,
  type PageRequest,
  type PaymentsDeps,
  type PaymentsPort,
  type PaymentsPrefs,
  type PaymentsState,
  type PendingRequest,
} from './payments-types'

// The payments store's actions that do more than set a field: each takes the store's context.

/** What the actions share: the store, its port and clock, and its counters. */
export interface PaymentsStoreContext extends StoreContext<PaymentsState, PaymentsPort> {
  deps: PaymentsDeps
  counter: number
  /** Raised by every restart and connection change: answers for an older list are dropped. */
  generation: number
  /** Look-ups of the newest payments made so far (each gets its own request key). */
  lookups: number
}

export function newKey(ctx: PaymentsStoreContext, prefix: string): string {
  return `${prefix}-${ctx.deps.now().toString(36)}-${(++ctx.counter).toString(36)}`
}

function begin(ctx: PaymentsStoreContext, action: ListAction): PendingRequest {
  const pending: PendingRequest = { requestKey: newKey(ctx, action), action, startedAt: ctx.deps.now() }
  ctx.set((s) => ({ pending: [...s.pending, pending] }))
  return pending
}

function end(ctx: PaymentsStoreContext, pending: PendingRequest): void {
  ctx.set((s) => ({ pending: s.pending.filter((p) => p.requestKey !== pending.requestKey) }))
}

async function fetchPage(
  ctx: PaymentsStoreContext,
  request: PageRequest,
  action: ListAction,
): Promise<{ page: PaymentsPage; requestId: string | null; stamp: number }> {
  const pending = begin(ctx, action)
  const sessionId = ctx.get().sessionId
  const stamp = ctx.deps.entities.getState().stamp()
  try {
    const reply = await ctx.port.list({
      sessionId,
      requestKey: pending.requestKey,
      action,
      ...request,
    })
    ctx.deps.onReplyReceived?.()
    return { page: parsePage(reply), requestId: reply.requestId, stamp }
  } finally {
    end(ctx, pending)
  }
}

/**
 * The row to select for a payment opened from elsewhere (the search, another screen, the id field):
 * its row in `slots`, or none when it is not there or while a filter numbers the rows apart, so the
 * highlighted row, Enter and j/k never start from another payment.
 */
export function openPaymentRow(s: Pick<PaymentsState, 'filter'>, slots: readonly PageSlot[], id: string): number {
  return isFilterActive(s.filter) ? -1 : rowIndexOf(slots, id)
}

/** The row selected when the list starts over: the first, or, with a payment open, its row or none. */
function selectionAfterRestart(s: PaymentsState, slot: PageSlot, rows: number): number {
  if (!s.detail) return rows > 0 ? 0 : -1
  return openPaymentRow(s, [slot], s.detail.id)
}

/** Starts the list over from `request`: its first page replaces every row. */
export async function restart(
  ctx: PaymentsStoreContext,
  request: PageRequest,
  action: ListAction,
  start: ListStart,
): Promise<void> {
  const { set, get, port } = ctx
  // One start at a time: a newer one cancels the older and the pages still loading under it.
  for (const p of get().pending) if (p.action !== 'refetch') void port.cancel(p.requestKey).catch(() => {})
  const mine = ++ctx.generation
  set({ loading: true, error: null, start })
  try {
    const { page, requestId, stamp } = await fetchPage(ctx, request, action)
    if (mine !== ctx.generation) return
    const slot = slotFromPage(page, requestId, newKey(ctx, 'slot'), stamp)
    set((s) => ({
      slots: [slot],
      listId: s.listId + 1,
      loading: false,
      selectedIndex: selectionAfterRestart(s, slot, page.rows.length),
      view: { first: 0, last: -1 },
    }))
  } catch (error) {
    if (mine !== ctx.generation) return
    const view = toErrorView(error)
    set({ loading: false, error: view.code === 'canceled' ? null : view })
  }
}

export function sizeQuery(ctx: PaymentsStoreContext): { limit?: number; sort?: SortOrder } {
  const { pageSize, sort } = ctx.get().prefs
  // The service's default sort is desc (spec 4.3); send it only when it differs.
  return { ...(pageSize === null ? {} : { limit: pageSize }), ...(sort === 'asc' ? { sort } : {}) }
}

export function setPrefs(ctx: PaymentsStoreContext, patch: Partial<PaymentsPrefs>): void {
  const prefs = { ...ctx.get().prefs, ...patch }
  try {
    ctx.deps.storage.write(JSON.stringify(prefs))
  } catch {
    // Preferences are a convenience; a full or blocked storage is not an error for the user.
  }
  ctx.set({ prefs })
}

export async function setPageSize(ctx: PaymentsStoreContext, size: number | null): Promise<void> {
  ctx.get().setPrefs({ pageSize: size })
  // Keep the place: start the new page size at the first payment in view (an id the service gave).
  const { slots, view } = ctx.get()
  const firstId = slots.flatMap((s) => s.ids)[Math.max(0, view.first)] ?? slots[0]?.ids[0]
  if (firstId)
    await restart(ctx, { query: { ...sizeQuery(ctx), from: firstId } }, 'from', { kind: 'from', id: firstId })
  else await restart(ctx, { query: sizeQuery(ctx) }, 'first', { kind: 'top' })
}

export async function loadMore(ctx: PaymentsStoreContext): Promise<void> {
  const { slots, pending, loading } = ctx.get()
  const last = slots[slots.length - 1]
  if (!last?.nextLink || loading || pending.some((p) => p.action === 'load-more')) return
  const mine = ctx.generation
  ctx.set({ error: null })
  try {
    const { page, requestId, stamp } = await fetchPage(ctx, { link: last.nextLink }, 'load-more')
    // A restart meanwhile replaced the list: this page belongs to the old one.
    if (mine !== ctx.generation) return
    ctx.set((s) => ({ slots: [...s.slots, slotFromPage(page, requestId, newKey(ctx, 'slot'), stamp)] }))
  } catch (error) {
    const view = toErrorView(error)
    if (mine === ctx.generation && view.code !== 'canceled') ctx.set({ error: view })
  }
}

async function refetchSlot(ctx: PaymentsStoreContext, key: string): Promise<void> {
  const slot = ctx.get().slots.find((s) => s.key === key)
  if (!slot?.selfLink || slot.state === 'loading') return
  const mark = (patch: Partial<PageSlot>) =>
    ctx.set((s) => ({ slots: s.slots.map((x) => (x.key === key ? { ...x, ...patch } : x)) }))
  mark({ state: 'loading' })
  try {
    const { page, requestId, stamp } = await fetchPage(ctx, { link: slot.selfLink }, 'refetch')
    const fresh = slotFromPage(page, requestId, key, stamp)
    // The row count is the placeholder height: keep positions stable even if the page changed.
    mark({ ...fresh, count: slot.count, rows: fresh.rows?.slice(slot.count) ?? null, ids: slot.ids })
  } catch {
    mark({ state: 'dropped' })
  }
}

export function ensureWindow(ctx: PaymentsStoreContext, firstRow: number, lastRow: number): void {
  const slots = ctx.get().slots
  const plan = planWindow(slots, firstRow, lastRow, ctx.deps.listWindow)
  if (plan.drop.length > 0) {
    const drop = new Set(plan.drop)
    ctx.set((s) => ({
      slots: s.slots.map((slot, i) =>
        drop.has(i) && slot.state === 'loaded' ? { ...slot, rows: null, state: 'dropped' as const } : slot,
      ),
    }))
  }
  for (const i of plan.fetch) {
    const key = slots[i]?.key
    if (key) void refetchSlot(ctx, key)
  }
}

/**
 * Reads the open payment: the payment and, on the Sandbox, its webhook calls go to the cache (every
 * view of it reads them there, a read answered after a newer one does not undo it); the detail keeps
 * its order's customer and the request.
 */
export async function readDetail(ctx: PaymentsStoreContext, id: string, keep: DetailState | null): Promise<void> {
  const { set, get, port } = ctx
  set({
    detail: { id, context: keep?.context ?? null, requestId: keep?.requestId ?? null, loading: true, error: null },
  })
  const cache = ctx.deps.entities.getState()
  const stamp = cache.stamp()
  try {
    const { payment, requestId, context } = await port.get({ sessionId: get().sessionId, id })
    cache.put('payments', payment.id, payment, stamp)
    if (context?.deliveries) cache.put('deliveries', payment.id, context.deliveries, stamp)
    if (get().detail?.id === id) {
      set({ detail: { id, context: context ?? null, requestId, loading: false, error: null } })
    }
  } catch (error) {
    const current = get().detail
    if (current?.id === id) set({ detail: { ...current, loading: false, error: toErrorView(error) } })
  }
}

export async function exportRows(
  ctx: PaymentsStoreContext,
  format: PaymentsExportFormat,
  ids: string[],
): Promise<void> {
  const { set, get, port } = ctx
  if (ids.length === 0) return
  const exportId = newKey(ctx, 'export')
  set({
    exportState: {
      exportId,
      format,
      written: 0,
      total: ids.length,
      done: false,
      path: null,
      error: null,
      canceled: false,
      personalData: null,
    },
  })
  try {
    const result = await port.export({ sessionId: get().sessionId, exportId, format, ids })
    set((s) =>
      s.exportState?.exportId === exportId
        ? {
            exportState: {
              ...s.exportState,
              done: true,
              path: result.path,
              written: result.rows,
              total: result.path ? result.rows : s.exportState.total,
              canceled: result.path === null,
              personalData: result.personalData,
            },
          }
        : {},
    )
  } catch (error) {
    const view = toErrorView(error)
    set((s) =>
      s.exportState?.exportId === exportId
        ? { exportState: { ...s.exportState, done: true, error: view.detail ?? view.message } }
        : {},
    )
  }
}

export function exportProgress(ctx: PaymentsStoreContext, p: ExportProgress): void {
  ctx.set((s) =>
    s.exportState?.exportId === p.exportId && !s.exportState.done
      ? { exportState: { ...s.exportState, written: p.written, total: p.total } }
      : {},
  )
}

export async function connectionChanged(ctx: PaymentsStoreContext): Promise<void> {
  const { pending, started } = ctx.get()
  ctx.generation++
  for (const p of pending) void ctx.port.cancel(p.requestKey).catch(() => {})
  // A new session: links served for the old connection's list are not followed for the new one.
  ctx.set({
    sessionId: newKey(ctx, 'session'),
    slots: [],
    pending: [],
    loading: false,
    error: null,
    selectedIndex: -1,
    view: { first: 0, last: -1 },
    detail: null,
    exportState: null,
    start: { kind: 'top' },
  })
  if (started) await ctx.get().loadFirst()
}

export async function readNewest(ctx: PaymentsStoreContext, limit: number): Promise<Payment[]> {
  const cache = ctx.deps.entities.getState()
  const stamp = cache.stamp()
  const page = await ctx.port.list({
    sessionId: 'lost-write-lookup',
    requestKey: `lost-write-lookup-${++ctx.lookups}`,
    query: { limit },
    action: 'refresh',
  })
  const payments = parsePage(page).rows.all()
  cache.putMany('payments', payments, byId, stamp)
  return payments
}
