import type { Order } from '../../../shared/api-types'
import type { HandlersFor } from '../../../shared/ipc/define'
import type { orderChannels } from '../../../shared/ipc/orders'
import type { OrdersService } from './types'

/** What the order view's channel answers. */
type OrderView = Awaited<ReturnType<HandlersFor<typeof orderChannels>['orders.get']>>

/** The `orders.*` and `payments.create` IPC handlers: thin, the rules live in the service. */
export function createOrderHandlers(
  service: OrdersService,
  /** The order view's read: the actions service (services/actions/), named by its shape (it imports orders/). */
  actions: { getOrder(id: string): Promise<OrderView> },
  /** As for a payment (payments/handlers.ts): where to report the order once read. */
  begin: () => Promise<(kind: 'orders', order: Order) => void>,
): HandlersFor<typeof orderChannels> {
  return {
    'orders.create': (input) => service.createOrder(input),
    // The order view: the order with its payments and the request id (services/actions/).
    'orders.get': async ({ id }) => {
      const read = await begin()
      const result = await actions.getOrder(id)
      read('orders', result.order)
      return result
    },
    'payments.create': (input) => service.createPayment(input),
  }
}
