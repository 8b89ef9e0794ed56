import type { HandlersFor } from '../../shared/ipc/define'
import type { draftChannels } from '../../shared/ipc/drafts'
import type { orderChannels } from '../../shared/ipc/orders'
import type { DraftsStore } from './drafts'
import type { OrdersService } from './orders'

/** The `orders.*` and `payments.create` IPC handlers: thin, the rules live in the service. */
export function createOrderHandlers(service: OrdersService): HandlersFor<typeof orderChannels> {
  return {
    'orders.create': (input) => service.createOrder(input),
    'orders.get': ({ id }) => service.getOrder(id),
    'payments.create': (input) => service.createPayment(input),
  }
}

/** The `drafts.*` IPC handlers. */
export function createDraftHandlers(store: DraftsStore): HandlersFor<typeof draftChannels> {
  return {
    'drafts.list': () => store.list(),
    'drafts.get': ({ id }) => store.get(id),
    'drafts.save': (input) => store.save(input),
    'drafts.rename': ({ id, name }) => store.rename(id, name),
    'drafts.delete': ({ id }) => store.delete(id),
  }
}
