// The collision guard, decided in main (issue 49 item 1): before a refund, cancel or change, main
// reads the payment fresh; a read that fails (no answer, 429, 5xx) sends nothing and says so, since
// nothing is ever sent on an older reading. For a refund the read brings its refunds and chargebacks
// (one request, embedded) and becomes the guard the dialog shows (src/shared/refund-guard.ts).
import type { Chargeback, Payment, Refund } from '../../../shared/api-types'
import { toMinor } from '../../../shared/money'
import { buildRefundGuard, type RefundGuard } from '../../../shared/refund-guard'
import { originOf, type ActionsContext } from './context'
import { readBeforeAct } from './fresh-read'
import type { ActionsClient, View } from './types'

/** The payment with its refunds and chargebacks, read fresh, and the guard built from it. */
export async function readRefundGuard(
  ctx: ActionsContext,
  client: ActionsClient,
  paymentId: string,
  from: View | undefined,
  when: 'open' | 'send',
): Promise<{ payment: Payment; guard: RefundGuard }> {
  const action = when === 'open' ? 'check before refund' : 'read before refund'
  const payment = await readBeforeAct(paymentId, 'a refund', () =>
    client.getPayment(paymentId, {
      embed: ['refunds', 'chargebacks'],
      priority: 'user',
      origin: originOf(from, action),
    }),
  )
  const refunds = await readBeforeAct(paymentId, 'a refund', () => refundsOf(client, payment, from))
  const guard = buildRefundGuard(
    payment,
    refunds,
    chargebacksOf(payment),
    ctx.now(),
    (id) => ctx.madeHere.get(id) ?? null,
  )
  return { payment, guard }
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

/**
 * The chargebacks the payment was read with. A service that did not embed them but reports an
 * amount charged back is taken to have one open (the safe reading: the refund is held).
 */
function chargebacksOf(payment: Payment): readonly Chargeback[] {
  const embedded = payment._embedded?.chargebacks
  if (Array.isArray(embedded)) return embedded
  const charged = payment.amountChargedBack
  if (!charged || toMinor(charged) === 0n) return []
  return [
    {
      resource: 'chargeback',
      id: 'chargeback',
      amount: charged,
      createdAt: payment.createdAt,
      reason: null,
      reversedAt: null,
      paymentId: payment.id,
    },
  ]
}
