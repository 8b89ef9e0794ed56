import { createStore, type StoreApi } from 'zustand/vanilla'
import {
  flatHits,
  listenToSync,
  readHome,
  rowCount,
  runSearch,
  setIndexPaymentCap,
  setSearchText,
  syncCall,
  ticketObjects,
  type SearchPort,
  type SearchState,
  type SearchBoxContext,
} from './search-actions'

export { flatHits, ticketObjects } from './search-actions'
export type { SearchPort, SearchState } from './search-actions'

// The header search box, the home screen and the sync status. Created with the IPC port it uses
// (and a clock), so it is unit-tested without a browser; main parses and runs every query.
// Its actions: search-actions.ts.

export function createSearchStore(port: SearchPort): StoreApi<SearchState> {
  return createStore<SearchState>((set, get) => {
    const ctx: SearchBoxContext = { set, get, port, seq: 0 }
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
      setText: (text) => setSearchText(ctx, text),
      run: () => runSearch(ctx),
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
      loadHome: () => readHome(ctx),
      startSync: (full) => syncCall(ctx, () => port.sync(full)),
      cancelSync: () => syncCall(ctx, () => port.cancelSync()),
      setPaymentCap: (payments) => setIndexPaymentCap(ctx, payments),
      listen: () => listenToSync(ctx),
    }
  })
}
