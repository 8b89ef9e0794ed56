import type { Payment, Refund } from '../../../shared/api-types'
import type { RefundResult } from '../../../shared/ipc/actions'
import { refundAmountProblem, refundBlocker } from '../../../shared/payment-writes'
import { guardChange, HOLD_REASON_MIN_LENGTH, refundHold, type RefundGuard } from '../../../shared/refund-guard'
import { isDuplicateRefund, type RefundForDuplicate } from '../../../shared/service/refunds'
import { compareAmounts } from '../../../shared/money'
import { deliveriesOf } from '../payment-context'
import {
  customerName,
  fingerprintOf,
  keyedWrite,
  livePrompt,
  money,
  originOf,
  refuse,
  traced,
  type ActionsContext,
} from './context'
import { queueRest, type SendRefund } from './queued-refunds'
import { readRefundGuard } from './refund-guard'
import type { View } from './types'

interface RefundInput {
  paymentId: string
  amount: { currency: string; value: string }
  description?: string
  ticket?: string
  from?: View
  /** The guard the agent confirmed (its token, from payments.refundGuard). */
  seen?: string
  /** Sending despite an open chargeback: the agent's reason, recorded in the request log. */
  holdReason?: string
  /** Main's own: a queued refund sent when its time came (asked when it was queued; not an IPC field). */
  confirmed?: true
}

/** What main read when the refund dialog opened: the payment fresh and its guard. */
export async function refundGuard(
  ctx: ActionsContext,
  { paymentId, from }: { paymentId: string; from?: View },
): Promise<{ payment: Payment; guard: RefundGuard; requestId: string | null }> {
  const client = await ctx.options.connections.getActiveClient()
  const { value, requestId } = await traced(ctx, () => readRefundGuard(ctx, client, paymentId, from, 'open'))
  return { ...value, requestId }
}

/**
 * Refunds a payment after main read it fresh with its refunds and chargebacks: the state, the
 * amount, what the agent was shown (the guard) and a hold for an open chargeback are all checked on
 * that one read.
 */
export async function refundPayment(ctx: ActionsContext, input: RefundInput): Promise<RefundResult> {
  const { paymentId, amount, description, ticket, from } = input
  const { connections } = ctx.options
  const connection = await connections.activeConnection()
  const client = await connections.getActiveClient()
  const { payment, guard } = await readRefundGuard(ctx, client, paymentId, from, 'send')
  refuse(refundBlocker(payment))
  const problem = refundAmountProblem(payment, amount)
  refuse(problem?.message ?? null)
  const holdReason = heldFor(guard, input.holdReason)
  // The ticket goes into the refund's metadata, which the service keeps with the refund
  // (https://docs.mollie.com/reference/create-refund: `metadata`), so the shop sees it too.
  const body = { amount, ...(description ? { description } : {}), ...(ticket ? { metadata: { ticket } } : {}) }
  const action = { kind: 'refund', target: paymentId, params: body }
  // No key kept for this refund (a new one, or the list of keys was deleted after a lost answer):
  // the payment's refunds say whether the same refund was already made.
  const fingerprint = fingerprintOf(connection, action)
  // A key kept for it: this is the refund the agent confirmed, sent again; the service replays its answer.
  let queueBehind: RefundForDuplicate | null = null
  if (!(await ctx.pending.with((entries) => fingerprint in entries))) {
    const same = isDuplicateRefund(guard.refunds, amount, ctx.now())
    // The rest of the payment (exactly what is left) is queued behind the window, never refused.
    const rest = compareAmounts(amount, guard.remaining) === 0
    if (same && !rest) refuseDuplicate(same, amount)
    refuseUnseen(guard, input.seen)
    queueBehind = same
  }
  // A queued refund of the rest was confirmed when it was queued (main's question named its time).
  if (!input.confirmed)
    await livePrompt(ctx, connection, {
      action:
        (holdReason ? `Refund a payment despite an open chargeback (reason: ${holdReason})` : 'Refund a payment') +
        (queueBehind ? ', sent once the service takes the same amount again (within the hour)' : ''),
      amount: money(amount),
      reference: `${payment.description} (${payment.id})`,
      customer: customerName(payment.billingAddress),
      orderId: payment.orderId,
    })
  if (queueBehind) {
    return queueRest(ctx, sendQueuedRefund(ctx), {
      connection,
      payment,
      guard,
      earlier: queueBehind,
      amount,
      description,
      ticket,
    })
  }
  // Sent despite an open chargeback: the agent's reason goes with the request (the Inspector's entry)
  // and into the team's action record.
  const recorded = {
    action: 'refund' as const,
    object: { kind: 'payment' as const, id: paymentId },
    amount,
    ticket: ticket ?? null,
    reason: holdReason ? `Despite an open chargeback: ${holdReason}` : (description ?? null),
    words: `Refund of ${money(amount)} on ${paymentId}${holdReason ? ' despite an open chargeback' : ''}`,
  }
  const origin = originOf(from, holdReason ? `refund despite open chargeback, reason: ${holdReason}` : 'refund')
  const { value: refund, requestId } = await keyedWrite(ctx, connection, action, recorded, (idempotencyKey) =>
    client.createRefund(paymentId, body, { idempotencyKey, priority: 'user', origin }),
  )
  ctx.madeHere.set(refund.id, 'this desk')
  // The answer is the payment as it is now, embedded as the payment view reads it (its refunds and
  // chargebacks): the view needs no read of its own.
  const after = await client
    .getPayment(paymentId, {
      embed: ['refunds', 'chargebacks'],
      priority: 'user',
      origin: originOf(from, 'read after refund'),
    })
    .catch(() => payment)
  // On the built-in Sandbox, the shop's webhook calls (read in this process, no request): a refund
  // calls the shop, and the view's timeline shows it without a read of its own.
  const deliveries = await deliveriesOf(after, { deliveries: ctx.options.deliveries })
  return { refund, payment: after, requestId, deliveries: deliveries ? [...deliveries] : null }
}

/** How a held refund of the rest is sent when its time comes (asked when it was queued). */
export function sendQueuedRefund(ctx: ActionsContext): SendRefund {
  return (queued) => refundPayment(ctx, { ...queued, from: 'payment', confirmed: true })
}

/**
 * The agent confirms what the dialog showed; main refuses when the fresh read tells more (a
 * colleague's refund, a new chargeback). A call that names no guard was shown nothing: it goes
 * through only when there is nothing to tell.
 */
function refuseUnseen(guard: RefundGuard, seen: string | undefined): void {
  if (seen !== undefined) {
    refuse(guardChange(seen, guard)?.replace(/^The payment/, 'the payment') ?? null)
    return
  }
  const tell = guard.refunds.length > 0 || guard.openChargebacks.length > 0 || guard.sepaWindowEndsAt !== null
  refuse(
    tell ? 'this payment has refunds, a chargeback or a reversal window to see first; open the refund dialog.' : null,
  )
}

/** An open chargeback holds the refund unless the agent gave a reason; the reason, trimmed, or null. */
function heldFor(guard: RefundGuard, reason: string | undefined): string | null {
  const hold = refundHold(guard)
  if (!hold) return null
  const given = reason?.trim() ?? ''
  if (given.length < HOLD_REASON_MIN_LENGTH) {
    refuse(`${hold.charAt(0).toLowerCase()}${hold.slice(1)}`)
  }
  return given
}

function refuseDuplicate(same: RefundForDuplicate & { id: string }, amount: { currency: string; value: string }): void {
  refuse(
    `a refund of ${money(amount)} was already made on this payment at ${same.createdAt.slice(0, 16).replace('T', ' ')} ` +
      `(${same.id}, ${same.status}), perhaps by an earlier attempt whose answer was lost. Check the payment's ` +
      'refunds; to refund the same amount again, wait an hour or use a different amount.',
  )
}

/** The refunds of a payment, for the payment view. */
export async function listPaymentRefunds(
  ctx: ActionsContext,
  paymentId: string,
): Promise<{ refunds: Refund[]; requestId: string | null }> {
  const client = await ctx.options.connections.getActiveClient()
  const { value, requestId } = await traced(ctx, () =>
    client.listRefunds(
      paymentId,
      { limit: 50 },
      { priority: 'user', origin: { screen: 'payments', action: 'list refunds' } },
    ),
  )
  return { refunds: value._embedded.refunds, requestId }
}
