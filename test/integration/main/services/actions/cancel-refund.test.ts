/**
 * Cancel refund through the IPC handler, main's actions service and the real client against the
 * sandbox: main reads the refund fresh and refuses once it is no longer queued or pending.
 */
import { describe, expect, it } from 'vitest'
import { useActionsFixture } from '../../../helpers/actions-fixture'
import { createDispatcher } from '../../../../../src/main/ipc/dispatcher'
import { createActionHandlers } from '../../../../../src/main/services/actions/handlers'
import { completeCheckout, createSandboxAdmin } from '../../../../../src/sandbox'
import { validPaymentBody } from '../../../../helpers/sandbox-fixtures'
import { present } from '../../../../helpers/present'

const TEST_KEY = 'test_CancelRefundTestKey0000001'
const fx = useActionsFixture({ key: TEST_KEY, folderPrefix: 'paydesk-cancel-refund-' })

async function paidPayment(value: string): Promise<string> {
  const response = await fetch(`${fx.sandbox.baseUrl}/payments`, {
    method: 'POST',
    headers: { Authorization: `Bearer ${TEST_KEY}`, 'Content-Type': 'application/json' },
    body: JSON.stringify(validPaymentBody({ amount: { currency: 'EUR', value } })),
  })
  const payment = (await response.json()) as { id: string }
  await completeCheckout(`${fx.sandbox.origin}/checkout/${payment.id}`, 'paid')
  return payment.id
}

function cancelThroughIpc(input: unknown) {
  const dispatcher = createDispatcher({
    handlers: createActionHandlers(fx.actions) as never,
    trustedOrigins: ['app://paydesk'],
  })
  return dispatcher.invoke({ frameUrl: 'app://paydesk/index.html', isAppWindow: true }, 'payments.cancelRefund', input)
}

const onWire = () => fx.sent.map((e) => `${e.method} ${new URL(e.url).pathname}`)

describe('cancel refund (issue 49 item 3)', () => {
  it('cancels a pending refund: read fresh, DELETE with a key, and the payment answered with the amount back', async () => {
    const paymentId = await paidPayment('30.00')
    const { refund: made } = await fx.actions.refund({ paymentId, amount: { currency: 'EUR', value: '12.50' } })
    const refund = present(made, 'the refund')
    expect(refund.status).toBe('pending')
    fx.sent = []
    const answer = await cancelThroughIpc({ paymentId, refundId: refund.id })
    expect(answer).toMatchObject({
      ok: true,
      value: {
        refund: { id: refund.id, status: 'canceled' },
        payment: {
          id: paymentId,
          amountRemaining: { currency: 'EUR', value: '30.00' },
          _embedded: { refunds: [{ id: refund.id, status: 'canceled' }] },
        },
      },
    })
    expect(onWire()).toEqual([
      `GET /v2/payments/${paymentId}/refunds/${refund.id}`,
      `GET /v2/payments/${paymentId}`,
      `DELETE /v2/payments/${paymentId}/refunds/${refund.id}`,
      `GET /v2/payments/${paymentId}`,
    ])
    // No Idempotency-Key on a DELETE (the service ignores it there; the client reads before a resend).
    expect(fx.sent.find((e) => e.method === 'DELETE')?.idempotencyKey).toBeNull()
  })

  it('refuses in main, sending nothing, once the refund is being paid out', async () => {
    const paymentId = await paidPayment('30.00')
    const { refund: made } = await fx.actions.refund({ paymentId, amount: { currency: 'EUR', value: '5.00' } })
    const refund = present(made, 'the refund')
    // Two hours later the refund is processing (docs/SANDBOX.md "Refunds").
    await createSandboxAdmin(fx.sandbox.origin, fx.sandbox.adminToken).advanceClock({ advanceSeconds: 2 * 3600 + 1 })
    fx.sent = []
    expect(await cancelThroughIpc({ paymentId, refundId: refund.id })).toMatchObject({
      ok: false,
      error: {
        code: 'conflict',
        message: expect.stringMatching(/^Nothing was sent: the refund can no longer be canceled\. Being paid out/),
      },
    })
    expect(onWire()).toEqual([`GET /v2/payments/${paymentId}/refunds/${refund.id}`])
  })
})
