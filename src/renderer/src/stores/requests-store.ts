import { createStore, type StoreApi } from 'zustand/vanilla'
import type { ChannelInput, ChannelOutput } from '../../../shared/ipc/contract'
import type { RequestsView } from '../../../shared/ipc/requests'
import type { RecordChange } from '../../../shared/team-record'
import { toErrorView, type ErrorView } from './error-view'

// Refund requests in team mode (issue 51) on Home: the ones waiting for this lead's approval, and the
// agent's own with where each stands. Main and the team database decide; this store asks, shows the
// answer, and reads again when main says a request changed anywhere (`team.changed`).

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

export function createRequestsStore(port: RequestsPort): StoreApi<RequestsState> {
  const store = createStore<RequestsState>((set, get) => {
    async function decide(input: ChannelInput<'requests.decide'>): Promise<void> {
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
    return {
      view: null,
      error: null,
      busy: false,
      told: null,
      decisionError: null,
      async load() {
        try {
          set({ view: await port.list(), error: null })
        } catch (error) {
          set({ error: toErrorView(error).message })
        }
      },
      approve: (id) => decide({ id, approve: true }),
      refuse: (id, reason) => decide({ id, approve: false, reason }),
      dispose: () => stop(),
    }
  })
  const stop = port.onChanged((change) => {
    if (change.kind === 'request' || change.kind === 'status') void store.getState().load()
  })
  return store
}
