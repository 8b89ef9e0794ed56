import { createContext, useContext } from 'react'
import { useStore } from 'zustand'
import type { StoreApi } from 'zustand/vanilla'
import { call, subscribe } from '../../lib/ipc-client'
import { createDraftsStore, type DraftsPort, type DraftsState } from '../../stores/drafts-store'
import { createOrdersStore, type OrdersPort, type OrdersState } from '../../stores/orders-store'

// The builder's two stores (the draft being edited and the drafts list), created once per window
// with their ports onto main: the only place they meet the IPC bridge and the window's timers.

export interface BuilderStores {
  orders: StoreApi<OrdersState>
  drafts: StoreApi<DraftsState>
}

export function ipcDraftsPort(): DraftsPort {
  return {
    list: () => call('drafts.list'),
    rename: (id, name) => call('drafts.rename', { id, name }),
    remove: (id) => call('drafts.delete', { id }),
  }
}

export function ipcOrdersPort(): OrdersPort {
  return {
    activeConnection: () => call('connections.active'),
    saveDraft: (input) => call('drafts.save', input),
    getDraft: (id) => call('drafts.get', { id }),
    moveDraft: (id) => call('drafts.moveToActive', { id }),
    createOrder: (input) => call('orders.create', input),
    createPayment: (input) => call('payments.create', input),
    onConnectionsChanged: (listener) => subscribe('connections.changed', listener),
    onUnload(listener) {
      window.addEventListener('beforeunload', listener)
      return () => window.removeEventListener('beforeunload', listener)
    },
  }
}

export function newBuilderStores(): BuilderStores {
  const drafts = createDraftsStore(ipcDraftsPort())
  const clock = {
    setTimeout: (run: () => void, ms: number): unknown => window.setTimeout(run, ms),
    clearTimeout: (handle: unknown) => window.clearTimeout(handle as number),
  }
  return { drafts, orders: createOrdersStore({ port: ipcOrdersPort(), drafts, clock }) }
}

export const BuilderStoresContext = createContext<BuilderStores | null>(null)

export function useBuilderStores(): BuilderStores {
  const stores = useContext(BuilderStoresContext)
  if (!stores) throw new Error('BuilderStoresContext is missing')
  return stores
}

export function useOrders<T>(selector: (state: OrdersState) => T): T {
  return useStore(useBuilderStores().orders, selector)
}

export function useDrafts<T>(selector: (state: DraftsState) => T): T {
  return useStore(useBuilderStores().drafts, selector)
}
