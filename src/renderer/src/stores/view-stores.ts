import type { StoreApi } from 'zustand/vanilla'
import type { EntitiesState } from './entities'
import { createWriteStore, type WriteState } from './write-store'
import { createCustomerStore, type CustomerState } from './customer-store'
import { createCustomerWritesStore, type CustomerWritesState } from './customer-writes-store'
import { createChargebacksStore, type ChargebacksState } from './chargebacks-store'
import {
  ipcWritePort,
  ipcChargebacksPort,
  ipcCustomerPort,
  ipcCustomerWritesPort,
  ipcOrderPort,
  ipcRecurringPort,
  ipcRequestsPort,
  ipcSendingPort,
  ipcTeamPort,
  ipcTellShopPort,
} from './ipc-ports'
import { createRequestsStore, type RequestsState } from './requests-store'
import { createRecurringStore, type RecurringState } from './recurring-store'
import { createSendingStore, type SendingState } from './sending-store'
import type { RecordObjectRef } from '../../../shared/team-record'
import {
  createCasesStore,
  createObjectRecordStore,
  createTeamDatabaseStore,
  type CasesState,
  type ObjectRecordState,
  type TeamDatabaseState,
} from './team-store'
import { createOrderStore, type OrderState } from './order-store'
import { createTellShopStore, type TellShopState } from './tell-shop-store'

// The stores of one view, created with their ports onto main when the view opens (the window's
// stores: app-stores.ts). Apart from app-stores.ts so their code is fetched with their screens,
// not at start.

// `entities`: the window's cache (app-stores.ts) the store puts what it reads and changes in.

export function newOrderStore(entities: StoreApi<EntitiesState>): StoreApi<OrderState> {
  return createOrderStore(ipcOrderPort(), entities)
}

export function newChargebacksStore(): StoreApi<ChargebacksState> {
  return createChargebacksStore(ipcChargebacksPort())
}

export function newCustomerStore(entities: StoreApi<EntitiesState>): StoreApi<CustomerState> {
  return createCustomerStore(ipcCustomerPort(), entities)
}

export function newRecurringStore(): StoreApi<RecurringState> {
  return createRecurringStore(ipcRecurringPort())
}

/** The money writes of one view (`from` names it for the Inspector). */
export function newWriteStore(from: 'payment' | 'order', entities: StoreApi<EntitiesState>): StoreApi<WriteState> {
  return createWriteStore(ipcWritePort(from), entities)
}

/** One object's shared record (case, notes, recorded writes) in its view. */
export function newObjectRecordStore(object: RecordObjectRef): StoreApi<ObjectRecordState> {
  return createObjectRecordStore(ipcTeamPort(), object)
}

/** Home's open cases. */
export function newCasesStore(): StoreApi<CasesState> {
  return createCasesStore(ipcTeamPort())
}

/** Connections → Team database. */
export function newTeamDatabaseStore(): StoreApi<TeamDatabaseState> {
  return createTeamDatabaseStore(ipcTeamPort())
}

/** Home's refund requests (team mode, issue 51). */
export function newRequestsStore(): StoreApi<RequestsState> {
  return createRequestsStore(ipcRequestsPort())
}

/** Tell the shop again, in one payment's view. */
export function newTellShopStore(): StoreApi<TellShopState> {
  return createTellShopStore(ipcTellShopPort())
}

/** The writes recorded on a customer and their payments and orders (the customer view). */
export function newCustomerWritesStore(objects: RecordObjectRef[]): StoreApi<CustomerWritesState> {
  return createCustomerWritesStore(ipcCustomerWritesPort(), objects)
}

/** Something to send from one payment or order (issue 49 item 7). */
export function newSendingStore(target: { kind: 'payment' | 'order'; id: string }): StoreApi<SendingState> {
  return createSendingStore(ipcSendingPort(), target)
}
