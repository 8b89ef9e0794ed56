import { createStore, type StoreApi } from 'zustand/vanilla'
import { pageStampOf } from '../lib/page-window'
import { onStale } from './entities'
import { EMPTY_FILTER } from '../lib/payment-filters'
import {
  connectionChanged,
  ensureWindow,
  exportProgress,
  exportRows,
  loadMore,
  newKey,
  openPaymentRow,
  readDetail,
  readNewest,
  restart,
  setPageSize,
  setPrefs,
  sizeQuery,
  type PaymentsStoreContext,
} from './payments-actions'
import {
  parsePrefs,
  type DetailState,
  type PaymentsDeps,
  type PaymentsPort,
  type PaymentsState,
} from './payments-types'

export * from './payments-types'

// The payments browser: ONE continuous list. It starts at the newest (or oldest) payment, or at an
// id, and grows page by page under the rows already shown ("Load more" follows the last page's
// `next` link, spec 4.3); far pages drop their rows and are fetched again through their `self` link
// when scrolled back to (page-window.ts). Created with the IPC port, clock and preference storage
// it uses, so its transitions are unit-tested without a browser; main decides which links may be
// followed (issue 11), this store only asks. The open payment, when an action marks it stale in the
// window's cache (a cancel, a change, a team request: entities.ts `onStale`), is read again.

export function createPaymentsStore(port: PaymentsPort, deps: PaymentsDeps): StoreApi<PaymentsState> {
  const store = createStore<PaymentsState>((set, get) => {
    const ctx: PaymentsStoreContext = { set, get, port, deps, counter: 0, generation: 0, lookups: 0 }
    const top = { kind: 'top' } as const
    return {
      sessionId: newKey(ctx, 'session'),
      prefs: parsePrefs(deps.storage.read()),
      start: top,
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
      setPrefs: (patch) => setPrefs(ctx, patch),
      async loadFirst() {
        set({ started: true })
        await restart(ctx, { query: sizeQuery(ctx) }, 'first', top)
      },
      async startFrom(id) {
        set({ started: true })
        await restart(ctx, { query: { ...sizeQuery(ctx), from: id } }, 'from', { kind: 'from', id })
      },
      async setSort(sort) {
        get().setPrefs({ sort })
        await restart(ctx, { query: sizeQuery(ctx) }, 'sort', top)
      },
      setPageSize: (size) => setPageSize(ctx, size),
      loadMore: () => loadMore(ctx),
      ensureWindow: (firstRow, lastRow) => ensureWindow(ctx, firstRow, lastRow),
      setView(first, last) {
        const v = get().view
        if (v.first !== first || v.last !== last) set({ view: { first, last } })
      },
      async cancelPending() {
        await Promise.all(get().pending.map((p) => port.cancel(p.requestKey).catch(() => undefined)))
      },
      select: (index) => set({ selectedIndex: index }),
      async openDetail(id, known) {
        // Opened from elsewhere, not from its row: the list's selection follows it (openPaymentRow).
        if (!known) set((s) => ({ selectedIndex: openPaymentRow(s, s.slots, id) }))
        // What the list holds shows at once (put in the cache as old as its page: a copy read since
        // stays); the payment is read again, since the list may be older than what the service knows
        // now (paid since, refunded since), and with its refunds.
        if (known) deps.entities.getState().put('payments', id, known.payment, pageStampOf(get().slots, id))
        const shown: DetailState | null = known
          ? { id, context: null, requestId: known.requestId, loading: false, error: null }
          : null
        await readDetail(ctx, id, shown)
      },
      async refreshDetail() {
        const d = get().detail
        if (d) await readDetail(ctx, d.id, d)
      },
      closeDetail: () => set({ detail: null }),
      setFilter: (patch) => set((s) => ({ filter: { ...s.filter, ...patch }, selectedIndex: 0 })),
      clearFilter: () => set({ filter: EMPTY_FILTER }),
      exportRows: (format, ids) => exportRows(ctx, format, ids),
      exportProgress: (p) => exportProgress(ctx, p),
      listenExport: () => port.onExportProgress((p) => exportProgress(ctx, p)),
      dismissExport: () => set({ exportState: null }),
      connectionChanged: () => connectionChanged(ctx),
      readNewest: (limit) => readNewest(ctx, limit),
    }
  })
  const openId = () => store.getState().detail?.id ?? null
  onStale(deps.entities, 'payments', openId, () => void store.getState().refreshDetail())
  return store
}
