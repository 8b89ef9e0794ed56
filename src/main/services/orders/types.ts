import type { Order } from '../../../shared/api-types'
import type { CreateFromDraftInput, OrderCreateResult, PaymentCreateResult } from '../../../shared/ipc/orders'
import type { ApiClient } from '../../api'
import type { ActiveConnectionInfo } from '../connections'
import type { DraftsStore } from '../drafts'
import type { LiveWriteConfirmer } from '../live-write-guard'
import type { WriteRecorder } from '../../team/recorded-write'

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

export type OrdersClient = Pick<ApiClient, 'createOrder' | 'createPayment' | 'getOrder'>

export interface OrdersServiceOptions {
  connections: {
    activeConnection(): Promise<ActiveConnectionInfo>
    getClient(id: string): Promise<OrdersClient>
    getActiveClient(): Promise<OrdersClient>
  }
  drafts: DraftsStore
  /** Main's own confirmation dialog for live writes; refuses every live write when absent. */
  liveWrites?: LiveWriteConfirmer
  /** The record of every write (the record service): each create is recorded with its answer. */
  record: WriteRecorder
  now?: () => Date
}

export interface OrdersService {
  createOrder(input: CreateFromDraftInput): Promise<OrderCreateResult>
  createPayment(input: CreateFromDraftInput): Promise<PaymentCreateResult>
  getOrder(id: string): Promise<Order>
}
