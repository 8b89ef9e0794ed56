import type { CreateOptions, CreateOrderOptions } from '../../api'
import { send } from './send'
import type { OrdersService, OrdersServiceOptions } from './types'

/** The builder's calls: the user's own, under the draft's key, named for the Inspector. */
function userCall(idempotencyKey: string, action: string, draftId: string): CreateOptions {
  return { idempotencyKey, priority: 'user', origin: { screen: 'orders', action, draftId } }
}

export function createOrdersService(options: OrdersServiceOptions): OrdersService {
  return {
    async createOrder(input) {
      const out = await send(
        options,
        'order',
        input,
        (client, built, key) => {
          const opts: CreateOrderOptions = userCall(key, 'create order', input.draftId)
          if (built.embed.length > 0) opts.embed = built.embed
          return client.createOrder(built.body, opts)
        },
        (order) => ({ orderId: order.id, paymentId: null }),
      )
      if (!out.ok) return out
      const { result: order, built, ...rest } = out
      return { ...rest, order, sentBody: built.body }
    },
    async createPayment(input) {
      const out = await send(
        options,
        'payment',
        input,
        (client, built, key) => client.createPayment(built.body, userCall(key, 'create payment', input.draftId)),
        (payment) => ({ orderId: null, paymentId: payment.id }),
      )
      if (!out.ok) return out
      const { result: payment, built, ...rest } = out
      return { ...rest, payment, sentBody: built.body }
    },
    async getOrder(id) {
      const client = await options.connections.getActiveClient()
      return client.getOrder(id, { priority: 'user', origin: { screen: 'orders', action: 'view order' } })
    },
  }
}
