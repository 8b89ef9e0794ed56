import { createStore, type StoreApi } from 'zustand/vanilla'
import { MAX_PAGE_SIZE, type Payment, type PaymentList, type SortOrder } from '../../../shared/api-types'
import type { ChannelInput, ChannelOutput } from '../../../shared/ipc/contract'
import type { PaymentContext, PaymentsExportFormat } from '../../../shared/ipc/payments'
import { planWindow, type PageSlot, type WindowOptions } from '../lib/page-window'
import { EMPTY_FILTER, type PaymentFilter } from '../lib/payment-filters'
import { toErrorView, type ErrorView } from './error-view'

// The payments browser: ONE continuous list. It starts at the newest (or oldest) payment, or at an
// id, and grows page by page under the rows already shown ("Load more" follows the last page's
// `next` link, spec 4.3); far pages drop their rows and are fetched again through their `self` link
// when scrolled back to (page-window.ts). Created with the IPC port, clock and preference storage
// it uses, so its transitions are unit-tested without a browser; main decides which links may be
// followed (issue 11), this store only asks.

/** An error as the payments screen shows it (error-view.ts). */
export type PaymentsErrorView = ErrorView

type ListInput = ChannelInput<'payments.list'>
type PageRequest = { query: NonNullable<ListInput['query']> } | { link: string }
type ListAction = NonNullable<ListInput['action']>

export interface PaymentsPort {
  list(input: ListInput): Promise<ChannelOutput<'payments.list'>>
  get(input: ChannelInput<'payments.get'>): Promise<ChannelOutput<'payments.get'>>
  cancel(requestKey: string): Promise<unknown>
  export(input: ChannelInput<'payments.export'>): Promise<ChannelOutput<'payments.export'>>
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
}

export type Density = 'compact' | 'comfortable'

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

export interface DetailState {
  id: string
  payment: Payment | null
  /** Its order's customer and, on the Sandbox, the webhook calls (null until read from main). */
  context: PaymentContext | null
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

export function slotFromPage(page: PaymentList, requestId: string | null, key: string): PageSlot {
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
  const page = JSON.parse(text) as PaymentList | null
  if (!page || typeof page !== 'object' || !Array.isArray(page._embedded?.payments)) {
    throw new Error('The payments list reply has no _embedded.payments array (spec 4.3).')
  }
  return page
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
  exportProgress(p: { exportId: string; written: number; total: number; done: boolean }): void
  dismissExport(): void
  /** Another connection became active: the old list, detail and export are dropped. */
  connectionChanged(): Promise<void>
}

export function createPaymentsStore(port: PaymentsPort, deps: PaymentsDeps): StoreApi<PaymentsState> {
  let counter = 0
  /** Raised by every restart and connection change: answers for an older list are dropped. */
  let generation = 0
  const newKey = (prefix: string) => `${prefix}-${deps.now().toString(36)}-${(++counter).toString(36)}`

  return createStore<PaymentsState>((set, get) => {
    function begin(action: ListAction): PendingRequest {
      const pending: PendingRequest = { requestKey: newKey(action), action, startedAt: deps.now() }
      set((s) => ({ pending: [...s.pending, pending] }))
      return pending
    }
    function end(pending: PendingRequest): void {
      set((s) => ({ pending: s.pending.filter((p) => p.requestKey !== pending.requestKey) }))
    }
    async function fetchPage(
      request: PageRequest,
      action: ListAction,
    ): Promise<{ page: PaymentList; requestId: string | null }> {
      const pending = begin(action)
      const sessionId = get().sessionId
      try {
        const { pageText, requestId } = await port.list({
          sessionId,
          requestKey: pending.requestKey,
          action,
          ...request,
        })
        deps.onReplyReceived?.()
        return { page: parsePage(pageText), requestId }
      } finally {
        end(pending)
      }
    }

    /** Starts the list over from `request`: its first page replaces every row. */
    async function restart(request: PageRequest, action: ListAction, start: ListStart): Promise<void> {
      // One start at a time: a newer one cancels the older and the pages still loading under it.
      for (const p of get().pending) if (p.action !== 'refetch') void port.cancel(p.requestKey).catch(() => {})
      const mine = ++generation
      set({ loading: true, error: null, start })
      try {
        const { page, requestId } = await fetchPage(request, action)
        if (mine !== generation) return
        set((s) => ({
          slots: [slotFromPage(page, requestId, newKey('slot'))],
          listId: s.listId + 1,
          loading: false,
          selectedIndex: page._embedded.payments.length > 0 ? 0 : -1,
          view: { first: 0, last: -1 },
        }))
      } catch (error) {
        if (mine !== generation) return
        const view = toErrorView(error)
        set({ loading: false, error: view.code === 'canceled' ? null : view })
      }
    }

    function sizeQuery(): { limit?: number; sort?: SortOrder } {
      const { pageSize, sort } = get().prefs
      // The service's default sort is desc (spec 4.3); send it only when it differs.
      return { ...(pageSize === null ? {} : { limit: pageSize }), ...(sort === 'asc' ? { sort } : {}) }
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
        mark({ ...fresh, count: slot.count, rows: (fresh.rows ?? []).slice(0, slot.count), ids: slot.ids })
      } catch {
        mark({ state: 'dropped' })
      }
    }

    async function readDetail(id: string, keep: DetailState | null): Promise<void> {
      set({
        detail: {
          id,
          payment: keep?.payment ?? null,
          context: keep?.context ?? null,
          requestId: keep?.requestId ?? null,
          loading: true,
          error: null,
        },
      })
      try {
        const { payment, requestId, context } = await port.get({ sessionId: get().sessionId, id })
        if (get().detail?.id === id) {
          set({ detail: { id, payment, context: context ?? null, requestId, loading: false, error: null } })
        }
      } catch (error) {
        const current = get().detail
        if (current?.id === id) set({ detail: { ...current, loading: false, error: toErrorView(error) } })
      }
    }

    return {
      sessionId: newKey('session'),
      prefs: parsePrefs(deps.storage.read()),
      start: { kind: 'top' },
      slots: [],
      listId: 0,
      loading: false,
      error: null,
      pending: [],
      selectedIndex: -1,
      view: { first: 0, last: -1 },
      detail: null,
      filter: EMPTY_FILTER,
      exportState: null,
      started: false,
      findText: '',

      setFindText: (findText) => set({ findText }),

      setPrefs(patch) {
        const prefs = { ...get().prefs, ...patch }
        try {
          deps.storage.write(JSON.stringify(prefs))
        } catch {
          // Preferences are a convenience; a full or blocked storage is not an error for the user.
        }
        set({ prefs })
      },

      async loadFirst() {
        set({ started: true })
        await restart({ query: sizeQuery() }, 'first', { kind: 'top' })
      },

      async startFrom(id) {
        set({ started: true })
        await restart({ query: { ...sizeQuery(), from: id } }, 'from', { kind: 'from', id })
      },

      async setSort(sort) {
        get().setPrefs({ sort })
        await restart({ query: sizeQuery() }, 'sort', { kind: 'top' })
      },

      async setPageSize(size) {
        get().setPrefs({ pageSize: size })
        // Keep the place: start the new page size at the first payment in view (an id the service gave).
        const { slots, view } = get()
        const firstId = slots.flatMap((s) => s.ids)[Math.max(0, view.first)] ?? slots[0]?.ids[0]
        if (firstId) await restart({ query: { ...sizeQuery(), from: firstId } }, 'from', { kind: 'from', id: firstId })
        else await restart({ query: sizeQuery() }, 'first', { kind: 'top' })
      },

      async loadMore() {
        const { slots, pending, loading } = get()
        const last = slots[slots.length - 1]
        if (!last?.nextLink || loading || pending.some((p) => p.action === 'load-more')) return
        const mine = generation
        set({ error: null })
        try {
          const { page, requestId } = await fetchPage({ link: last.nextLink }, 'load-more')
          // A restart meanwhile replaced the list: this page belongs to the old one.
          if (mine !== generation) return
          set((s) => ({ slots: [...s.slots, slotFromPage(page, requestId, newKey('slot'))] }))
        } catch (error) {
          const view = toErrorView(error)
          if (mine === generation && view.code !== 'canceled') set({ error: view })
        }
      },

      ensureWindow(firstRow, lastRow) {
        const slots = get().slots
        const plan = planWindow(slots, firstRow, lastRow, deps.listWindow)
        if (plan.drop.length > 0) {
          const drop = new Set(plan.drop)
          set((s) => ({
            slots: s.slots.map((slot, i) =>
              drop.has(i) && slot.state === 'loaded' ? { ...slot, rows: null, state: 'dropped' as const } : slot,
            ),
          }))
        }
        for (const i of plan.fetch) {
          const key = slots[i]?.key
          if (key) void refetchSlot(key)
        }
      },

      setView(first, last) {
        const v = get().view
        if (v.first !== first || v.last !== last) set({ view: { first, last } })
      },

      async cancelPending() {
        await Promise.all(get().pending.map((p) => port.cancel(p.requestKey).catch(() => undefined)))
      },

      select(index) {
        set({ selectedIndex: index })
      },

      async openDetail(id, known) {
        // What the list holds shows at once; the payment is read again, since the list may be older
        // than what the service knows now (paid since, refunded since), and with its refunds.
        const shown: DetailState | null = known
          ? { id, payment: known.payment, context: null, requestId: known.requestId, loading: false, error: null }
          : null
        await readDetail(id, shown)
      },

      async refreshDetail() {
        const d = get().detail
        if (d) await readDetail(d.id, d)
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

      async connectionChanged() {
        const { pending, started } = get()
        generation++
        for (const p of pending) void port.cancel(p.requestKey).catch(() => {})
        // A new session: links served for the old connection's list are not followed for the new one.
        set({
          sessionId: newKey('session'),
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
        if (started) await get().loadFirst()
      },
    }
  })
}
