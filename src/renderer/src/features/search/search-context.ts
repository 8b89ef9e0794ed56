import { createContext, useContext } from 'react'
import { useStore } from 'zustand'
import type { StoreApi } from 'zustand/vanilla'
import { call, subscribe } from '../../lib/ipc-client'
import { createSearchStore, type SearchPort, type SearchState } from '../../stores/search-store'

/** The search store's port onto main (the only place it meets the IPC bridge). */
export function ipcSearchPort(): SearchPort {
  return {
    query: (text) => call('search.query', { text }),
    home: () => call('search.home'),
    sync: (full) => call('search.sync', { full }),
    cancelSync: () => call('search.cancelSync'),
    status: () => call('search.status'),
    onProgress: (listener) => subscribe('search.progress', listener),
  }
}

export const SearchStoreContext = createContext<StoreApi<SearchState> | null>(null)

export function newSearchStore(): StoreApi<SearchState> {
  return createSearchStore(ipcSearchPort())
}

export function useSearch<T>(selector: (state: SearchState) => T): T {
  const store = useContext(SearchStoreContext)
  if (!store) throw new Error('SearchStoreContext is missing')
  return useStore(store, selector)
}

export function useSearchStore(): StoreApi<SearchState> {
  const store = useContext(SearchStoreContext)
  if (!store) throw new Error('SearchStoreContext is missing')
  return store
}
