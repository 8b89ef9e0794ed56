import { createStore, type StoreApi } from 'zustand/vanilla'
import {
  decideOnRequest,
  readRequests,
  type RequestsContext,
  type RequestsPort,
  type RequestsState,
} from './requests-actions'

export type { RequestsPort, RequestsState } from './requests-actions'

// Refund requests in team mode (issue 51) on Home: the ones waiting for this lead's approval, and the
// agent's own with where each stands. Main and the team database decide; this store asks, shows the
// answer, and reads again when main says a request changed anywhere (`team.changed`).
// Its actions: requests-actions.ts.

export function createRequestsStore(port: RequestsPort): StoreApi<RequestsState> {
  const store = createStore<RequestsState>((set, get) => {
    const ctx: RequestsContext = { set, get, port }
    return {
      view: null,
      error: null,
      busy: false,
      told: null,
      decisionError: null,
      load: () => readRequests(ctx),
      approve: (id) => decideOnRequest(ctx, { id, approve: true }),
      refuse: (id, reason) => decideOnRequest(ctx, { id, approve: false, reason }),
      dispose: () => stop(),
    }
  })
  const stop = port.onChanged((change) => {
    if (change.kind === 'request' || change.kind === 'status') void store.getState().load()
  })
  return store
}
