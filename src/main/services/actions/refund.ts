import type { Refund } from '../../../shared/api-types'
import type { RefundResult } from '../../../shared/ipc/actions'
import { refundAmountProblem, refundBlocker } from '../../../shared/payment-actions'
import { duplicateRefund } from '../pending-actions'
import {
  customerName,
  fingerprintOf,
  freshPayment,
  keyedWrite,
  livePrompt,
  money,
  originOf,
  refuse,
  traced,
  type ActionsContext,
} from './context'
import type { View } from './types'

export interface RefundInput {
  paymentId: string
  amount: { currency: string; value: string }
  description?: string
  from?: View
}

/** Refunds a payment after main read it fresh and checked the state, the amount and earlier refunds. */
export async function refundPayment(ctx: ActionsContext, input: RefundInput): Promise<RefundResult> {
  const { paymentId, amount, description, from } = input
  const { connections } = ctx.options
  const connection = await connections.activeConnection()
  const client = await connections.getActiveClient()
  const payment = await freshPayment(client, paymentId, from, 'refund')
  refuse(refundBlocker(payment))
  const problem = refundAmountProblem(payment, amount)
  refuse(problem?.message ?? null)
  await livePrompt(ctx, connection, {
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
  if (!(await ctx.pending.with((entries) => fingerprint in entries))) {
    const { _embedded } = await client.listRefunds(
      paymentId,
      { limit: 50 },
      { priority: 'user', origin: originOf(from, 'read refunds before refund') },
    )
    refuseDuplicate(_embedded.refunds, amount, ctx.now())
  }
  const { value: refund, requestId } = await keyedWrite(ctx, connection, action, (idempotencyKey) =>
    client.createRefund(paymentId, body, { idempotencyKey, priority: 'user', origin: originOf(from, 'refund') }),
  )
  const after = await freshPayment(client, paymentId, from, 'refund').catch(() => payment)
  return { refund, payment: after, requestId }
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
