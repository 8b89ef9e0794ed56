import { createContext, useContext } from 'react'
import { useStore } from 'zustand'
import type { StoreApi } from 'zustand/vanilla'
import type { SearchState } from '../../stores/search-store'

export const SearchStoreContext = createContext<StoreApi<SearchState> | null>(null)

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
