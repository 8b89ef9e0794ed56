import { z } from 'zod'
import type { Amount, Order, Payment, Refund } from '../api-types'
import type { DeliveryRecord } from '../deliveries'
import { HOLD_REASON_MAX_LENGTH, type RefundGuard } from '../refund-guard'
import { METADATA_MAX_BYTES, PAYMENT_DESCRIPTION_MAX, REFUND_DESCRIPTION_MAX } from '../order-rules'
import { defineChannel } from './define'
import { orderIdSchema as orderId, paymentIdSchema as paymentId, queuedRefundIdSchema as queueId } from './ids'
import { ticketInput } from './team'
import { ID_PATTERNS } from '../service/ids'

// Acting on a payment or an order from its view: refund, cancel, update, and reading an order with
// its payments. The renderer names the object and what to do; main reads the object fresh, checks
// the state rules (src/shared/payment-writes.ts), asks on a live connection through its own
// dialog, keeps the Idempotency-Key of each pending action (main/services/actions/pending-actions.ts) and sends.

/** Which view asked: shown as the request's origin in the Inspector. */
const from = z.enum(['payment', 'order']).optional()
/** The helpdesk's ticket reference, recorded with the write (issue 50 item 4). */
const ticket = ticketInput.optional()

const amount = z
  .object({
    currency: z.string().regex(/^[A-Z]{3}$/),
    value: z.string().regex(/^\d{1,15}(\.\d{1,4})?$/),
  })
  .strict()

const url = z.string().min(1).max(2048)

export const refundInput = z
  .object({
    paymentId,
    amount,
    description: z.string().max(REFUND_DESCRIPTION_MAX).optional(),
    ticket,
    from,
    /** The guard the agent was shown (RefundGuard.token): main refuses when its fresh read differs. */
    seen: z.string().max(4096).optional(),
    /** Why the refund is sent despite an open chargeback (recorded with the request). */
    holdReason: z.string().max(HOLD_REASON_MAX_LENGTH).optional(),
  })
  .strict()

const updatePaymentInput = z
  .object({
    paymentId,
    changes: z
      .object({
        description: z.string().min(1).max(PAYMENT_DESCRIPTION_MAX).optional(),
        redirectUrl: url.optional(),
        cancelUrl: url.nullable().optional(),
        webhookUrl: url.nullable().optional(),
        /** JSON text of the new metadata ("" removes it); parsed and size-checked in main. */
        metadataJson: z
          .string()
          .max(METADATA_MAX_BYTES * 2)
          .optional(),
      })
      .strict(),
    ticket,
    from,
  })
  .strict()

export interface ActionResult {
  /** The request's id: the entry in the Inspector. */
  requestId: string | null
}

/**
 * A refund of the rest held at this desk (issue 49 item 2): the service refuses the same amount within
 * its duplicate window, so main sends it once the window ends, unless the agent cancels it first.
 */
export interface QueuedRefund {
  id: string
  paymentId: string
  amount: Amount
  description: string | null
  /** When main sends it (ISO 8601). */
  sendAt: string
  state: 'waiting' | 'sent' | 'not-sent' | 'canceled'
  /** What happened or will, in the agent's words. */
  note: string
  /** The refund made, once sent. */
  refundId: string | null
}

export interface RefundResult extends ActionResult {
  /** null when the refund was queued instead (`queued`). */
  refund: Refund | null
  queued?: QueuedRefund
  /** The payment read again after the refund (amount refunded and remaining), its refunds and chargebacks embedded. */
  payment: Payment
  /** The shop's webhook calls for the payment, on the built-in Sandbox (null elsewhere). */
  deliveries?: DeliveryRecord[] | null
}

/** The refund dialog's fresh read (issue 49 item 1): the payment as it is now and its guard. */
export interface RefundGuardResult extends ActionResult {
  payment: Payment
  guard: RefundGuard
}

/** A refund canceled while the service allowed it: the payment read again, the refund canceled in it. */
export type CancelRefundResult = Omit<RefundResult, 'refund' | 'queued'> & { refund: Refund }

const refundId = z.string().min(4).max(64).regex(ID_PATTERNS.refund, 'a refund id looks like re_…')

export const actionChannels = {
  /** The refunds queued at this desk for a payment (waiting, and what became of the others). */
  'payments.queuedRefunds': defineChannel<{ queued: QueuedRefund[]; notice: string | null }>()(
    z.object({ paymentId }).strict(),
  ),
  'payments.cancelQueuedRefund': defineChannel<{ queued: QueuedRefund }>()(z.object({ queueId }).strict()),
  'payments.cancelRefund': defineChannel<CancelRefundResult>()(z.object({ paymentId, refundId, from }).strict()),
  'payments.refundGuard': defineChannel<RefundGuardResult>()(z.object({ paymentId, from }).strict()),
  'payments.refund': defineChannel<RefundResult>()(refundInput),
  'payments.refunds': defineChannel<{ refunds: Refund[]; requestId: string | null }>()(
    z.object({ paymentId }).strict(),
  ),
  'payments.cancelPayment': defineChannel<ActionResult & { payment: Payment }>()(
    z.object({ paymentId, ticket, from }).strict(),
  ),
  'payments.update': defineChannel<ActionResult & { payment: Payment }>()(updatePaymentInput),
  'orders.cancel': defineChannel<ActionResult & { order: Order }>()(z.object({ orderId, ticket, from }).strict()),
  /** A new payment for an order (its earlier payments expired, failed or were canceled). */
  'orders.newPayment': defineChannel<ActionResult & { payment: Payment; order: Order }>()(
    z.object({ orderId, ticket, from }).strict(),
  ),
}
