import type { CreateOptions, CreateOrderOptions } from '../../api'
import { amountOf } from '../live-write-guard'
import { recordedSend, type RecordedWrite } from '../../team/recorded-write'
import { send } from './send'
import type { OrdersService, OrdersServiceOptions } from './types'

/**
 * A create as the record names it: the object made when the service answered one, else the draft it
 * was sent from (a refused create made nothing).
 */
function recordedCreate(
  kind: 'order' | 'payment',
  draftId: string,
  body: Record<string, unknown>,
  key: string,
): RecordedWrite {
  const amount = body['amount'] as { value: string; currency: string } | undefined
  return {
    action: 'create',
    object: { kind, id: draftId },
    made: (value) => {
      const id = (value as { id?: unknown } | null)?.id
      return typeof id === 'string' ? { kind, id } : null
    },
    amount: amount ? { value: amount.value, currency: amount.currency } : null,
    idempotencyKey: key,
    ticket: null,
    reason: null,
    words: `Create ${kind === 'order' ? 'an order' : 'a payment'} of ${amountOf(body['amount']) ?? 'no amount'}`,
  }
}

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
          const recorded = recordedCreate('order', input.draftId, built.body, key)
          return recordedSend(options.record, recorded, () => client.createOrder(built.body, opts))
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
        (client, built, key) =>
          recordedSend(
            options.record,
            recordedCreate('payment', input.draftId, built.body as Record<string, unknown>, key),
            () => client.createPayment(built.body, userCall(key, 'create payment', input.draftId)),
          ),
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
