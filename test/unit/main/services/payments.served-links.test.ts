import { describe, expect, it } from 'vitest'
import type { PaymentList } from '../../../../src/shared/api-types'
import type { ListPaymentsInput } from '../../../../src/main/api/client'
import { createPaymentsService, isPaymentsListLink, type PaymentsClient } from '../../../../src/main/services/payments'
import { present } from '../../../helpers/present'
import { payment } from '../../helpers/story-objects'

// Issue 11.3: the renderer may follow only page links main handed it. A compromised page that asks
// for another path on the API origin (a review read /v2/customers with the live key) gets an error,
// and the client is never called.

const BASE = 'https://api.example.test/v2'

function page(ids: string[], next: string | null): PaymentList {
  return {
    count: ids.length,
    _embedded: { payments: ids.map((id) => payment({ id })) },
    _links: {
      self: { href: `${BASE}/payments?limit=2`, type: 'application/hal+json' },
      previous: null,
      next: next === null ? null : { href: next, type: 'application/hal+json' },
      documentation: { href: 'https://docs.example.test/list-payments', type: 'text/html' },
    },
  }
}

function fakeClient() {
  const calls: ListPaymentsInput[] = []
  const client: PaymentsClient = {
    async listPayments(input) {
      calls.push(input ?? {})
      const link = input && 'link' in input ? input.link : undefined
      if (link === `${BASE}/payments?from=tr_c&limit=2`) return page(['tr_c', 'tr_d'], null)
      return page(['tr_a', 'tr_b'], `${BASE}/payments?from=tr_c&limit=2`)
    },
    async getPayment() {
      throw new Error('not used')
    },
  }
  return { client, calls }
}

function service(client: PaymentsClient) {
  return createPaymentsService({ getClient: async () => client, chooseSavePath: async () => null })
}

describe('payments.list follows only links main served', () => {
  it('follows the next link of a page it returned', async () => {
    const { client, calls } = fakeClient()
    const payments = service(client)
    const first = await payments.list({ sessionId: 's', requestKey: 'k', query: { limit: 2 } })
    const next = present((JSON.parse(first.pageText) as PaymentList)._links.next).href
    const second = await payments.list({ sessionId: 's', requestKey: 'k', link: next })
    expect(second.ids).toEqual(['tr_c', 'tr_d'])
    expect(second.rowsText.split('\n').map((t) => (JSON.parse(t) as { id: string }).id)).toEqual(['tr_c', 'tr_d'])
    expect(calls).toHaveLength(2)
  })

  it.each([
    [`${BASE}/customers`],
    [`${BASE}/payments/tr_a/refunds`],
    [`${BASE}/payments?from=tr_c&limit=2&testmode=true`],
    [`${BASE}/payments?from=tr_zz&limit=2`], // the right shape, but never served
    ['https://evil.example/v2/payments?from=tr_c&limit=2'],
    ['javascript:alert(1)'],
  ])('refuses %s without calling the service', async (link) => {
    const { client, calls } = fakeClient()
    const payments = service(client)
    await payments.list({ sessionId: 's', requestKey: 'k', query: { limit: 2 } })
    await expect(payments.list({ sessionId: 's', requestKey: 'k', link })).rejects.toMatchObject({
      code: 'invalid-input',
    })
    expect(calls).toHaveLength(1)
  })

  it('does not let one browsing session use the links served to another', async () => {
    const { client, calls } = fakeClient()
    const payments = service(client)
    const first = await payments.list({ sessionId: 'a', requestKey: 'k', query: { limit: 2 } })
    const next = present((JSON.parse(first.pageText) as PaymentList)._links.next).href
    await expect(payments.list({ sessionId: 'b', requestKey: 'k', link: next })).rejects.toMatchObject({
      code: 'invalid-input',
    })
    expect(calls).toHaveLength(1)
  })

  it('recognises the payments list path family only', () => {
    expect(isPaymentsListLink(`${BASE}/payments?from=tr_a&limit=50&sort=asc`)).toBe(true)
    expect(isPaymentsListLink(`${BASE}/payments/tr_a`)).toBe(false)
    expect(isPaymentsListLink(`${BASE}/payments?embed=refunds`)).toBe(false)
    expect(isPaymentsListLink('https://user:pw@api.example.test/v2/payments')).toBe(false)
    expect(isPaymentsListLink('not a url')).toBe(false)
  })
})
