// Cancel refund (issue 49 item 3; https://docs.mollie.com/reference/cancel-refund): while the refund is
// queued or pending. Main reads the refund and its payment fresh, checks the state with the rule the
// sandbox applies (service/refunds.ts refundIsCancelable), asks on a live connection, and sends the
// DELETE (no key: the service ignores one there; the client reads the refund before any resend); the answer is the payment as it is now, the refund canceled in it.
import type { CancelRefundResult } from '../../../shared/ipc/actions'
import { refundIsCancelable } from '../../../shared/service/refunds'
import { refundStateLine } from '../../../shared/story/refund-truth'
import { deliveriesOf } from '../payment-context'
import {
  customerName,
  freshPayment,
  unkeyedWrite,
  livePrompt,
  money,
  originOf,
  refuse,
  type ActionsContext,
} from './context'
import { readBeforeAct } from './fresh-read'
import type { View } from './types'

export async function cancelPaymentRefund(
  ctx: ActionsContext,
  { paymentId, refundId, from }: { paymentId: string; refundId: string; from?: View },
): Promise<CancelRefundResult> {
  const { connections } = ctx.options
  const connection = await connections.activeConnection()
  const client = await connections.getActiveClient()
  const refund = await readBeforeAct(refundId, 'a refund cancel', () =>
    client.getRefund(paymentId, refundId, { priority: 'user', origin: originOf(from, 'read before cancel refund') }),
  )
  if (!refundIsCancelable(refund.status)) {
    refuse(`the refund can no longer be canceled. ${refundStateLine(refund)}`)
  }
  const payment = await freshPayment(client, paymentId, from, 'refund cancel')
  await livePrompt(ctx, connection, {
    action: 'Cancel a refund',
    amount: money(refund.amount),
    reference: `${payment.description} (${payment.id}, refund ${refund.id})`,
    customer: customerName(payment.billingAddress),
    orderId: payment.orderId,
  })
  // No Idempotency-Key: the service ignores it on DELETE; the client reads the refund before any resend.
  const { requestId } = await unkeyedWrite(
    ctx,
    {
      action: 'cancel-refund',
      object: { kind: 'payment', id: paymentId },
      amount: refund.amount,
      ticket: null,
      reason: null,
      words: `Cancel of refund ${refund.id} (${money(refund.amount)}) on ${paymentId}`,
    },
    () => client.cancelRefund(paymentId, refundId, { priority: 'user', origin: originOf(from, 'cancel refund') }),
  )
  const after = await client
    .getPayment(paymentId, {
      embed: ['refunds', 'chargebacks'],
      priority: 'user',
      origin: originOf(from, 'read after cancel refund'),
    })
    .catch(() => payment)
  const deliveries = await deliveriesOf(after, { deliveries: ctx.options.deliveries })
  return {
    refund: { ...refund, status: 'canceled' },
    payment: after,
    requestId,
    deliveries: deliveries ? [...deliveries] : null,
  }
}
