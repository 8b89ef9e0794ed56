import type { HandlersFor } from '../../../shared/ipc/define'
import type { orderChannels } from '../../../shared/ipc/orders'
import type { ActionsService } from '../actions'
import type { OrdersService } from './types'

/** The `orders.*` and `payments.create` IPC handlers: thin, the rules live in the service. */
export function createOrderHandlers(
  service: OrdersService,
  actions: Pick<ActionsService, 'getOrder'>,
): HandlersFor<typeof orderChannels> {
  return {
    'orders.create': (input) => service.createOrder(input),
    // The order view: the order with its payments and the request id (services/actions/).
    'orders.get': ({ id }) => actions.getOrder(id),
    'payments.create': (input) => service.createPayment(input),
  }
}
