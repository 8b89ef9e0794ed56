import { createStore, type StoreApi } from 'zustand/vanilla'
import type { HomeView, IndexFreshness, SearchHit, SearchResult, SyncProgress } from '../../../shared/ipc/search'
import type { PaymentCap } from '../../../shared/search/index-cap'
import { errorMessage } from './error-view'
import type { RecordObjectRef } from '../../../shared/team-record'

// The header search box, the home screen and the sync status. Created with the IPC port it uses
// (and a clock), so it is unit-tested without a browser; main parses and runs every query.

export interface SearchPort {
  query(text: string): Promise<SearchResult>
  home(): Promise<HomeView>
  sync(full: boolean): Promise<SyncProgress>
  cancelSync(): Promise<SyncProgress>
  status(): Promise<SyncProgress>
  setPaymentCap(payments: PaymentCap): Promise<IndexFreshness>
  onProgress(listener: (progress: SyncProgress) => void): () => void
}

export interface SearchState {
  text: string
  result: SearchResult | null
  /** A refused query or a failed call, in plain words. */
  error: string | null
  loading: boolean
  open: boolean
  /** Index into `flatHits()` of the highlighted row, or -1. */
  selected: number
  home: HomeView | null
  homeError: string | null
  sync: SyncProgress | null
  setText(text: string): void
  /** Runs the query now (the box calls it after each keystroke; stale answers are dropped). */
  run(): Promise<void>
  move(delta: 1 | -1): void
  close(): void
  /** The highlighted row (or the direct id) to open on Enter. */
  target(): { kind: 'payment' | 'order' | 'customer'; id: string } | null
  loadHome(): Promise<void>
  startSync(full: boolean): Promise<void>
  cancelSync(): Promise<void>
  /** The agent's choice of how many payments the index keeps; the home screen shows the answer. */
  setPaymentCap(payments: PaymentCap): Promise<void>
  /** Subscribes to sync progress; returns the unsubscribe. */
  listen(): () => void
}

/** Orders first, then payments: the order of rows on screen and of arrow-key moves (after the ticket's). */
export function flatHits(result: SearchResult | null): SearchHit[] {
  return result ? [...result.orders.hits, ...result.payments.hits] : []
}

/** The objects a ticket reference is attached to in the shared record: the first rows of the list. */
export function ticketObjects(result: SearchResult | null): RecordObjectRef[] {
  return result?.ticket?.objects ?? []
}

/** How many rows the arrow keys move through: the ticket's objects, then the hits. */
function rowCount(result: SearchResult | null): number {
  return ticketObjects(result).length + flatHits(result).length
}

type SetState = StoreApi<SearchState>['setState']
type GetState = StoreApi<SearchState>['getState']

/** What the actions share: the store, its port, and the newest query's number (older answers are dropped). */
interface SearchContext {
  set: SetState
  get: GetState
  port: SearchPort
  seq: number
}

function setText(ctx: SearchContext, text: string): void {
  const { set, get } = ctx
  set({ text, open: text.trim() !== '', error: text.trim() === '' ? null : get().error })
  if (text.trim() === '') {
    ctx.seq++
    set({ result: null, selected: -1, loading: false })
  }
}

async function run(ctx: SearchContext): Promise<void> {
  const { set, get, port } = ctx
  const text = get().text
  if (text.trim() === '') return
  const mine = ++ctx.seq
  set({ loading: true })
  try {
    const result = await port.query(text)
    if (mine !== ctx.seq) return
    set({ result, error: null, loading: false, open: true, selected: rowCount(result) > 0 ? 0 : -1 })
  } catch (error) {
    if (mine !== ctx.seq) return
    set({ result: null, error: errorMessage(error), loading: false, open: true, selected: -1 })
  }
}

/** Asks main for the sync state (`ask`), showing its answer or why it failed on the home screen. */
async function syncCall(ctx: SearchContext, ask: () => Promise<SyncProgress>): Promise<void> {
  try {
    ctx.set({ sync: await ask() })
  } catch (error) {
    ctx.set({ homeError: errorMessage(error) })
  }
}

function listen({ set, get, port }: SearchContext): () => void {
  void port.status().then(
    (sync) => {
      if (!get().sync) set({ sync })
    },
    () => {},
  )
  return port.onProgress((sync) => set({ sync }))
}

export function createSearchStore(port: SearchPort): StoreApi<SearchState> {
  return createStore<SearchState>((set, get) => {
    const ctx: SearchContext = { set, get, port, seq: 0 }
    return {
      text: '',
      result: null,
      error: null,
      loading: false,
      open: false,
      selected: -1,
      home: null,
      homeError: null,
      sync: null,
      setText: (text) => setText(ctx, text),
      run: () => run(ctx),
      move(delta) {
        const count = rowCount(get().result)
        if (count === 0) return
        const next = (get().selected + delta + count) % count
        set({ selected: next, open: true })
      },
      close: () => set({ open: false }),
      target() {
        const { result, selected } = get()
        if (result?.direct) return result.direct
        const tickets = ticketObjects(result)
        const object = tickets[selected]
        if (object) return object
        const hit = flatHits(result)[selected - tickets.length]
        return hit ? { kind: hit.kind, id: hit.id } : null
      },
      async loadHome() {
        try {
          const home = await port.home()
          set({ home, homeError: null, sync: home.sync })
        } catch (error) {
          set({ homeError: errorMessage(error) })
        }
      },
      startSync: (full) => syncCall(ctx, () => port.sync(full)),
      cancelSync: () => syncCall(ctx, () => port.cancelSync()),
      async setPaymentCap(payments) {
        try {
          const index = await port.setPaymentCap(payments)
          const home = get().home
          set({ homeError: null, ...(home ? { home: { ...home, index } } : {}) })
          if (home) void get().loadHome()
        } catch (error) {
          set({ homeError: errorMessage(error) })
        }
      },
      listen: () => listen(ctx),
    }
  })
}
