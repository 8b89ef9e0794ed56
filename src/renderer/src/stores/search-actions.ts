import type { HomeView, IndexFreshness, SearchHit, SearchResult, SyncProgress } from '../../../shared/ipc/search'
import type { PaymentCap } from '../../../shared/search/index-cap'
import type { RecordObjectRef } from '../../../shared/team-record'
import { errorMessage } from './error-view'
import type { StoreContext } from './store-context'

// The search store's state and actions (search-store.ts creates it): each action takes the store's
// context.

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
export function rowCount(result: SearchResult | null): number {
  return ticketObjects(result).length + flatHits(result).length
}

/** What the actions share: the store, its port, and the newest query's number (older answers are dropped). */
export interface SearchBoxContext extends StoreContext<SearchState, SearchPort> {
  seq: number
}

export function setSearchText(ctx: SearchBoxContext, text: string): void {
  const { set, get } = ctx
  set({ text, open: text.trim() !== '', error: text.trim() === '' ? null : get().error })
  if (text.trim() === '') {
    ctx.seq++
    set({ result: null, selected: -1, loading: false })
  }
}

export async function runSearch(ctx: SearchBoxContext): Promise<void> {
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
export async function syncCall(ctx: SearchBoxContext, ask: () => Promise<SyncProgress>): Promise<void> {
  try {
    ctx.set({ sync: await ask() })
  } catch (error) {
    ctx.set({ homeError: errorMessage(error) })
  }
}

export function listenToSync({ set, get, port }: SearchBoxContext): () => void {
  void port.status().then(
    (sync) => {
      if (!get().sync) set({ sync })
    },
    () => {},
  )
  return port.onProgress((sync) => set({ sync }))
}

export async function readHome({ set, port }: SearchBoxContext): Promise<void> {
  try {
    const home = await port.home()
    set({ home, homeError: null, sync: home.sync })
  } catch (error) {
    set({ homeError: errorMessage(error) })
  }
}

/** The agent's choice of how many payments the index keeps; the home screen is read again. */
export async function setIndexPaymentCap({ set, get, port }: SearchBoxContext, payments: PaymentCap): Promise<void> {
  try {
    const index = await port.setPaymentCap(payments)
    const home = get().home
    set({ homeError: null, ...(home ? { home: { ...home, index } } : {}) })
    if (home) void get().loadHome()
  } catch (error) {
    set({ homeError: errorMessage(error) })
  }
}
