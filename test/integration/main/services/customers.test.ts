// Issue 25 item 4: the customer view's service on the real app services (the built-in Sandbox over
// HTTP, the API client, a real SQLite index). Opening a customer finds their orders and payments in
// the index, reads each fresh from the service, and says totals and problems exactly.
import { randomBytes } from 'node:crypto'
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { AppServices } from '../../../../src/main/app-services'
import { completeCheckout } from '../../../../src/sandbox'
import type { CustomerView } from '../../../../src/shared/ipc/customers'
import { CUSTOMER_VIEW_BOUND } from '../../../../src/shared/ipc/customers'
import { present } from '../../../helpers/present'
import { validOrderBody, validPaymentBody } from '../../../helpers/sandbox-fixtures'
import { startTestApp, type TestApp } from '../../helpers/app-services'

let dir: string
let services: AppServices
let invoke: TestApp['invoke']
const suffix = randomBytes(4).toString('hex')

async function open(input: unknown): Promise<CustomerView> {
  const reply = await invoke('customers.open', input)
  expect(reply.ok, JSON.stringify(reply.error)).toBe(true)
  return reply.value as unknown as CustomerView
}

async function sync(): Promise<void> {
  await services.search.sync()
  await services.search.whenIdle()
}

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'paydesk-customers-'))
  ;({ services, invoke } = await startTestApp(dir, {
    // 120 seeded payments bring the practice stories (docs/SANDBOX.md); writes fast for the bound test.
    sandboxOptions: {
      seedPayments: 120,
      seed: 25,
      quotas: { test: { write: { q: 200, burst: 400 }, read: { q: 200, burst: 400 } } },
    },
  }))
  await sync()
})

afterAll(async () => {
  await services?.dispose()
  await rm(dir, { recursive: true, force: true })
})

describe('opening a customer by e-mail (issue 25 item 4)', () => {
  it('finds the card-declined caller: three payments, exact totals, the later failure first with its reason', async () => {
    const view = await open({ email: 'Lukas.Schneider@example.com' })
    expect(view.name).toBe('Lukas Schneider')
    expect(view.email).toBe('lukas.schneider@example.com')
    expect(view.customerId).toMatch(/^cst_/)
    expect(view.payments.map((p) => p.status)).toEqual(['paid', 'failed', 'failed'])
    expect(view.payments.every((p) => p.fresh)).toBe(true)
    expect(view.totals).toEqual([
      { currency: 'EUR', paid: '89.00', refunded: '0.00', chargedBack: '0.00', failed: '178.00', open: '0.00' },
    ])
    expect(view.problems.map((p) => [p.kind, p.reason])).toEqual([
      ['failed', 'The security code (CVV) is incorrect.'],
      ['failed', 'The card has insufficient funds.'],
    ])
    expect(view.phone).toBeTruthy()
    expect(view.addresses.length).toBeGreaterThan(0)
    expect(view.moreOrders || view.morePayments).toBe(false)
  })

  it('reads each object fresh: an order paid since the last sync reads paid, and its index row follows', async () => {
    const email = `three.orders.${suffix}@example.com`
    const client = await services.connections.getActiveClient()
    const billingAddress = {
      givenName: 'Ada',
      familyName: `Three${suffix}`,
      email,
      phone: '+31201234567',
      streetAndNumber: 'Dam 1',
      postalCode: '1012 JS',
      city: 'Amsterdam',
      country: 'NL',
    }
    const orders = []
    for (let i = 1; i <= 3; i++) {
      orders.push(await client.createOrder(validOrderBody(`T3-${suffix}-${i}`, { billingAddress })))
    }
    await sync()
    const before = await open({ email })
    expect(before.orders.map((o) => o.id).sort()).toEqual(orders.map((o) => o.id).sort())
    expect(before.orders.map((o) => o.status)).toEqual(['created', 'created', 'created'])
    expect(before.phone).toBe('+31201234567')

    // The customer pays the first order at checkout; no sync runs before the view opens again.
    const first = present(orders[0])
    expect((await completeCheckout(present(first._links.checkout).href, 'paid')).status).toBe(303)
    const after = await open({ email })
    expect(after.orders.find((o) => o.id === first.id)?.status).toBe('paid')
    // The two other orders still wait for their payment (made with the order, open at checkout).
    expect(after.totals).toEqual([
      { currency: 'EUR', paid: '121.00', refunded: '0.00', chargedBack: '0.00', failed: '0.00', open: '242.00' },
    ])
    // The index row was refreshed by the view: a search for paid orders of this e-mail finds it.
    const found = await services.search.query(`${email} paid`)
    expect(found.orders.hits.map((h) => h.id)).toEqual([first.id])
  })

  it('an e-mail nobody used opens an empty customer, not an error', async () => {
    const view = await open({ email: `nobody.${suffix}@example.com` })
    expect(view.orders).toEqual([])
    expect(view.payments).toEqual([])
    expect(view.totals).toEqual([])
    expect(view.customerId).toBeNull()
  })

  it(`shows the newest ${CUSTOMER_VIEW_BOUND} payments and says that more exist`, async () => {
    const email = `many.${suffix}@example.com`
    const client = await services.connections.getActiveClient()
    const ids: string[] = []
    for (let i = 0; i < CUSTOMER_VIEW_BOUND + 3; i++) {
      const p = await client.createPayment(
        validPaymentBody({
          description: `Many ${i}`,
          billingAddress: {
            email,
            givenName: 'Max',
            familyName: 'Many',
            streetAndNumber: 'Dam 2',
            postalCode: '1012 JS',
            city: 'Amsterdam',
            country: 'NL',
          },
        }),
      )
      ids.push(p.id)
    }
    await sync()
    const view = await open({ email })
    expect(view.payments).toHaveLength(CUSTOMER_VIEW_BOUND)
    expect(view.morePayments).toBe(true)
    // The newest ones: the three oldest are left out.
    expect(new Set(view.payments.map((p) => p.id))).toEqual(new Set(ids.slice(3)))
    expect(view.totals).toEqual([
      { currency: 'EUR', paid: '0.00', refunded: '0.00', chargedBack: '0.00', failed: '0.00', open: '500.00' },
    ])
  })
})

describe('opening a customer by the service’s customer id', () => {
  it('reads the customer object and their payments from the customers API', async () => {
    const byEmail = await open({ email: 'sanne.devries@example.com' })
    const id = present(byEmail.customerId)
    const view = await open({ customerId: id })
    expect(view.raw?.id).toBe(id)
    expect(view.name).toBe('Sanne de Vries')
    expect(view.payments.map((p) => p.id)).toEqual(byEmail.payments.map((p) => p.id))
    expect(view.payments).toHaveLength(4)
    expect(view.problems[0]).toMatchObject({ kind: 'failed', reason: 'Insufficient funds (bank code AM04)' })
    expect(view.totals).toEqual([
      { currency: 'EUR', paid: '38.97', refunded: '0.00', chargedBack: '0.00', failed: '12.99', open: '0.00' },
    ])
  })

  it('an unknown customer id is “not found”; a malformed one is refused before anything is sent', async () => {
    expect((await invoke('customers.open', { customerId: 'cst_Unknown00000' })).error?.code).toBe('not-found')
    expect((await invoke('customers.open', { customerId: 'tr_abc' })).error?.code).toBe('invalid-input')
    expect((await invoke('customers.open', { email: 'not an address' })).error?.code).toBe('invalid-input')
    expect((await invoke('customers.open', {})).error?.code).toBe('invalid-input')
    expect((await invoke('customers.open', { email: 'a@b.example', customerId: 'cst_x1' })).error?.code).toBe(
      'invalid-input',
    )
  })
})
