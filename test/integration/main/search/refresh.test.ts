// Issue 25 item 1: after one incremental sync every object the index holds has the service's current
// status, also those indexed while open that were paid, failed or canceled since (the service has no
// "changed since" filter). The real sandbox over HTTP, the real client, a real SQLite index.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { ApiClient } from '../../../../src/main/api'
import type { SearchIndex } from '../../../../src/main/search/index-db'
import { REFRESH_BUDGET, refreshUnsettled } from '../../../../src/main/search/refresh'
import { completeCheckout, createSandboxAdmin, type RunningSandbox } from '../../../../src/sandbox/index'
import { parseSearchQuery } from '../../../../src/shared/search/query'
import { PAYMENT_STATUSES } from '../../../../src/shared/service/enums'
import { validPaymentBody } from '../../../helpers/sandbox-fixtures'
import { startSyncFixture, type SyncFixture } from '../../helpers/sync-fixture'

const KEY = 'test_RefreshUnsettledKey000001'
const ADMIN = 'refresh-admin-token-0123456789'
let sandbox: RunningSandbox
let client: ApiClient
let fixture: SyncFixture
let index: SearchIndex

const sync = (): Promise<void> => fixture.sync()

function statusOf(id: string): string | undefined {
  return PAYMENT_STATUSES.find((status) => index.idsWithStatus('payments', [status], 1000).includes(id))
}

beforeAll(async () => {
  fixture = await startSyncFixture({ key: KEY, adminToken: ADMIN, seed: 7, connectionId: 'conn_refresh000001' })
  ;({ sandbox, client, index } = fixture)
})

afterAll(() => fixture.close())

describe('one incremental sync brings the index up to date (issue 25 item 1)', () => {
  it('payments indexed as open that were paid, failed or canceled since read their new status', async () => {
    const created = []
    for (let i = 0; i < 4; i++)
      created.push(await client.createPayment(validPaymentBody({ description: `Refresh ${i}` })))
    await sync()
    for (const p of created) expect(statusOf(p.id)).toBe('open')

    const [paid, failed, canceled, stillOpen] = created
    if (!paid || !failed || !canceled || !stillOpen) throw new Error('four payments expected')
    await completeCheckout(`${sandbox.origin}/checkout/${paid.id}`, 'paid')
    await completeCheckout(`${sandbox.origin}/checkout/${failed.id}`, 'failed')
    await completeCheckout(`${sandbox.origin}/checkout/${canceled.id}`, 'canceled')

    await sync()
    expect(statusOf(paid.id)).toBe('paid')
    expect(statusOf(failed.id)).toBe('failed')
    expect(statusOf(canceled.id)).toBe('canceled')
    expect(statusOf(stillOpen.id)).toBe('open')
  })

  it('reads at most its budget per sync, newest first', async () => {
    const newest = await client.createPayment(validPaymentBody({ description: 'Budget newest' }))
    await sync()
    const read: string[] = []
    const counting = {
      getPayment: async (id: string) => (read.push(id), client.getPayment(id)),
      getOrder: (id: string) => client.getOrder(id),
    }
    const open = index.idsWithStatus('payments', ['open'], 100)
    expect(open.length).toBeGreaterThanOrEqual(2)
    const n = await refreshUnsettled(index, counting, 'payments', { signal: new AbortController().signal, budget: 1 })
    expect(n).toBe(1)
    expect(read).toEqual([newest.id])
    expect(REFRESH_BUDGET).toBeLessThanOrEqual(250)
  })
})

describe('refunds and chargebacks since the last sync reach the payments they changed (issue 25 item 1)', () => {
  const hits = (text: string) => {
    const parsed = parseSearchQuery(text, Date.now())
    if (!parsed.ok) throw new Error(parsed.message)
    return index.search('payments', parsed.query, 50).hits
  }
  const stateOf = (id: string) => hits('Settled').find((h) => h.id === id)?.state

  it('a paid payment refunded in part, one refunded in full and one charged back read so after one sync', async () => {
    const admin = createSandboxAdmin(sandbox.origin, ADMIN)
    const created = []
    for (let i = 0; i < 3; i++) {
      const p = await client.createPayment(validPaymentBody({ description: `Settled ${i}` }))
      await completeCheckout(`${sandbox.origin}/checkout/${p.id}`, 'paid')
      created.push(p)
    }
    await sync()
    const [part, full, chargedBack] = created
    if (!part || !full || !chargedBack) throw new Error('three payments expected')
    for (const p of created) expect(stateOf(p.id)).toBe('paid')

    await client.createRefund(part.id, { amount: { currency: 'EUR', value: '1.00' } })
    await client.createRefund(full.id, { amount: full.amount })
    await admin.openChargeback(chargedBack.id)
    await sync()
    // The index reads payments as the list does, without their refunds: a refund made, not "refunded".
    expect(stateOf(part.id)).toBe('part refund made')
    expect(stateOf(full.id)).toBe('refund made')
    expect(stateOf(chargedBack.id)).toBe('charged back')
    // And a search finds them by what happened.
    const found = (text: string) => hits(text).map((h) => h.id)
    expect(found('chargeback')).toContain(chargedBack.id)
    expect(found('refunded')).toEqual(expect.arrayContaining([part.id, full.id]))
    expect(found('refunded')).not.toContain(chargedBack.id)
  })

  it('a change list the credential cannot read leaves the sync complete, and the other list still counts', async () => {
    const admin = createSandboxAdmin(sandbox.origin, ADMIN)
    const p = await client.createPayment(validPaymentBody({ description: 'Settled unreadable' }))
    await completeCheckout(`${sandbox.origin}/checkout/${p.id}`, 'paid')
    await sync()
    await client.createRefund(p.id, { amount: { currency: 'EUR', value: '1.00' } })
    await admin.addFault({ path: '/v2/chargebacks', kind: 'malformed-json', count: 1 })
    await expect(sync()).resolves.toBeUndefined()
    expect(stateOf(p.id)).toBe('part refund made')
  })
})
