// Payment links (issue 48 item 2; https://docs.mollie.com/reference/payment-links-api): create, get,
// list, update, delete, paid through the link's page and the hosted checkout, the link's payments
// with `_links.paymentLink`.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { completeCheckout } from '../../../../src/sandbox/index'
import { present } from '../../../helpers/present'
import { startHarness, type Harness, type Json } from '../../helpers/sandbox-harness'

let h: Harness

beforeAll(async () => {
  h = await startHarness({ clockStartMs: Date.parse('2026-05-04T09:00:00Z') })
})
afterAll(() => h.close())

const tires = (overrides: Record<string, unknown> = {}) => ({
  amount: { currency: 'EUR', value: '24.95' },
  description: 'Bicycle tires',
  redirectUrl: 'https://webshop.example.org/thanks',
  webhookUrl: 'https://webshop.example.org/payment-links/webhook/',
  ...overrides,
})

/** Opens the link's page as a payer does and goes on to the checkout: the checkout URL. */
async function openLink(link: Json): Promise<Response> {
  const page = await fetch(link._links.paymentLink.href as string)
  // A closed link's page has no form: the POST goes without a token and is refused for the link's state.
  const token = /name="token" value="([^"]*)"/.exec(await page.text())?.[1] ?? ''
  return fetch(link._links.paymentLink.href as string, {
    method: 'POST',
    redirect: 'manual',
    headers: { 'Content-Type': 'application/x-www-form-urlencoded', Origin: h.sandbox.origin },
    body: new URLSearchParams({ token }).toString(),
  })
}

describe('payment links', () => {
  it('create, get and list the documented object (create-payment-link, get-payment-link, list-payment-links)', async () => {
    const created = await h.api('POST', '/payment-links', tires({ expiresAt: '2026-06-06T11:00:00+00:00' }))
    expect(created.status).toBe(201)
    const link: Json = created.json
    expect(link).toMatchObject({
      resource: 'payment-link',
      mode: 'test',
      description: 'Bicycle tires',
      amount: { currency: 'EUR', value: '24.95' },
      archived: false,
      redirectUrl: 'https://webshop.example.org/thanks',
      paidAt: null,
      expiresAt: '2026-06-06T11:00:00+00:00',
      profileId: h.sandbox.profileId,
      reusable: false,
      allowedMethods: null,
    })
    expect(link.id).toMatch(/^pl_/)
    expect(link._links.paymentLink.type).toBe('text/html')
    expect((await h.api('GET', `/payment-links/${link.id}`)).json).toEqual(link)
    const list = (await h.api('GET', '/payment-links')).json
    expect(list._embedded.payment_links.map((l: Json) => l.id)).toContain(link.id)
  })

  it('paid through the link page and the hosted checkout: the payment carries _links.paymentLink, the link paidAt (get-payment-link-payments)', async () => {
    const link = (await h.api('POST', '/payment-links', tires())).json
    const go = await openLink(link)
    expect(go.status).toBe(303)
    const checkout = present(go.headers.get('location'), 'location')
    await completeCheckout(checkout, 'paid')
    const payments = (await h.api('GET', `/payment-links/${link.id}/payments`)).json
    expect(payments.count).toBe(1)
    const [payment] = payments._embedded.payments
    expect(payment).toMatchObject({ status: 'paid', amount: link.amount, description: 'Bicycle tires' })
    expect(payment._links.paymentLink.href).toBe(link._links.self.href)
    expect((await h.api('GET', `/payments/${payment.id}`)).json._links.paymentLink.href).toBe(link._links.self.href)
    const after = (await h.api('GET', `/payment-links/${link.id}`)).json
    expect(after.paidAt).toMatch(/^2026-05-04T/)
    // Paid once (not reusable): the page takes no second payment.
    expect((await openLink(link)).status).toBe(409)
    // A link with payments cannot be deleted (delete-payment-link); archiving it is the way.
    expect((await h.api('DELETE', `/payment-links/${link.id}`)).status).toBe(422)
  })

  it('update description and archived; an archived link takes no payment; an unused link is deleted (update-payment-link, delete-payment-link)', async () => {
    const link = (await h.api('POST', '/payment-links', tires())).json
    const updated = await h.api('PATCH', `/payment-links/${link.id}`, { description: 'Winter tires', archived: true })
    expect(updated.status).toBe(200)
    expect(updated.json).toMatchObject({ description: 'Winter tires', archived: true })
    expect((await openLink(link)).status).toBe(409)
    const unused = (await h.api('POST', '/payment-links', tires())).json
    expect((await h.api('DELETE', `/payment-links/${unused.id}`)).status).toBe(204)
    expect((await h.api('GET', `/payment-links/${unused.id}`)).status).toBe(404)
  })

  it('the link page takes a payment only from its own form: another site or a missing token is refused and makes none', async () => {
    const link = (await h.api('POST', '/payment-links', tires())).json
    const href = link._links.paymentLink.href as string
    const page = await (await fetch(href)).text()
    const token = present(/name="token" value="([^"]*)"/.exec(page)?.[1], 'token')
    const post = (headers: Record<string, string>, body: string) =>
      fetch(href, {
        method: 'POST',
        redirect: 'manual',
        headers: { 'Content-Type': 'application/x-www-form-urlencoded', ...headers },
        body,
      })
    expect((await post({ Origin: 'https://evil.example' }, `token=${token}`)).status).toBe(403)
    expect((await post({ Origin: h.sandbox.origin }, 'token=forged')).status).toBe(403)
    expect((await h.api('GET', `/payment-links/${link.id}/payments`)).json.count).toBe(0)
  })

  it('bad bodies, ids and pages get the documented error object, never a 500', async () => {
    const cases: [Record<string, unknown>, string][] = [
      [{ description: undefined }, 'description'],
      [{ amount: undefined }, 'amount'],
      [{ amount: { currency: 'EUR', value: '-1.00' } }, 'amount'],
      [{ amount: { currency: 'XXX', value: '1.00' } }, 'amount.currency'],
      [{ redirectUrl: 'not a url' }, 'redirectUrl'],
      [{ webhookUrl: 'http://localhost/hook' }, 'webhookUrl'],
      [{ expiresAt: '2026-01-01T00:00:00+00:00' }, 'expiresAt'],
      [{ expiresAt: 'tomorrow' }, 'expiresAt'],
      [{ reusable: 'yes' }, 'reusable'],
    ]
    for (const [overrides, field] of cases) {
      const r = await h.api('POST', '/payment-links', tires(overrides))
      expect({ overrides, status: r.status, field: r.json.field }).toEqual({ overrides, status: 422, field })
      expect(Object.keys(r.json).sort()).toEqual(['_links', 'detail', 'field', 'status', 'title'])
    }
    const badUpdate = await h.api('PATCH', '/payment-links/pl_missing1', { archived: 'no' })
    expect([badUpdate.status, badUpdate.json.field]).toEqual([422, 'archived'])
    expect((await h.api('GET', '/payment-links/pl_missing1')).status).toBe(404)
    expect((await h.api('GET', '/payment-links/pl_missing1/payments')).status).toBe(404)
    const page = await h.api('GET', '/payment-links?limit=251')
    expect([page.status, page.json.field]).toEqual([400, 'limit'])
  })
})
