import { createHash, randomUUID } from 'node:crypto'
import type { Order } from '../../shared/api-types'
import type { IpcErrorView } from '../../shared/ipc/define'
import type { DraftSummary } from '../../shared/ipc/drafts'
import {
  buildDraftRequest,
  type BuiltRequest,
  type CredentialShape,
  type DraftContent,
} from '../../shared/order-builder'
import type {
  CreateFailure,
  CreateFromDraftInput,
  OrderCreateResult,
  PaymentCreateResult,
} from '../../shared/ipc/orders'
import type { ApiClient, CreateOptions, CreateOrderOptions } from '../api'
import { isApiError } from '../api'
import { toIpcError, UserFacingError } from '../ipc/errors'
import type { ActiveConnectionInfo } from './connections'
import { archiveDraft, toSummary, withSavedContent, type DraftRecord, type DraftsStore } from './drafts'
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

function fingerprint(built: BuiltRequest): string {
  return createHash('sha256')
    .update(JSON.stringify({ kind: built.kind, body: built.body, embed: built.embed }))
    .digest('hex')
}

function credentialOf(connection: ActiveConnectionInfo): CredentialShape {
  return { kind: connection.kind, profileId: connection.profileId, testmode: connection.testmode }
}

/** The fields a failed create names: the service's 422 `field`, or the builder's own issues. */
function fieldErrorsOf(view: IpcErrorView): CreateFailure['fieldErrors'] {
  if (view.issues && view.issues.length > 0) return view.issues.map((i) => ({ ...i }))
  const api = view.api as { field?: unknown; detail?: unknown } | undefined
  if (api && typeof api.field === 'string' && api.field !== '') {
    return [{ path: api.field, message: typeof api.detail === 'string' ? api.detail : view.message }]
  }
  return []
}

export function createOrdersService(options: OrdersServiceOptions): OrdersService {
  const { drafts, connections } = options
  const now = options.now ?? (() => new Date())
  const liveWrites = options.liveWrites ?? refuseEveryLiveWrite

  /**
   * One create, in one round trip from the screen. The draft file is written at most twice: once
   * with the content as on screen (and a fresh key when needed), once with the outcome (used, or
   * the key spent on a refused body). Errors the user can act on come back as a CreateFailure
   * with the draft as it is now; anything else is thrown (an internal error, logged by the
   * dispatcher).
   */
  async function send<K extends DraftContent['kind'], R>(
    kind: K,
    input: CreateFromDraftInput,
    run: (client: OrdersClient, built: Extract<BuiltRequest, { kind: K }>, key: string) => Promise<R>,
    archiveInfo: (result: R) => { orderId: string | null; paymentId: string | null },
  ): Promise<
    | { ok: true; result: R; draft: DraftSummary; idempotencyKey: string; built: Extract<BuiltRequest, { kind: K }> }
    | CreateFailure
  > {
    let record: DraftRecord | null = null
    try {
      let connection: ActiveConnectionInfo
      try {
        connection = await connections.activeConnection()
      } catch (error) {
        // Whatever happens next, nothing the user typed is lost.
        const content = input.content
        if (content)
          record = await drafts.update(input.draftId, (r) => withSavedContent(r, { content }, now().toISOString()))
        throw error
      }
      let built: BuiltRequest | null = null
      // Write 1 (only when something changes): the content as on screen, and a new key after a
      // definitive 4xx for a different body, or when asked for one (a 409 for another request).
      const prepare = (r: DraftRecord): DraftRecord => {
        if (r.archived && !input.content) {
          throw new UserFacingError(
            'conflict',
            `This draft already created ${r.archived.orderId ?? r.archived.paymentId}. Use "Create another like this" for a new one.`,
          )
        }
        const saved = input.content ? withSavedContent(r, { content: input.content }, now().toISOString()) : r
        built = saved.content.kind === kind ? buildDraftRequest(saved.content, credentialOf(connection)) : null
        if (!built || built.localIssues.length > 0) return saved
        const print = fingerprint(built)
        if (input.newIdempotencyKey === true || (saved.keySpentOn !== null && saved.keySpentOn !== print)) {
          return { ...saved, idempotencyKey: randomUUID(), keySpentOn: null }
        }
        return saved
      }
      const current = await drafts.read(input.draftId)
      record = current
      // A draft goes only to the connection it was made for: with another one active, nothing is
      // sent (its content is still saved) and the agent chooses (switch back, or move the draft).
      const owner = current.connection
      if (owner !== null && owner.id !== connection.id && !current.archived) {
        const content = input.content
        if (content)
          record = await drafts.update(input.draftId, (r) => withSavedContent(r, { content }, now().toISOString()))
        throw new UserFacingError(
          'conflict',
          `Nothing was sent: this draft belongs to the connection “${owner.label}”, and “${connection.label}” is active. Switch back to “${owner.label}” under Connections, or move the draft to “${connection.label}”.`,
        )
      }
      record = prepare(current) === current ? current : await drafts.update(input.draftId, prepare)
      const request = built as BuiltRequest | null
      if (!request || request.kind !== kind) {
        throw new UserFacingError('invalid-input', `This draft builds a ${record.content.kind}, not a ${kind}.`)
      }
      const typed = request as Extract<BuiltRequest, { kind: K }>
      if (typed.localIssues.length > 0) {
        throw new UserFacingError('invalid-input', `Not sent: ${typed.localIssues.map((i) => i.message).join(' ')}`, {
          issues: typed.localIssues.map((i) => ({ path: i.field, message: i.message })),
        })
      }
      const key = record.idempotencyKey
      if (connection.isLive) {
        // Asked here, after the body is final: the dialog shows exactly what will be sent.
        const body: Record<string, unknown> = typed.body
        const lines = body['lines']
        await requireLiveConfirmation(liveWrites, {
          connection: connection.label,
          action: kind === 'order' ? 'Create an order' : 'Create a payment',
          amount: amountOf(body['amount']),
          reference: String(body[kind === 'order' ? 'orderNumber' : 'description'] ?? '') || null,
          lineCount: Array.isArray(lines) ? lines.length : null,
          customer: customerOf(body),
          ...withCallbacks(body),
        })
      }
      const client = await connections.getClient(connection.id)
      let result: R
      try {
        result = await run(client, typed, key)
      } catch (error) {
        if (isApiError(error) && error.kind === 'http' && isDefinitiveClientError(error.status)) {
          // Write 2: this key is spent on this body.
          const print = fingerprint(typed)
          record = await drafts.update(input.draftId, (r) =>
            r.idempotencyKey === key ? { ...r, keySpentOn: print } : r,
          )
        }
        throw error
      }
      // Write 2: the draft is used.
      record = await drafts.update(input.draftId, (r) =>
        archiveDraft(r, { at: now().toISOString(), ...archiveInfo(result) }),
      )
      return { ok: true, result, draft: toSummary(record), idempotencyKey: key, built: typed }
    } catch (error) {
      if (!(error instanceof UserFacingError) && !isApiError(error)) throw error
      record ??= await drafts.read(input.draftId).catch(() => null)
      const view = toIpcError(error)
      return {
        ok: false,
        error: view,
        draft: record ? toSummary(record) : null,
        idempotencyKey: record?.idempotencyKey ?? null,
        fieldErrors: fieldErrorsOf(view),
      }
    }
  }

  /** The builder's calls: the user's own, under the draft's key, named for the Inspector. */
  function userCall(idempotencyKey: string, action: string, draftId: string): CreateOptions {
    return { idempotencyKey, priority: 'user', origin: { screen: 'orders', action, draftId } }
  }

  return {
    async createOrder(input) {
      const out = await send(
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
      const client = await connections.getActiveClient()
      return client.getOrder(id, { priority: 'user', origin: { screen: 'orders', action: 'view order' } })
    },
  }
}
