// The window's stores as the views reach them: the context App.tsx provides (app-stores.ts creates
// the stores with their ports, in the shell) and one hook per store. A view reads a payment or an
// order by its id from the window's cache (stores/entities.ts): what any store read or an action
// answered last reaches it there, not through the props of the components around it.
import { createContext, useContext } from 'react'
import { useStore } from 'zustand'
import type { StoreApi } from 'zustand/vanilla'
import type { Order, Payment } from '../../../shared/api-types'
import type { DeliveryRecord } from '../../../shared/deliveries'
import type { AppState } from './app-store'
import type { BuilderStoreState } from './builder-store'
import type { ConnectionState } from './connection-store'
import type { DraftsState } from './drafts-store'
import { deliveriesById, orderById, paymentById, type EntitiesState } from './entities'
import type { InspectorState } from './inspector-store'
import type { PaymentsState } from './payments-store'

export interface AppStores {
  app: StoreApi<AppState>
  connections: StoreApi<ConnectionState>
  inspector: StoreApi<InspectorState>
  /** The payments list lives as long as the window: it is kept while the agent visits other screens. */
  payments: StoreApi<PaymentsState>
  /** The window's payments, orders and customers by id, as last read (stores/entities.ts). */
  entities: StoreApi<EntitiesState>
}

/** The order builder's two stores: the draft being edited and the drafts list. */
export interface BuilderStores {
  orders: StoreApi<BuilderStoreState>
  drafts: StoreApi<DraftsState>
}

export const AppStoresContext = createContext<AppStores | null>(null)

export function useAppStores(): AppStores {
  const stores = useContext(AppStoresContext)
  if (!stores) throw new Error('AppStoresContext is missing')
  return stores
}

export function useAppStore<T>(selector: (state: AppState) => T): T {
  return useStore(useAppStores().app, selector)
}

export function useConnectionStore<T>(selector: (state: ConnectionState) => T): T {
  return useStore(useAppStores().connections, selector)
}

export function usePaymentsStore<T>(selector: (state: PaymentsState) => T): T {
  return useStore(useAppStores().payments, selector)
}

export function useInspectorStore<T>(selector: (state: InspectorState) => T): T {
  return useStore(useAppStores().inspector, selector)
}

// A view reads a payment or order by its id from the window's cache: what any store read or
// an action answered last reaches it there, not through the props of the components around it.

export function usePayment(id: string | null): Payment | null {
  return useStore(useAppStores().entities, paymentById(id))
}

export function useOrder(id: string | null): Order | null {
  return useStore(useAppStores().entities, orderById(id))
}

/** The shop's webhook calls of a payment or order, on the Sandbox (null: none read). */
export function useDeliveries(id: string | null): DeliveryRecord[] | null {
  return useStore(useAppStores().entities, deliveriesById(id))
}
