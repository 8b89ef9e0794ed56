import { create } from 'zustand'
import { MAX_PAGE_SIZE, type Payment, type PaymentList, type SortOrder } from '../../../shared/api-types'
import type { ChannelInput } from '../../../shared/ipc/contract'
import type { PaymentsExportFormat } from '../../../shared/ipc/payments'
import { EMPTY_FILTER, type PaymentFilter } from '../features/payments/filters'
import { benchMark } from '../features/payments/bench-marks'
import { planWindow, windowFromSearch, type PageSlot } from '../features/payments/page-window'
import { call } from '../lib/ipc-client'
import { toErrorView, type ErrorView } from './error-view'

/** How many pages around the viewport keep their rows (see page-window.ts). */
const LIST_WINDOW = windowFromSearch(typeof location === 'undefined' ? '' : location.search)

/** An error as the payments screen shows it (error-view.ts). */
export type PaymentsErrorView = ErrorView
export { toErrorView }

type ListInput = ChannelInput<'payments.list'>
type PageRequest = { query: NonNullable<ListInput['query']> } | { link: string }
type ListAction = NonNullable<ListInput['action']>

/** A page the user visited by navigating (not by "load more"): Back shows exactly these rows. */
export interface HistoryEntry {
  label: string
  page: PaymentList
  requestId: string | null
}

export type Density = 'compact' | 'comfortable'

/** Non-sensitive display preferences only (kept in localStorage). */
export interface PaymentsPrefs {
  /** null: send no `limit`, the service's default applies (spec 4.3). */
  pageSize: number | null
  sort: SortOrder
  density: Density
  hiddenColumns: Record<string, boolean>
}

export interface PendingRequest {
  requestKey: string
  action: ListAction
  startedAt: number
}

export interface DetailState {
  id: string
  payment: Payment | null
  requestId: string | null
  loading: boolean
  error: PaymentsErrorView | null
}

export interface ExportState {
  exportId: string
  format: PaymentsExportFormat
  written: number
  total: number
  done: boolean
  path: string | null
  error: string | null
  canceled: boolean
}

const PREFS_KEY = 'paydesk.payments.prefs.v1'
const HISTORY_LIMIT = 30
const DEFAULT_PREFS: PaymentsPrefs = { pageSize: null, sort: 'desc', density: 'compact', hiddenColumns: {} }

function loadPrefs(): PaymentsPrefs {
  try {
    const raw = globalThis.localStorage?.getItem(PREFS_KEY)
    if (!raw) return DEFAULT_PREFS
    const p = JSON.parse(raw) as Partial<PaymentsPrefs>
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

function savePrefs(prefs: PaymentsPrefs): void {
  try {
    globalThis.localStorage?.setItem(PREFS_KEY, JSON.stringify(prefs))
  } catch {
    // Preferences are a convenience; a full or blocked storage is not an error for the user.
  }
}

let counter = 0
const newKey = (prefix: string) => `${prefix}-${Date.now().toString(36)}-${(++counter).toString(36)}`

export function slotFromPage(page: PaymentList, requestId: string | null, key = newKey('slot')): PageSlot {
  const rows = page._embedded.payments
  return {
    key,
    selfLink: page._links?.self?.href ?? null,
    count: rows.length,
    ids: rows.map((p) => p.id),
    rows,
    nextLink: page._links?.next?.href ?? null,
    previousLink: page._links?.previous?.href ?? null,
    state: 'loaded',
    requestId,
  }
}

/** The list reply's page text (spec 4.3 list object), checked for the one array the screen relies on. */
export function parsePage(text: string): PaymentList {
  const page = JSON.parse(text) as PaymentList
  if (!page || typeof page !== 'object' || !Array.isArray(page._embedded?.payments)) {
    throw new Error('The payments list reply has no _embedded.payments array (spec 4.3).')
  }
  return page
}

interface PaymentsState {
  sessionId: string
  prefs: PaymentsPrefs
  slots: PageSlot[]
  history: HistoryEntry[]
  historyIndex: number
  /** The first page's `count` as the service reported it. */
  pageCount: number | null
  loading: boolean
  error: PaymentsErrorView | null
  pending: PendingRequest[]
  selectedIndex: number
  detail: DetailState | null
  filter: PaymentFilter
  exportState: ExportState | null
  started: boolean
  /** The find box's text (kept while the user visits another screen). */
  findText: string
  setFindText(text: string): void

  setPrefs(patch: Partial<PaymentsPrefs>): void
  loadFirst(): Promise<void>
  next(): Promise<void>
  previous(): Promise<void>
  startFrom(id: string): Promise<void>
  setSort(sort: SortOrder): Promise<void>
  setPageSize(size: number | null): Promise<void>
  back(): void
  forward(): void
  loadMore(): Promise<void>
  ensureWindow(firstRow: number, lastRow: number): void
  cancelPending(): Promise<void>
  select(index: number): void
  openDetail(id: string, known?: { payment: Payment; requestId: string | null }): Promise<void>
  refreshDetail(): Promise<void>
  closeDetail(): void
  setFilter(patch: Partial<PaymentFilter>): void
  clearFilter(): void
  exportRows(format: PaymentsExportFormat, ids: string[]): Promise<void>
  exportProgress(p: { exportId: string; written: number; total: number; done: boolean }): void
  dismissExport(): void
}

export const usePaymentsStore = create<PaymentsState>((set, get) => {
  function begin(action: ListAction): PendingRequest {
    const pending: PendingRequest = { requestKey: newKey(action), action, startedAt: Date.now() }
    set((s) => ({ pending: [...s.pending, pending] }))
    return pending
  }
  function end(pending: PendingRequest): void {
    set((s) => ({ pending: s.pending.filter((p) => p.requestKey !== pending.requestKey) }))
  }
  async function fetchPage(request: PageRequest, action: ListAction, pending = begin(action)) {
    try {
      const { pageText, requestId } = await call('payments.list', {
        sessionId: get().sessionId,
        requestKey: pending.requestKey,
        action,
        ...request,
      })
      // Bench: the reply is here, before its JSON is parsed (what the agent waits for starts now).
      benchMark('payments.received')
      return { page: parsePage(pageText), requestId }
    } finally {
      end(pending)
    }
  }

  /** A navigation: replaces the list with one page and records it in the history. */
  async function navigate(request: PageRequest, action: ListAction, label: string): Promise<void> {
    // One navigation at a time: a newer one cancels the older (its result would be stale).
    for (const p of get().pending)
      if (p.action !== 'refetch' && p.action !== 'load-more')
        void call('payments.cancel', { requestKey: p.requestKey }).catch(() => {})
    set({ loading: true, error: null })
    try {
      const { page, requestId } = await fetchPage(request, action)
      const entry: HistoryEntry = { label, page, requestId }
      set((s) => {
        const kept = s.history.slice(0, s.historyIndex + 1)
        kept.push(entry)
        const history = kept.slice(-HISTORY_LIMIT)
        return {
          history,
          historyIndex: history.length - 1,
          slots: [slotFromPage(page, requestId)],
          pageCount: page.count,
          loading: false,
          selectedIndex: page._embedded.payments.length > 0 ? 0 : -1,
        }
      })
    } catch (error) {
      const view = toErrorView(error)
      set({ loading: false, error: view.code === 'canceled' ? null : view })
    }
  }

  function sizeQuery(): { limit?: number; sort?: SortOrder } {
    const { pageSize, sort } = get().prefs
    // The service's default sort is desc (spec 4.3); send it only when it differs.
    return { ...(pageSize === null ? {} : { limit: pageSize }), ...(sort === 'asc' ? { sort } : {}) }
  }

  function restore(index: number): void {
    const entry = get().history[index]
    if (!entry) return
    set({
      historyIndex: index,
      slots: [slotFromPage(entry.page, entry.requestId)],
      pageCount: entry.page.count,
      error: null,
      selectedIndex: entry.page._embedded.payments.length > 0 ? 0 : -1,
    })
  }

  async function refetchSlot(key: string): Promise<void> {
    const slot = get().slots.find((s) => s.key === key)
    if (!slot?.selfLink || slot.state === 'loading') return
    const mark = (patch: Partial<PageSlot>) =>
      set((s) => ({ slots: s.slots.map((x) => (x.key === key ? { ...x, ...patch } : x)) }))
    mark({ state: 'loading' })
    try {
      const { page, requestId } = await fetchPage({ link: slot.selfLink }, 'refetch')
      const fresh = slotFromPage(page, requestId, key)
      // The row count is the placeholder height: keep positions stable even if the page changed.
      mark({ ...fresh, count: slot.count, rows: fresh.rows!.slice(0, slot.count), ids: slot.ids })
    } catch {
      mark({ state: 'dropped' })
    }
  }

  return {
    sessionId: newKey('session'),
    prefs: loadPrefs(),
    slots: [],
    history: [],
    historyIndex: -1,
    pageCount: null,
    loading: false,
    error: null,
    pending: [],
    selectedIndex: -1,
    detail: null,
    filter: EMPTY_FILTER,
    exportState: null,
    started: false,
    findText: '',
    setFindText: (findText) => set({ findText }),

    setPrefs(patch) {
      const prefs = { ...get().prefs, ...patch }
      savePrefs(prefs)
      set({ prefs })
    },

    async loadFirst() {
      set({ started: true })
      await navigate({ query: sizeQuery() }, 'first', 'First page')
    },

    async next() {
      const last = get().slots[get().slots.length - 1]
      if (!last?.nextLink || get().loading) return
      await navigate({ link: last.nextLink }, 'next', 'Next page')
    },

    async previous() {
      const first = get().slots[0]
      if (!first?.previousLink || get().loading) return
      await navigate({ link: first.previousLink }, 'previous', 'Previous page')
    },

    async startFrom(id) {
      await navigate({ query: { ...sizeQuery(), from: id } }, 'from', `From ${id}`)
    },

    async setSort(sort) {
      get().setPrefs({ sort })
      await navigate({ query: sizeQuery() }, 'sort', sort === 'desc' ? 'Newest first' : 'Oldest first')
    },

    async setPageSize(size) {
      get().setPrefs({ pageSize: size })
      // Keep the place: start the new page size at the first payment shown (an id the service gave).
      const firstId = get().slots[0]?.ids[0]
      await navigate({ query: { ...sizeQuery(), ...(firstId ? { from: firstId } : {}) } }, 'from', 'Page size changed')
    },

    back() {
      const { historyIndex } = get()
      if (historyIndex > 0) restore(historyIndex - 1)
    },

    forward() {
      const { historyIndex, history } = get()
      if (historyIndex < history.length - 1) restore(historyIndex + 1)
    },

    async loadMore() {
      const slots = get().slots
      const last = slots[slots.length - 1]
      if (!last?.nextLink || get().pending.some((p) => p.action === 'load-more')) return
      set({ error: null })
      try {
        const { page, requestId } = await fetchPage({ link: last.nextLink }, 'load-more')
        set((s) => ({ slots: [...s.slots, slotFromPage(page, requestId)] }))
      } catch (error) {
        const view = toErrorView(error)
        if (view.code !== 'canceled') set({ error: view })
      }
    },

    ensureWindow(firstRow, lastRow) {
      const slots = get().slots
      const plan = planWindow(slots, firstRow, lastRow, LIST_WINDOW)
      if (plan.drop.length > 0) {
        const drop = new Set(plan.drop)
        set((s) => ({
          slots: s.slots.map((slot, i) =>
            drop.has(i) && slot.state === 'loaded' ? { ...slot, rows: null, state: 'dropped' as const } : slot,
          ),
        }))
      }
      for (const i of plan.fetch) void refetchSlot(slots[i]!.key)
    },

    async cancelPending() {
      const pending = get().pending
      await Promise.all(
        pending.map((p) => call('payments.cancel', { requestKey: p.requestKey }).catch(() => undefined)),
      )
    },

    select(index) {
      set({ selectedIndex: index })
    },

    async openDetail(id, known) {
      if (known) {
        set({ detail: { id, payment: known.payment, requestId: known.requestId, loading: false, error: null } })
        return
      }
      set({ detail: { id, payment: null, requestId: null, loading: true, error: null } })
      try {
        const { payment, requestId } = await call('payments.get', { sessionId: get().sessionId, id })
        if (get().detail?.id === id) set({ detail: { id, payment, requestId, loading: false, error: null } })
      } catch (error) {
        if (get().detail?.id === id)
          set({ detail: { id, payment: null, requestId: null, loading: false, error: toErrorView(error) } })
      }
    },

    async refreshDetail() {
      const d = get().detail
      if (!d) return
      set({ detail: { ...d, loading: true, error: null } })
      try {
        const { payment, requestId } = await call('payments.get', { sessionId: get().sessionId, id: d.id })
        if (get().detail?.id === d.id) set({ detail: { id: d.id, payment, requestId, loading: false, error: null } })
      } catch (error) {
        if (get().detail?.id === d.id) set({ detail: { ...d, loading: false, error: toErrorView(error) } })
      }
    },

    closeDetail() {
      set({ detail: null })
    },

    setFilter(patch) {
      set((s) => ({ filter: { ...s.filter, ...patch }, selectedIndex: 0 }))
    },

    clearFilter() {
      set({ filter: EMPTY_FILTER })
    },

    async exportRows(format, ids) {
      if (ids.length === 0) return
      const exportId = newKey('export')
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
        },
      })
      try {
        const result = await call('payments.export', { sessionId: get().sessionId, exportId, format, ids })
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
    },

    exportProgress(p) {
      set((s) =>
        s.exportState?.exportId === p.exportId && !s.exportState.done
          ? { exportState: { ...s.exportState, written: p.written, total: p.total } }
          : {},
      )
    },

    dismissExport() {
      set({ exportState: null })
    },
  }
})
