/**
 * What one refund costs (issue 23 item 4): one IPC call from the page, and at most 3 HTTP requests
 * to the service, counted on the real client talking to the sandbox over loopback. The checks before
 * the write (fresh state, amount, a refund already made) still hold with the smaller count.
 */
import { describe, expect, it } from 'vitest'
import { useActionsFixture } from '../../../helpers/actions-fixture'
import { createDispatcher } from '../../../../../src/main/ipc/dispatcher'
import { createActionHandlers } from '../../../../../src/main/services/actions/handlers'
import { paidPaymentId } from '../../../../helpers/sandbox-fixtures'

const TEST_KEY = 'test_RefundRequestsTestKey00001'
const fx = useActionsFixture({ key: TEST_KEY, folderPrefix: 'paydesk-refund-requests-' })

const paidPayment = (value: string): Promise<string> => paidPaymentId(fx.sandbox, TEST_KEY, value)

function refundThroughIpc(input: unknown) {
  const dispatcher = createDispatcher({
    handlers: createActionHandlers(fx.actions) as never,
    trustedOrigins: ['app://paydesk'],
  })
  return dispatcher.invoke({ frameUrl: 'app://paydesk/index.html', isAppWindow: true }, 'payments.refund', input)
}

const onWire = () => fx.sent.map((e) => `${e.method} ${new URL(e.url).pathname}`)

describe('one refund', () => {
  it('is one IPC call and at most 3 HTTP requests: read with its refunds, refund, read after', async () => {
    const paymentId = await paidPayment('30.00')
    fx.sent = []
    const answer = await refundThroughIpc({ paymentId, amount: { currency: 'EUR', value: '12.50' } })
    expect(answer).toMatchObject({
      ok: true,
      value: {
        refund: { amount: { currency: 'EUR', value: '12.50' } },
        payment: { id: paymentId, amountRefunded: { currency: 'EUR', value: '12.50' } },
      },
    })
    expect(fx.sent.length, onWire().join('\n')).toBeLessThanOrEqual(3)
    expect(onWire()).toEqual([
      `GET /v2/payments/${paymentId}`,
      `POST /v2/payments/${paymentId}/refunds`,
      `GET /v2/payments/${paymentId}`,
    ])
    // The first read carries the payment's refunds and chargebacks: the guard (a refund already made,
    // an open chargeback) is built from it (issue 49 item 1).
    expect(new URL(fx.sent[0]?.url ?? '').searchParams.get('embed')).toBe('refunds,chargebacks')
    // The answer is the payment as it is after the refund, with its refunds: the view reads nothing more.
    const refundId = (answer as { value: { refund: { id: string } } }).value.refund.id
    expect(answer).toMatchObject({
      value: { payment: { _embedded: { refunds: [{ id: refundId }], chargebacks: [] } } },
    })
  })

  it('still refuses the same refund again within the hour, from the refunds the first read brought', async () => {
    const paymentId = await paidPayment('30.00')
    const refund = { paymentId, amount: { currency: 'EUR', value: '4.00' } }
    expect(await refundThroughIpc(refund)).toMatchObject({ ok: true })
    fx.sent = []
    expect(await refundThroughIpc(refund)).toMatchObject({
      ok: false,
      error: { code: 'conflict', message: expect.stringMatching(/already made/) },
    })
    // Refused after one read: no write, no separate refunds list.
    expect(onWire()).toEqual([`GET /v2/payments/${paymentId}`])
  })
})
