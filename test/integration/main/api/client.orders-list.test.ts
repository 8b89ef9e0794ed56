// GET /v2/orders (https://docs.mollie.com/reference/list-orders) in the sandbox and `listOrders` in the
// client: the same cursor paging as payments (from/limit/sort, count, _embedded.orders, _links),
// default and maximum page size from the shared module, scopes never mixed.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startSandbox, type RunningSandbox } from '../../../../src/sandbox/index'
import { validOrderBody, validPaymentBody, GENEROUS_QUOTAS } from '../../../helpers/sandbox-fixtures'
import { DEFAULT_PAGE_SIZE, MAX_PAGE_SIZE, type Order } from '../../../../src/shared/api-types'
import { recordingClient, rejection, TEST_KEY } from '../../helpers/api-client'
import { present } from '../../../helpers/present'

const LIVE_KEY = 'live_ordersListIntegration01'
const ORDERS = 130
let sandbox: RunningSandbox
const created: string[] = []

async function api(path: string, key = TEST_KEY, init: RequestInit = {}) {
  const response = await fetch(`${sandbox.baseUrl}${path}`, {
    ...init,
    headers: { Authorization: `Bearer ${key}`, 'Content-Type': 'application/json' },
  })
  return { status: response.status, json: (await response.json()) as Record<string, any> } // eslint-disable-line @typescript-eslint/no-explicit-any
}

beforeAll(async () => {
  sandbox = await startSandbox({
    seedPayments: 0,
    keys: [TEST_KEY, LIVE_KEY],
    quotas: GENEROUS_QUOTAS,
  })
  for (let i = 0; i < ORDERS; i++) {
    const { status, json } = await api('/orders', TEST_KEY, {
      method: 'POST',
      body: JSON.stringify(validOrderBody(`A-${i}`)),
    })
    expect(status).toBe(201)
    created.push(json.id)
    // payments in between: order ids and payment ids share one sequence
    if (i % 10 === 0) await api('/payments', TEST_KEY, { method: 'POST', body: JSON.stringify(validPaymentBody()) })
  }
  await api('/orders', LIVE_KEY, { method: 'POST', body: JSON.stringify(validOrderBody('LIVE-1')) })
})
afterAll(async () => {
  await sandbox.close()
})

describe('sandbox GET /v2/orders', () => {
  it('answers newest first with the default page size and HAL links', async () => {
    const { status, json } = await api('/orders')
    expect(status).toBe(200)
    expect(json.count).toBe(DEFAULT_PAGE_SIZE)
    const ids = json._embedded.orders.map((o: Order) => o.id)
    expect(ids).toEqual(created.slice(-DEFAULT_PAGE_SIZE).reverse())
    expect(json._links.previous).toBeNull()
    expect(json._links.next.href).toContain('/v2/orders?')
    expect(json._links.documentation.href).toContain('list-orders')
    expect(json._embedded.orders[0]._embedded).toBeUndefined()
    expect(json._embedded.orders[0].resource).toBe('order')
  })

  it('walks every order exactly once in both sort orders, following next verbatim', async () => {
    for (const sort of ['desc', 'asc'] as const) {
      const seen: string[] = []
      let url: string | null = `${sandbox.baseUrl}/orders?limit=17&sort=${sort}`
      while (url) {
        const response = await fetch(url, { headers: { Authorization: `Bearer ${TEST_KEY}` } })
        const json = (await response.json()) as {
          _embedded: { orders: Order[] }
          _links: { next: { href: string } | null }
        }
        seen.push(...json._embedded.orders.map((o) => o.id))
        url = json._links.next?.href ?? null
      }
      expect(seen).toEqual(sort === 'desc' ? [...created].reverse() : created)
    }
  })

  it('refuses a bad limit, sort or cursor with 400 naming the field', async () => {
    for (const [query, field] of [
      [`limit=${MAX_PAGE_SIZE + 1}`, 'limit'],
      ['limit=0', 'limit'],
      ['sort=up', 'sort'],
      ['from=ord_doesNotExist', 'from'],
      [`from=${present(created[0]).replace('ord_', 'tr_')}`, 'from'],
    ]) {
      const { status, json } = await api(`/orders?${query}`)
      expect(status, query).toBe(400)
      expect(json.field, query).toBe(field)
    }
  })

  it('never shows live orders to a test key or the other way round', async () => {
    const live = await api('/orders', LIVE_KEY)
    expect(live.json._embedded.orders.map((o: Order) => o.orderNumber)).toEqual(['LIVE-1'])
    const { status } = await api(`/orders?from=${live.json._embedded.orders[0].id}`)
    expect(status).toBe(400)
  })
})

describe('client listOrders', () => {
  it('pages by query and by link and checks its input before sending', async () => {
    const { client, events } = recordingClient(sandbox.baseUrl)
    try {
      const first = await client.listOrders({ limit: 25 })
      expect(first._embedded.orders.map((o) => o.id)).toEqual(created.slice(-25).reverse())
      const second = await client.listOrders({ link: present(first._links.next).href })
      expect(second._embedded.orders[0]?.id).toBe(created[created.length - 26])
      const byFrom = await client.listOrders({ from: created[10], sort: 'asc', limit: 2 })
      expect(byFrom._embedded.orders.map((o) => o.id)).toEqual([created[10], created[11]])
      const sent = events.length
      expect((await rejection(client.listOrders({ limit: MAX_PAGE_SIZE + 1 }))).field).toBe('limit')
      expect((await rejection(client.listOrders({ from: 'tr_abc' }))).kind).toBe('invalid-request')
      expect(events.length).toBe(sent)
    } finally {
      client.dispose()
    }
  })
})
