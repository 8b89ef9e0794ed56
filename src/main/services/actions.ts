// Acting on payments and orders from their views: refund, cancel a payment, update a payment,
// cancel an order; and reading an order with its payments. Electron-free.
//
// Rules kept here:
// - main reads the object fresh before acting and checks the same state rules the sandbox applies
//   (src/shared/payment-actions.ts): the renderer's idea of the state decides nothing;
// - on a live connection main asks through its own dialog (live-write-guard.ts) with a summary it
//   builds from what it read (amount, reference, customer, connection); no renderer flag counts;
// - every write carries an Idempotency-Key that main keeps per pending action in the data folder
//   (pending-actions.json): the same action sent again (a retry, a second click, after a restart)
//   reuses it, so the service replays the first answer instead of refunding twice. The key is
//   forgotten once the action got a definitive answer (success or a 4xx other than 408/429), or
//   after 24 hours (the service's own memory of keys);
// - every call names its origin (view and action) for the Inspector and returns its request id.
import type { DeliveryRecord } from '../../shared/story/payment-story'
import { AsyncLocalStorage } from 'node:async_hooks'
import { createHash, randomUUID } from 'node:crypto'
import type { RequestOrigin } from '../../shared/api-events'
import type { Address, Metadata, Order, Payment, Refund, UpdatePaymentRequest } from '../../shared/api-types'
import type { ActionResult, RefundResult } from '../../shared/ipc/actions'
import { METADATA_MAX_BYTES, metadataByteLength } from '../../shared/order-rules'
import {
  cancelOrderBlocker,
  cancelPaymentBlocker,
  newOrderPaymentBlocker,
  refundAmountProblem,
  refundBlocker,
  updateBlocker,
} from '../../shared/payment-actions'
import type { ApiClient } from '../api'
import { isApiError } from '../api'
import { UserFacingError } from '../ipc/errors'
import { createPendingActions, duplicateRefund } from './pending-actions'
import type { ActiveConnectionInfo } from './connections'
import {
  refuseEveryLiveWrite,
  requireLiveConfirmation,
  withCallbacks,
  type LiveWriteConfirmer,
  type LiveWriteSummary,
} from './live-write-guard'
import { isDefinitiveClientError } from './orders'

type ActionsClient = Pick<
  ApiClient,
  | 'getPayment'
  | 'getOrder'
  | 'createRefund'
  | 'listRefunds'
  | 'cancelPayment'
  | 'updatePayment'
  | 'cancelOrder'
  | 'createOrderPayment'
>

export interface ActionsServiceOptions {
  dataDir: string
  connections: {
    activeConnection(): Promise<ActiveConnectionInfo>
    getActiveClient(): Promise<ActionsClient>
  }
  liveWrites?: LiveWriteConfirmer
  /** Request ids of API attempts, reported synchronously from inside the client's call. */
  observeRequestIds?: (listener: (requestId: string) => void) => () => void
  now?: () => number
  /** The data key (keychain): seals the list of pending keys (pending-actions.ts). */
  getKey: () => Promise<Uint8Array>
  /** The built-in Sandbox's webhook calls for an object; null on other connections (payment-context.ts). */
  deliveries?: (objectId: string) => Promise<readonly DeliveryRecord[] | null>
}

export type View = 'payment' | 'order'

export interface ActionsService {
  getOrder(id: string): Promise<{ order: Order; requestId: string | null; deliveries?: DeliveryRecord[] | null }>
  refund(input: {
    paymentId: string
    amount: { currency: string; value: string }
    description?: string
    from?: View
  }): Promise<RefundResult>
  listRefunds(paymentId: string): Promise<{ refunds: Refund[]; requestId: string | null }>
  cancelPayment(input: { paymentId: string; from?: View }): Promise<ActionResult & { payment: Payment }>
  updatePayment(input: {
    paymentId: string
    changes: {
      description?: string
      redirectUrl?: string
      cancelUrl?: string | null
      webhookUrl?: string | null
      metadataJson?: string
    }
    from?: View
  }): Promise<ActionResult & { payment: Payment }>
  cancelOrder(input: { orderId: string; from?: View }): Promise<ActionResult & { order: Order }>
  /** A new payment for an order whose earlier payments can no longer complete (a fresh checkout link). */
  newOrderPayment(input: { orderId: string; from?: View }): Promise<ActionResult & { payment: Payment; order: Order }>
  /** Actions waiting for a definitive answer (for tests and diagnostics). */
  pendingCount(): Promise<number>
  /** Said once when the list of pending keys was set aside (edited outside Paydesk). */
  pendingNotice(): string | null
  dispose(): void
}

function customerName(address: Address | undefined): string | null {
  if (!address) return null
  const name = [address.givenName, address.familyName].filter((p) => p && p.trim() !== '').join(' ')
  if (name && address.email) return `${name} <${address.email}>`
  return name || address.email || null
}

function money(a: { currency: string; value: string } | undefined): string | null {
  return a ? `${a.currency} ${a.value}` : null
}

export function createActionsService(options: ActionsServiceOptions): ActionsService {
  const { connections } = options
  const liveWrites = options.liveWrites ?? refuseEveryLiveWrite
  const now = options.now ?? (() => Date.now())
  const trace = new AsyncLocalStorage<{ requestId: string | null }>()
  const stopObserving = options.observeRequestIds?.((requestId) => {
    const current = trace.getStore()
    if (current) current.requestId = requestId
  })
  const pending = createPendingActions({ dataDir: options.dataDir, getKey: options.getKey, now })
  const withPending = pending.with

  async function traced<T>(run: () => Promise<T>): Promise<{ value: T; requestId: string | null }> {
    const t = { requestId: null as string | null }
    const value = await trace.run(t, run)
    return { value, requestId: t.requestId }
  }

  /**
   * Sends one write with the key kept for this exact action (connection, kind, object, parameters),
   * after the live confirmation; forgets the key once the answer is definitive.
   */
  function fingerprintOf(connection: ActiveConnectionInfo, action: { kind: string; target: string; params: unknown }) {
    return createHash('sha256')
      .update(JSON.stringify([connection.id, action.kind, action.target, action.params]))
      .digest('hex')
  }

  async function keyedWrite<T>(
    connection: ActiveConnectionInfo,
    action: { kind: string; target: string; params: unknown },
    send: (idempotencyKey: string) => Promise<T>,
  ): Promise<{ value: T; requestId: string | null }> {
    const fingerprint = fingerprintOf(connection, action)
    const key = await withPending((entries) => {
      const existing = entries[fingerprint]
      if (existing) return existing.key
      const created = randomUUID()
      entries[fingerprint] = { key: created, createdAt: now() }
      return created
    })
    try {
      const result = await traced(() => send(key))
      await withPending((entries) => void delete entries[fingerprint])
      return result
    } catch (error) {
      if (isApiError(error) && error.kind === 'http' && isDefinitiveClientError(error.status)) {
        await withPending((entries) => void delete entries[fingerprint])
      }
      throw error
    }
  }

  const originOf = (from: View | undefined, action: string): RequestOrigin => ({
    screen: from === 'order' ? 'order' : 'payments',
    action,
  })

  async function livePrompt(
    connection: ActiveConnectionInfo,
    summary: Pick<LiveWriteSummary, 'action' | 'amount' | 'reference' | 'customer' | 'callbacks'>,
  ): Promise<void> {
    if (!connection.isLive) return
    await requireLiveConfirmation(liveWrites, { connection: connection.label, lineCount: null, ...summary })
  }

  async function freshPayment(client: ActionsClient, id: string, from: View | undefined, action: string) {
    return client.getPayment(id, { priority: 'user', origin: originOf(from, `read before ${action}`) })
  }

  function refuse(reason: string | null): void {
    if (reason) throw new UserFacingError('conflict', `Nothing was sent: ${reason}`)
  }

  return {
    async getOrder(id) {
      const client = await connections.getActiveClient()
      const { value, requestId } = await traced(() =>
        client.getOrder(id, {
          // One request tells the order's story: its payments and its refunds.
          embed: ['payments', 'refunds'],
          priority: 'user',
          origin: { screen: 'order', action: 'view order' },
        }),
      )
      // On the built-in Sandbox, the shop's webhook calls for the order (its timeline shows them).
      const deliveries = options.deliveries ? await options.deliveries(id).catch(() => null) : null
      return { order: value, requestId, deliveries: deliveries ? [...deliveries] : null }
    },

    async refund({ paymentId, amount, description, from }) {
      const connection = await connections.activeConnection()
      const client = await connections.getActiveClient()
      const payment = await freshPayment(client, paymentId, from, 'refund')
      refuse(refundBlocker(payment))
      const problem = refundAmountProblem(payment, amount)
      refuse(problem?.message ?? null)
      await livePrompt(connection, {
        action: 'Refund a payment',
        amount: money(amount),
        reference: `${payment.description} (${payment.id})`,
        customer: customerName(payment.billingAddress),
      })
      const body = { amount, ...(description ? { description } : {}) }
      const action = { kind: 'refund', target: paymentId, params: body }
      // No key kept for this refund (a new one, or the list of keys was deleted after a lost answer):
      // the payment's refunds say whether the same refund was already made.
      const fingerprint = fingerprintOf(connection, action)
      if (!(await withPending((entries) => fingerprint in entries))) {
        const { _embedded } = await client.listRefunds(
          paymentId,
          { limit: 50 },
          { priority: 'user', origin: originOf(from, 'read refunds before refund') },
        )
        const same = duplicateRefund(_embedded.refunds, amount, now())
        if (same) {
          refuse(
            `a refund of ${money(amount)} was already made on this payment at ${same.createdAt.slice(0, 16).replace('T', ' ')} ` +
              `(${same.id}, ${same.status}), perhaps by an earlier attempt whose answer was lost. Check the payment's ` +
              'refunds; to refund the same amount again, wait an hour or use a different amount.',
          )
        }
      }
      const { value: refund, requestId } = await keyedWrite(connection, action, (idempotencyKey) =>
        client.createRefund(paymentId, body, { idempotencyKey, priority: 'user', origin: originOf(from, 'refund') }),
      )
      const after = await freshPayment(client, paymentId, from, 'refund').catch(() => payment)
      return { refund, payment: after, requestId }
    },

    pendingNotice: () => pending.takeNotice(),

    async listRefunds(paymentId) {
      const client = await connections.getActiveClient()
      const { value, requestId } = await traced(() =>
        client.listRefunds(
          paymentId,
          { limit: 50 },
          { priority: 'user', origin: { screen: 'payments', action: 'list refunds' } },
        ),
      )
      return { refunds: value._embedded.refunds, requestId }
    },

    async cancelPayment({ paymentId, from }) {
      const connection = await connections.activeConnection()
      const client = await connections.getActiveClient()
      const payment = await freshPayment(client, paymentId, from, 'cancel')
      refuse(cancelPaymentBlocker(payment))
      await livePrompt(connection, {
        action: 'Cancel a payment',
        amount: money(payment.amount),
        reference: `${payment.description} (${payment.id})`,
        customer: customerName(payment.billingAddress),
      })
      const { value, requestId } = await keyedWrite(
        connection,
        { kind: 'cancel-payment', target: paymentId, params: null },
        (idempotencyKey) =>
          client.cancelPayment(paymentId, {
            idempotencyKey,
            priority: 'user',
            origin: originOf(from, 'cancel payment'),
          }),
      )
      return { payment: value, requestId }
    },

    async updatePayment({ paymentId, changes, from }) {
      const body: UpdatePaymentRequest = {}
      if (changes.description !== undefined) body.description = changes.description
      if (changes.redirectUrl !== undefined) body.redirectUrl = changes.redirectUrl
      if (changes.cancelUrl !== undefined) body.cancelUrl = changes.cancelUrl
      if (changes.webhookUrl !== undefined) body.webhookUrl = changes.webhookUrl
      if (changes.metadataJson !== undefined) {
        if (changes.metadataJson.trim() === '') body.metadata = null
        else {
          let parsed: unknown
          try {
            parsed = JSON.parse(changes.metadataJson)
          } catch {
            throw new UserFacingError('invalid-input', 'Nothing was sent: the metadata is not valid JSON.', {
              issues: [{ path: 'metadata', message: 'Not valid JSON.' }],
            })
          }
          const size = metadataByteLength(parsed)
          if (size === null || size > METADATA_MAX_BYTES) {
            throw new UserFacingError(
              'invalid-input',
              `Nothing was sent: metadata may be at most ${METADATA_MAX_BYTES} bytes.`,
            )
          }
          body.metadata = parsed as Metadata
        }
      }
      if (Object.keys(body).length === 0) throw new UserFacingError('invalid-input', 'Nothing to change.')
      const connection = await connections.activeConnection()
      const client = await connections.getActiveClient()
      const payment = await freshPayment(client, paymentId, from, 'update')
      refuse(updateBlocker(payment))
      await livePrompt(connection, {
        action: `Change ${Object.keys(body).join(', ')} of a payment`,
        amount: null,
        reference: `${payment.description} (${payment.id})`,
        customer: customerName(payment.billingAddress),
        // An update can point the customer or the webhooks elsewhere: the dialog names those addresses.
        ...withCallbacks(body as Record<string, unknown>),
      })
      const { value, requestId } = await keyedWrite(
        connection,
        { kind: 'update-payment', target: paymentId, params: body },
        (idempotencyKey) =>
          client.updatePayment(paymentId, body, {
            idempotencyKey,
            priority: 'user',
            origin: originOf(from, 'update payment'),
          }),
      )
      return { payment: value, requestId }
    },

    async cancelOrder({ orderId, from }) {
      const connection = await connections.activeConnection()
      const client = await connections.getActiveClient()
      // With its payments: an order with an open payment cannot be canceled (cancelOrderBlocker).
      const order = await client.getOrder(orderId, {
        embed: 'payments',
        priority: 'user',
        origin: originOf(from ?? 'order', 'read before cancel'),
      })
      refuse(cancelOrderBlocker(order))
      await livePrompt(connection, {
        action: 'Cancel an order',
        amount: money(order.amount),
        reference: `Order ${order.orderNumber} (${order.id})`,
        customer: customerName(order.billingAddress),
      })
      const { value, requestId } = await keyedWrite(
        connection,
        { kind: 'cancel-order', target: orderId, params: null },
        (idempotencyKey) =>
          client.cancelOrder(orderId, {
            idempotencyKey,
            embed: 'payments',
            priority: 'user',
            origin: originOf(from ?? 'order', 'cancel order'),
          }),
      )
      return { order: value, requestId }
    },

    async newOrderPayment({ orderId, from }) {
      const connection = await connections.activeConnection()
      const client = await connections.getActiveClient()
      const order = await client.getOrder(orderId, {
        embed: 'payments',
        priority: 'user',
        origin: originOf(from ?? 'order', 'read before new payment'),
      })
      refuse(newOrderPaymentBlocker(order, order._embedded?.payments ?? []))
      await livePrompt(connection, {
        action: 'Create a new payment for an order',
        amount: money(order.amount),
        reference: `Order ${order.orderNumber} (${order.id})`,
        customer: customerName(order.billingAddress),
      })
      // One key per order and the payments it had: a retry reuses it; once a new payment exists,
      // a later "new payment" (after that one expired) is a different action with its own key.
      const earlier = (order._embedded?.payments ?? []).map((p) => p.id).sort()
      const { value: payment, requestId } = await keyedWrite(
        connection,
        { kind: 'new-order-payment', target: orderId, params: earlier },
        (idempotencyKey) =>
          client.createOrderPayment(
            orderId,
            {},
            {
              idempotencyKey,
              priority: 'user',
              origin: originOf(from ?? 'order', 'new payment for order'),
            },
          ),
      )
      const after = await client
        .getOrder(orderId, { embed: 'payments', priority: 'user', origin: originOf(from ?? 'order', 'view order') })
        .catch(() => order)
      return { payment, order: after, requestId }
    },

    pendingCount: () => withPending((entries) => Object.keys(entries).length),

    dispose() {
      stopObserving?.()
    },
  }
}
