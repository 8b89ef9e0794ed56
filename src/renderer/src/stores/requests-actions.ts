import type { ChannelInput, ChannelOutput } from '../../../shared/ipc/contract'
import type { RequestsView } from '../../../shared/ipc/requests'
import type { RecordChange } from '../../../shared/team-record'
import { toErrorView, type ErrorView } from './error-view'
import type { StoreContext } from './store-context'

// The requests store's state and actions (requests-store.ts creates it).

export interface RequestsPort {
  list(): Promise<RequestsView>
  decide(input: ChannelInput<'requests.decide'>): Promise<ChannelOutput<'requests.decide'>>
  onChanged(listener: (change: RecordChange) => void): () => void
}

export interface RequestsState {
  view: RequestsView | null
  error: string | null
  busy: boolean
  /** What the last decision did, in a sentence. */
  told: string | null
  decisionError: ErrorView | null
  load(): Promise<void>
  approve(id: number): Promise<void>
  refuse(id: number, reason: string): Promise<void>
  dispose(): void
}

export type RequestsContext = StoreContext<RequestsState, RequestsPort>

export async function readRequests({ set, port }: RequestsContext): Promise<void> {
  try {
    set({ view: await port.list(), error: null })
  } catch (error) {
    set({ error: toErrorView(error).message })
  }
}

/** Approves or refuses a request (one decision at a time), then reads the requests again. */
export async function decideOnRequest(ctx: RequestsContext, input: ChannelInput<'requests.decide'>): Promise<void> {
  const { set, get, port } = ctx
  if (get().busy) return
  set({ busy: true, told: null, decisionError: null })
  try {
    const { words } = await port.decide(input)
    set({ busy: false, told: words })
  } catch (error) {
    set({ busy: false, decisionError: toErrorView(error) })
  }
  await get().load()
}
