// Issue 50, gap b, in the built renderer on the real services (sandbox, client, record, keychain): the
// customer view lists the writes recorded on the customer's payments, not only on the customer object,
// in words with the payment each was on, newest first; a customer with none says so. axe at moderate+,
// light and dark.
import { randomBytes } from 'node:crypto'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { ApiClient } from '../../src/main/api'
import type { Payment } from '../../src/shared/api-types'
import { completeCheckout } from '../../src/sandbox'
import { validPaymentBody } from '../helpers/sandbox-fixtures'
import { present } from '../helpers/present'
import { axeAtCallSizes, axeViolations } from './axe'
import { startHarness, type Harness } from './harness'

let h: Harness
let client: ApiClient
const suffix = randomBytes(4).toString('hex')

async function customerWithPayments(name: string, count: number): Promise<{ id: string; payments: Payment[] }> {
  const customer = await client.request<{ id: string }>({
    method: 'POST',
    path: '/customers',
    body: { name, email: `${name.toLowerCase().replace(/\W/g, '.')}.${suffix}@example.com` },
  })
  const payments: Payment[] = []
  for (let i = 0; i < count; i++) {
    const p = await client.createPayment(
      validPaymentBody({
        amount: { currency: 'EUR', value: '50.00' },
        description: `${name} ${i}`,
        customerId: customer.id,
      }),
    )
    await completeCheckout(present(p._links.checkout).href, 'paid')
    payments.push(p)
  }
  return { id: customer.id, payments }
}

/** A refund made through main, as the refund dialog sends it (recorded with the agent and the ticket). */
async function refund(paymentId: string, value: string, ticket: string): Promise<void> {
  const ok = await h.page.evaluate(
    async ({ paymentId, value, ticket }) => {
      const reply = await window.paydesk.payments.refund({ paymentId, amount: { currency: 'EUR', value }, ticket })
      return reply.ok
    },
    { paymentId, value, ticket },
  )
  expect(ok).toBe(true)
}

async function openCustomerOf(paymentId: string): Promise<void> {
  await h.page.keyboard.press('Control+k')
  await h.page.getByTestId('search-input').fill(paymentId)
  await expect.poll(() => h.page.getByTestId('search-direct').textContent()).toContain(paymentId)
  await h.page.keyboard.press('Enter')
  await h.page.getByTestId('detail-customer').click()
  await h.page.getByTestId('customer-body').waitFor()
}

beforeAll(async () => {
  h = await startHarness({ name: 'customer-writes', deps: { sandboxOptions: { seedPayments: 10 } } })
  client = await h.services.connections.getActiveClient()
  await h.page.getByTestId('home-screen').waitFor()
})

afterAll(async () => {
  await h?.close()
})

describe('the customer view’s record of writes (issue 50, gap b)', () => {
  it('lists the refunds made on the customer’s payments, newest first, with the payment each was on', async () => {
    const { payments } = await customerWithPayments('Wanda Writes', 2)
    const [first, second] = payments.map((p) => p.id)
    await refund(present(first), '5.00', '4711')
    await refund(present(second), '7.50', '4712')
    await openCustomerOf(present(first))
    const list = h.page.getByTestId('customer-writes-list')
    await list.waitFor()
    const rows = await list.locator('li').allInnerTexts()
    expect(rows).toHaveLength(2)
    expect(rows[0]).toMatch(new RegExp(`^Refund of €7\\.50 by you, ticket 4712, .+, on payment ${second}$`))
    expect(rows[1]).toMatch(new RegExp(`^Refund of €5\\.00 by you, ticket 4711, .+, on payment ${first}$`))
    for (const scheme of ['light', 'dark'] as const) {
      await h.page.emulateMedia({ colorScheme: scheme })
      expect(await axeViolations(h.page, { minImpact: 'moderate' })).toEqual([])
    }
    await h.screenshot('customer-writes')
    // The two window sizes too (1280×800 and 960×600), light and dark.
    expect(await axeAtCallSizes(h.page)).toEqual([])
    // The payment it was on opens from the row.
    await list.getByRole('button', { name: present(first) }).click()
    await expect.poll(() => h.page.getByTestId('payment-detail').textContent()).toContain(present(first))
  })

  it('a customer nothing was done on says so', async () => {
    const { payments } = await customerWithPayments('Nadia Nothing', 1)
    await openCustomerOf(present(payments[0]).id)
    await expect
      .poll(() => h.page.getByTestId('customer-writes-empty').textContent())
      .toBe('Paydesk has recorded no refund, cancel or other change on this customer or their payments and orders.')
    expect(await axeViolations(h.page, { minImpact: 'moderate' })).toEqual([])
  })
})
