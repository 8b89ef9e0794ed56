import type { StoreApi } from 'zustand/vanilla'
import { createActionsStore, type ActionsState } from './actions-store'
import { createCustomerStore, type CustomerState } from './customer-store'
import { ipcActionsPort, ipcCustomerPort, ipcOrderPort } from './ipc-ports'
import { createOrderStore, type OrderState } from './order-store'

// The stores of one view, created with their ports onto main when the view opens (the window's
// stores: app-stores.ts). Apart from app-stores.ts so their code is fetched with their screens,
// not at start.

export function newOrderStore(): StoreApi<OrderState> {
  return createOrderStore(ipcOrderPort())
}

export function newCustomerStore(): StoreApi<CustomerState> {
  return createCustomerStore(ipcCustomerPort())
}

/** The actions of one view (`from` names it for the Inspector). */
export function newActionsStore(from: 'payment' | 'order'): StoreApi<ActionsState> {
  return createActionsStore(ipcActionsPort(from))
}
