// The customers API calls with a fake request path (their HTTP is tested against the sandbox in
// test/integration/main/services/customers.test.ts): ids and limits are checked before anything is
// sent, and an answer that is not what was asked is refused.
import { describe, expect, it } from 'vitest'
import { getCustomer, listCustomerPayments } from '../../../../../src/main/api/resources/customers'
import type { LogicalRequest } from '../../../../../src/main/api/call/request-builder'

function fakeClient(answer: unknown) {
  const sent: LogicalRequest[] = []
  return {
    sent,
    client: {
      request: async <T>(req: LogicalRequest): Promise<T> => {
        sent.push(req)
        return answer as T
      },
    },
  }
}

describe('customers API calls', () => {
  it('sends GET /customers/{id} and returns the customer', async () => {
    const { client, sent } = fakeClient({ resource: 'customer', id: 'cst_abc123' })
    await expect(getCustomer(client, 'cst_abc123')).resolves.toMatchObject({ id: 'cst_abc123' })
    expect(sent).toEqual([{ method: 'GET', path: '/customers/cst_abc123' }])
  })

  it('refuses an id that is not a customer id, sending nothing', async () => {
    const { client, sent } = fakeClient({})
    await expect(getCustomer(client, '../payments/tr_1')).rejects.toMatchObject({ kind: 'invalid-request' })
    await expect(listCustomerPayments(client, 'tr_abc', 50)).rejects.toMatchObject({ kind: 'invalid-request' })
    await expect(listCustomerPayments(client, 'cst_abc', 0)).rejects.toMatchObject({ field: 'limit' })
    expect(sent).toEqual([])
  })

  it('refuses an answer that is another object or a list without payments', async () => {
    await expect(
      getCustomer(fakeClient({ resource: 'customer', id: 'cst_other' }).client, 'cst_abc'),
    ).rejects.toMatchObject({ kind: 'malformed-response' })
    await expect(
      listCustomerPayments(fakeClient({ _embedded: { customers: [] } }).client, 'cst_abc', 50),
    ).rejects.toMatchObject({ kind: 'malformed-response' })
    const ok = fakeClient({ count: 0, _embedded: { payments: [] }, _links: {} })
    await expect(listCustomerPayments(ok.client, 'cst_abc', 50)).resolves.toMatchObject({ count: 0 })
    expect(ok.sent).toEqual([{ method: 'GET', path: '/customers/cst_abc/payments', query: { limit: 50 } }])
  })
})
