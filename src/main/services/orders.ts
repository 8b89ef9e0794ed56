import { createHash, randomUUID } from 'node:crypto'
import type { Order } from '../../shared/api-types'
import { buildRequest, type CredentialShape, type DraftContent } from '../../shared/order-builder'
import type { CreateFromDraftInput, OrderCreateResult, PaymentCreateResult } from '../../shared/ipc/orders'
import type { ApiClient, CreateOptions, CreateOrderOptions } from '../api'
import { isApiError } from '../api'
import { UserFacingError } from '../ipc/errors'
import type { ActiveConnectionInfo } from './connections'
import { archiveDraft, type DraftsStore } from './drafts'
import {
  amountOf,
  customerOf,
  withCallbacks,
  refuseEveryLiveWrite,
  requireLiveConfirmation,
  type LiveWriteConfirmer,
} from './live-write-guard'

// Creating orders (spec 4.1) and payments (spec 4.2) from the builder's drafts. Rules kept here:
// - the body is built by the same function as the renderer's preview (shared/ipc/orders.ts);
// - the Idempotency-Key is the draft's: every resend of an unchanged draft (after a timeout, a
//   crash, a restart) reuses it, so "send again" can never create twice. A new key only after a
//   success (the draft is archived; "create another" is a new draft) or when the draft changed
//   after a definitive 4xx (the old key is tied to the refused request: the service answers 400
//   for other parameters under it, https://docs.mollie.com/overview/api-idempotency);
// - the live guard: a write on a live connection is sent only after the user confirmed it in main's
//   own dialog (live-write-guard.ts), which shows what main is about to send. Nothing the renderer
//   sends can stand in for that answer.

type OrdersClient = Pick<ApiClient, 'createOrder' | 'createPayment' | 'getOrder'>

export interface OrdersServiceOptions {
  connections: {
    activeConnection(): Promise<ActiveConnectionInfo>
    getClient(id: string): Promise<OrdersClient>
    getActiveClient(): Promise<OrdersClient>
  }
  drafts: DraftsStore
  /** Main's own confirmation dialog for live writes; refuses every live write when absent. */
  liveWrites?: LiveWriteConfirmer
  now?: () => Date
}

export interface OrdersService {
  createOrder(input: CreateFromDraftInput): Promise<OrderCreateResult>
  createPayment(input: CreateFromDraftInput): Promise<PaymentCreateResult>
  getOrder(id: string): Promise<Order>
}

/** Statuses after which the same request will be refused again (not 408/429: those pass). */
export function isDefinitiveClientError(status: number | null): boolean {
  return status !== null && status >= 400 && status < 500 && status !== 408 && status !== 429
}

function fingerprint(kind: string, body: unknown, embed: readonly string[]): string {
  return createHash('sha256').update(JSON.stringify({ kind, body, embed })).digest('hex')
}

function credentialOf(connection: ActiveConnectionInfo): CredentialShape {
  return { kind: connection.kind, profileId: connection.profileId, testmode: connection.testmode }
}

export function createOrdersService(options: OrdersServiceOptions): OrdersService {
  const { drafts, connections } = options
  const now = options.now ?? (() => new Date())
  const liveWrites = options.liveWrites ?? refuseEveryLiveWrite

  async function send<R>(
    kind: DraftContent['kind'],
    input: CreateFromDraftInput,
    run: (client: OrdersClient, body: Record<string, unknown>, embed: string[], key: string) => Promise<R>,
    archiveInfo: (result: R) => { orderId: string | null; paymentId: string | null },
  ) {
    // Save first: whatever happens next, nothing the user typed is lost.
    if (input.content) await drafts.save({ id: input.draftId, content: input.content })
    const connection = await connections.activeConnection()
    let record = await drafts.read(input.draftId)
    if (record.archived) {
      throw new UserFacingError(
        'conflict',
        `This draft already created ${record.archived.orderId ?? record.archived.paymentId}. Use "Create another like this" for a new one.`,
      )
    }
    if (record.content.kind !== kind) {
      throw new UserFacingError('invalid-input', `This draft builds a ${record.content.kind}, not a ${kind}.`)
    }
    const built = buildRequest(record.content, credentialOf(connection))
    if (built.localIssues.length > 0) {
      throw new UserFacingError('invalid-input', `Not sent: ${built.localIssues.map((i) => i.message).join(' ')}`, {
        issues: built.localIssues.map((i) => ({ path: i.field, message: i.message })),
      })
    }
    const print = fingerprint(kind, built.body, built.embed)
    if (input.newIdempotencyKey === true || (record.keySpentOn !== null && record.keySpentOn !== print)) {
      record = await drafts.update(record.id, (r) => ({ ...r, idempotencyKey: randomUUID(), keySpentOn: null }))
    }
    const key = record.idempotencyKey
    if (connection.isLive) {
      // Asked here, after the body is final: the dialog shows exactly what will be sent.
      const lines = built.body['lines']
      await requireLiveConfirmation(liveWrites, {
        connection: connection.label,
        action: kind === 'order' ? 'Create an order' : 'Create a payment',
        amount: amountOf(built.body['amount']),
        reference: String(built.body[kind === 'order' ? 'orderNumber' : 'description'] ?? '') || null,
        lineCount: Array.isArray(lines) ? lines.length : null,
        customer: customerOf(built.body),
        ...withCallbacks(built.body),
      })
    }
    const client = await connections.getClient(connection.id)
    let result: R
    try {
      result = await run(client, built.body, built.embed, key)
    } catch (error) {
      if (isApiError(error) && error.kind === 'http' && isDefinitiveClientError(error.status)) {
        await drafts.update(record.id, (r) => (r.idempotencyKey === key ? { ...r, keySpentOn: print } : r))
      }
      throw error // an ApiError presents itself over IPC (ApiError.toIpcError)
    }
    const archived = await drafts.update(record.id, (r) =>
      archiveDraft(r, { at: now().toISOString(), ...archiveInfo(result) }),
    )
    const view = await drafts.get(archived.id)
    const { content: _content, idempotencyKey: _key, ...summary } = view
    return { result, draft: summary, idempotencyKey: key, sentBody: built.body }
  }

  return {
    async createOrder(input) {
      const out = await send(
        'order',
        input,
        (client, body, embed, idempotencyKey) => {
          const opts: CreateOrderOptions = {
            idempotencyKey,
            priority: 'user',
            origin: { screen: 'orders', action: 'create order' },
          }
          if (embed.length > 0) opts.embed = embed as CreateOrderOptions['embed']
          return client.createOrder(body as never, opts)
        },
        (order) => ({ orderId: order.id, paymentId: null }),
      )
      return { order: out.result, draft: out.draft, idempotencyKey: out.idempotencyKey, sentBody: out.sentBody }
    },
    async createPayment(input) {
      const out = await send(
        'payment',
        input,
        (client, body, _embed, idempotencyKey) => {
          const opts: CreateOptions = {
            idempotencyKey,
            priority: 'user',
            origin: { screen: 'orders', action: 'create payment' },
          }
          return client.createPayment(body as never, opts)
        },
        (payment) => ({ orderId: null, paymentId: payment.id }),
      )
      return { payment: out.result, draft: out.draft, idempotencyKey: out.idempotencyKey, sentBody: out.sentBody }
    },
    async getOrder(id) {
      const client = await connections.getActiveClient()
      return client.getOrder(id, { priority: 'user', origin: { screen: 'orders', action: 'view order' } })
    },
  }
}
