// Customers made through the Customers API are found by the app's search by name and e-mail (issue 48
// item 7): their payments (POST /customers/{id}/payments, https://docs.mollie.com/reference/create-customer-payment)
// name the customer by id only. The real sandbox over HTTP, the real client, a real SQLite index.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { SearchIndex } from '../../../../src/main/search/index-db'
import { parseSearchQuery } from '../../../../src/shared/search/query'
import { validPaymentBody } from '../../../helpers/sandbox-fixtures'
import { startSyncFixture, type SyncFixture } from '../../helpers/sync-fixture'

let fixture: SyncFixture
let index: SearchIndex

function found(text: string): string[] {
  const parsed = parseSearchQuery(text, Date.now())
  if (!parsed.ok) throw new Error(parsed.message)
  return index.search('payments', parsed.query, 100).hits.map((h) => h.id)
}

beforeAll(async () => {
  fixture = await startSyncFixture({
    key: 'test_CustomerSearchKey000001',
    adminToken: 'customer-search-admin-0123456789',
    seed: 5,
    connectionId: 'conn_custsearch0001',
    highQuotas: true,
  })
  index = fixture.index
})

afterAll(() => fixture.close())

describe('customers of the Customers API in the search', () => {
  it("a customer payment is found by its customer's name and e-mail after a sync", async () => {
    const customer = await fixture.client.request<{ id: string }>({
      method: 'POST',
      path: '/customers',
      body: { name: 'Ingrid Bergström', email: 'ingrid.bergstrom@example.org' },
    })
    const payment = await fixture.client.request<{ id: string }>({
      method: 'POST',
      path: `/customers/${customer.id}/payments`,
      body: validPaymentBody({ description: 'Sauna bench' }),
    })
    await fixture.sync()
    expect(found('Bergström')).toEqual([payment.id])
    expect(found('ingrid.bergstrom@example.org')).toEqual([payment.id])
  })
})
