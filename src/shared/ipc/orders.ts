import { z } from 'zod'
import type { DeliveryRecord } from '../deliveries'
import { ID_PATTERNS } from '../service/ids'
import type { Order, OrderRequestBody, Payment, PaymentRequestBody } from '../api-types'
import { defineChannel, type IpcErrorView } from './define'
import { draftContentSchema, draftIdSchema, type DraftSummary } from './drafts'
import { orderIdSchema } from './ids'

// The order builder's channels: orders.create, orders.get and payments.create. The draft → body
// conversion they rely on is in order-builder/ (zod-free, shared with the renderer).

const createInput = z
  .object({
    draftId: draftIdSchema,
    /** The draft as on screen; main saves it before sending so nothing typed is lost. */
    content: draftContentSchema.optional(),
    /** After a 409 "key already used for a different request": start over with a fresh key. */
    newIdempotencyKey: z.boolean().optional(),
  })
  .strict()
export type CreateFromDraftInput = z.output<typeof createInput>

/** An order id as the service writes it. */
export const ORDER_ID_PATTERN = ID_PATTERNS.order

const orderIdInput = z.object({ id: orderIdSchema }).strict()

interface CreateResultBase {
  draft: DraftSummary
  idempotencyKey: string
}
export interface OrderCreated extends CreateResultBase {
  ok: true
  order: Order
  /** The body as sent (after the credential rules of spec 5.3/5.4). */
  sentBody: OrderRequestBody
}
export interface PaymentCreated extends CreateResultBase {
  ok: true
  payment: Payment
  /** The body as sent (after the credential rules of spec 5.3/5.4). */
  sentBody: PaymentRequestBody
}
/**
 * A create that did not create, with everything the screen shows after it, so nothing needs to be
 * asked again (no drafts.get after a failure).
 */
export interface CreateFailure {
  ok: false
  /** What went wrong, presented like any IPC error (an api-error carries the service's view). */
  error: IpcErrorView
  /** The draft as it is now: its content was saved before anything was sent (null: no such draft). */
  draft: DraftSummary | null
  /** The Idempotency-Key the next send of this draft carries (null: no such draft). */
  idempotencyKey: string | null
  /** The fields at fault: the service's 422 `field` (spec 7) or the builder's own issues. */
  fieldErrors: { path: string; message: string }[]
}
export type OrderCreateResult = OrderCreated | CreateFailure
export type PaymentCreateResult = PaymentCreated | CreateFailure

export const orderChannels = {
  'orders.create': defineChannel<OrderCreateResult>()(createInput),
  /** The order with its payments embedded (GET /orders/{id}?embed=payments) and the request's id (Inspector). */
  'orders.get': defineChannel<{ order: Order; requestId: string | null; deliveries?: DeliveryRecord[] | null }>()(
    orderIdInput,
  ),
  // Lives here (not in payments.ts) because the order builder owns creating payments.
  'payments.create': defineChannel<PaymentCreateResult>()(createInput),
}
