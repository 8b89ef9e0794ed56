// The client's calls for the rest of an order and the merchant's money (issue 48) through the real
// client against the sandbox over HTTP: update order, shipments with tracking, cancel lines, balances,
// settlements, all methods, profiles; writes are keyed as the operation table says, ids are checked
// before anything is sent.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import * as calls from '../../../../../src/main/api/resources/fulfilment'
import { completeCheckout, startSandbox, type RunningSandbox } from '../../../../../src/sandbox/index'
import { validOrderBody } from '../../../../helpers/sandbox-fixtures'
import { TEST_KEY, recordingClient, rejection } from '../../../helpers/api-client'

let sb: RunningSandbox

beforeAll(async () => {
  sb = await startSandbox({
    seedPayments: 0,
    keys: [TEST_KEY],
    clockStartMs: Date.parse('2026-05-06T08:00:00Z'),
    quotas: { test: { read: { q: 500, burst: 500 }, write: { q: 500, burst: 500 } } },
  })
})
afterAll(async () => {
  await sb.close()
})

describe('fulfilment and money calls of the client', () => {
  it('updates an order, ships it with tracking, lists and updates the shipment; POSTs carry an Idempotency-Key, PATCHes none (docs.mollie.com/overview/api-idempotency)', async () => {
    const { client, events } = recordingClient(sb.baseUrl)
    const order = await client.createOrder(validOrderBody('CL-SHIP-1'), { embed: 'payments' })
    const renamed = await calls.updateOrder(client, order.id, { orderNumber: 'CL-SHIP-1b' })
    expect(renamed.orderNumber).toBe('CL-SHIP-1b')
    await completeCheckout(`${sb.origin}/checkout/${order._embedded?.payments?.[0]?.id ?? ''}`, 'paid')
    const shipment = await calls.createShipment(client, order.id, {
      lines: [{ id: order.lines[0]?.id ?? '' }],
      tracking: { carrier: 'PostNL', code: '3SABCD1234' },
    })
    expect(shipment.resource).toBe('shipment')
    const list = await calls.listShipments(client, order.id)
    expect(list._embedded.shipments.map((s) => s.id)).toEqual([shipment.id])
    const moved = await calls.updateShipment(client, order.id, shipment.id, { carrier: 'DHL', code: 'JVGL1' })
    expect(moved.tracking?.carrier).toBe('DHL')
    expect((await calls.getShipment(client, order.id, shipment.id)).tracking?.code).toBe('JVGL1')
    expect((await client.getOrder(order.id)).status).toBe('shipping')
    const posts = events.filter((e) => e.method === 'POST')
    expect(posts.every((e) => typeof e.idempotencyKey === 'string' && e.idempotencyKey.length > 0)).toBe(true)
    const patches = events.filter((e) => e.method === 'PATCH')
    expect(patches.length).toBe(2)
    expect(patches.every((e) => !e.idempotencyKey)).toBe(true)
    client.dispose()
  })

  it('reads balances, transactions and settlements, all methods and the current profile', async () => {
    const { client } = recordingClient(sb.baseUrl)
    const primary = await calls.getBalance(client, 'primary')
    expect(primary).toMatchObject({ resource: 'balance', currency: 'EUR' })
    expect((await calls.listBalances(client))._embedded.balances.length).toBeGreaterThan(0)
    const transactions = await calls.listBalanceTransactions(client, primary.id, { limit: 5 })
    expect(transactions._embedded.balance_transactions[0]?.type).toBe('payment')
    const open = await calls.getSettlement(client, 'open')
    expect(open.status).toBe('open')
    expect((await calls.listSettlementPayments(client, open.id))._embedded.payments.length).toBeGreaterThan(0)
    expect((await calls.listSettlements(client))._embedded.settlements.length).toBeGreaterThan(0)
    expect((await calls.listAllMethods(client)).some((m) => m.status === null)).toBe(true)
    expect((await calls.getProfile(client, 'me')).id).toBe(sb.profileId)
    client.dispose()
  })

  it('checks ids before sending: nothing goes out for a bad shipment or balance id', async () => {
    const { client, events } = recordingClient(sb.baseUrl)
    expect((await rejection(calls.getShipment(client, 'ord_x1', 'tr_notashipment'))).kind).toBe('invalid-request')
    expect((await rejection(calls.getBalance(client, 'EUR'))).kind).toBe('invalid-request')
    expect((await rejection(calls.listShipments(client, 'ord_x1', { limit: 0 }))).kind).toBe('invalid-request')
    expect(events).toHaveLength(0)
    client.dispose()
  })
})
