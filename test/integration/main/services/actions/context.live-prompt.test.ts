/**
 * Issue 49 item 7: on a live connection main's own question names the customer, also for a payment of
 * an order (which carries no address of its own: the order's customer is read and named). Through the
 * real client and the sandbox; the question is answered "Cancel", so nothing is sent.
 */
import { describe, expect, it } from 'vitest'
import type { LiveWriteSummary } from '../../../../../src/main/services/live-write-guard'
import { createActionsService } from '../../../../../src/main/services/actions'
import { completeCheckout } from '../../../../../src/sandbox'
import { validOrderBody, validPaymentBody } from '../../../../helpers/sandbox-fixtures'
import { useActionsFixture } from '../../../helpers/actions-fixture'

const LIVE_KEY = 'live_LivePromptCustomerKey00001'
const fx = useActionsFixture({ key: LIVE_KEY, folderPrefix: 'paydesk-live-prompt-' })

async function post<T>(path: string, body: unknown): Promise<T> {
  const response = await fetch(`${fx.sandbox.baseUrl}${path}`, {
    method: 'POST',
    headers: { Authorization: `Bearer ${LIVE_KEY}`, 'Content-Type': 'application/json' },
    body: JSON.stringify(body),
  })
  return (await response.json()) as T
}

function askingActions(asked: LiveWriteSummary[]) {
  return createActionsService({
    dataDir: fx.dataDir,
    record: () => {},
    connections: fx.connections,
    getKey: async () => new Uint8Array(32),
    liveWrites: {
      async confirm(summary) {
        asked.push(summary)
        return false
      },
    },
  })
}

describe('the live question names the customer', () => {
  it('names the order’s customer when a payment of an order is refunded or changed', async () => {
    type Created = { id: string; _embedded: { payments: { id: string; _links: { checkout: { href: string } } }[] } }
    const order = await post<Created>('/orders?embed=payments', validOrderBody('LIVE-CUST-1'))
    const payment = order._embedded.payments[0]
    if (!payment) throw new Error('the order has no payment')
    await completeCheckout(payment._links.checkout.href, 'paid')
    const asked: LiveWriteSummary[] = []
    const actions = askingActions(asked)
    await expect(
      actions.refund({ paymentId: payment.id, amount: { currency: 'EUR', value: '10.00' } }),
    ).rejects.toMatchObject({ code: 'canceled' })
    expect(asked.map((a) => a.customer)).toEqual(['Piet Mondriaan <piet@example.org>, order LIVE-CUST-1'])
    actions.dispose()
  })

  it('names the payment’s own customer, without reading anything more, for a payment with an address', async () => {
    const address = {
      ...validOrderBody().billingAddress,
      givenName: 'Ada',
      familyName: 'King',
      email: 'ada@example.org',
    }
    const created = await post<{ id: string; _links: { checkout: { href: string } } }>(
      '/payments',
      validPaymentBody({ billingAddress: address }),
    )
    await completeCheckout(created._links.checkout.href, 'paid')
    const asked: LiveWriteSummary[] = []
    const actions = askingActions(asked)
    fx.sent = []
    await expect(
      actions.refund({ paymentId: created.id, amount: { currency: 'EUR', value: '1.00' } }),
    ).rejects.toMatchObject({ code: 'canceled' })
    expect(asked.map((a) => a.customer)).toEqual(['Ada King <ada@example.org>'])
    expect(fx.sent.filter((e) => new URL(e.url).pathname.includes('/orders/'))).toEqual([])
    actions.dispose()
  })
})
