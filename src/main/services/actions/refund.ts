import type { Payment, Refund } from '../../../shared/api-types'
import type { RefundResult } from '../../../shared/ipc/actions'
import { refundAmountProblem, refundBlocker } from '../../../shared/payment-actions'
import { duplicateRefund } from '../pending-actions'
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
import type { ActionsClient, View } from './types'

export interface RefundInput {
  paymentId: string
  amount: { currency: string; value: string }
  description?: string
  ticket?: string
  from?: View
}

/** Refunds a payment after main read it fresh and checked the state, the amount and earlier refunds. */
export async function refundPayment(ctx: ActionsContext, input: RefundInput): Promise<RefundResult> {
  const { paymentId, amount, description, ticket, from } = input
  const { connections } = ctx.options
  const connection = await connections.activeConnection()
  const client = await connections.getActiveClient()
  // One read brings the payment and its refunds: the state, the amount and a refund already made
  // are all checked on it, so no separate refunds list is needed (issue 23: 3 requests, was 4).
  const payment = await client.getPayment(paymentId, {
    embed: ['refunds'],
    priority: 'user',
    origin: originOf(from, 'read before refund'),
  })
  refuse(refundBlocker(payment))
  const problem = refundAmountProblem(payment, amount)
  refuse(problem?.message ?? null)
  // The ticket goes into the refund's metadata, which the service keeps with the refund
  // (https://docs.mollie.com/reference/create-refund: `metadata`), so the shop sees it too.
  const body = { amount, ...(description ? { description } : {}), ...(ticket ? { metadata: { ticket } } : {}) }
  const action = { kind: 'refund', target: paymentId, params: body }
  // No key kept for this refund (a new one, or the list of keys was deleted after a lost answer):
  // the payment's refunds say whether the same refund was already made.
  const fingerprint = fingerprintOf(connection, action)
  if (!(await ctx.pending.with((entries) => fingerprint in entries))) {
    refuseDuplicate(await refundsOf(client, payment, from), amount, ctx.now())
  }
  await livePrompt(ctx, connection, {
    action: 'Refund a payment',
    amount: money(amount),
    reference: `${payment.description} (${payment.id})`,
    customer: customerName(payment.billingAddress),
  })
  const recorded = {
    action: 'refund' as const,
    object: { kind: 'payment' as const, id: paymentId },
    amount,
    ticket: ticket ?? null,
    reason: description ?? null,
    words: `Refund of ${money(amount)} on ${paymentId}`,
  }
  const { value: refund, requestId } = await keyedWrite(ctx, connection, action, recorded, (idempotencyKey) =>
    client.createRefund(paymentId, body, { idempotencyKey, priority: 'user', origin: originOf(from, 'refund') }),
  )
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

/** The refunds the payment was read with; a service that did not embed them is asked for the list. */
async function refundsOf(client: ActionsClient, payment: Payment, from: View | undefined): Promise<readonly Refund[]> {
  const embedded = payment._embedded?.refunds
  if (Array.isArray(embedded)) return embedded
  const { _embedded } = await client.listRefunds(
    payment.id,
    { limit: 50 },
    { priority: 'user', origin: originOf(from, 'read refunds before refund') },
  )
  return _embedded.refunds
}

function refuseDuplicate(refunds: readonly Refund[], amount: { currency: string; value: string }, now: number): void {
  const same = duplicateRefund(refunds, amount, now)
  if (!same) return
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
