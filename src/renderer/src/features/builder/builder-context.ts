import { createContext, useContext } from 'react'
import { useStore } from 'zustand'
import type { BuilderStores } from '../../stores/window-stores'
import type { DraftsState } from '../../stores/drafts-store'
import type { BuilderStoreState } from '../../stores/builder-store'

// The builder's stores (created in app-stores.ts) for the builder's components.

export type { BuilderStores }

export const BuilderStoresContext = createContext<BuilderStores | null>(null)

export function useBuilderStores(): BuilderStores {
  const stores = useContext(BuilderStoresContext)
  if (!stores) throw new Error('BuilderStoresContext is missing')
  return stores
}

export function useBuilder<T>(selector: (state: BuilderStoreState) => T): T {
  return useStore(useBuilderStores().orders, selector)
}

export function useDrafts<T>(selector: (state: DraftsState) => T): T {
  return useStore(useBuilderStores().drafts, selector)
}
