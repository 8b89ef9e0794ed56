// Issue 25 item 1: every refund and chargeback made since the last sync reaches the payment it changed,
// however many there are (bench:freshness found 1,000 changes losing all their chargebacks: the walk
// met them, moved its marker past them, and read only the first 400 payments). The real sandbox over
// HTTP, the real client, a real SQLite index.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { ApiClient } from '../../../../src/main/api'
import type { SearchIndex } from '../../../../src/main/search/index-db'
import { completeCheckout, createSandboxAdmin, type RunningSandbox } from '../../../../src/sandbox/index'
import type { Payment } from '../../../../src/shared/api-types'
import { parseSearchQuery } from '../../../../src/shared/search/query'
import { validPaymentBody } from '../../../helpers/sandbox-fixtures'
import { startSyncFixture, type SyncFixture } from '../../helpers/sync-fixture'

const KEY = 'test_ChangesWalkKey0000000001'
const ADMIN = 'changes-admin-token-0123456789'
let sandbox: RunningSandbox
let client: ApiClient
let fixture: SyncFixture
let index: SearchIndex

const sync = (): Promise<void> => fixture.sync()

/** Runs `work` over `items`, eight at a time. */
async function eightAtATime<T>(items: T[], work: (item: T) => Promise<unknown>): Promise<void> {
  let next = 0
  await Promise.all(
    Array.from({ length: 8 }, async () => {
      while (next < items.length) await work(items[next++] as T)
    }),
  )
}

function found(text: string): string[] {
  const parsed = parseSearchQuery(text, Date.now())
  if (!parsed.ok) throw new Error(parsed.message)
  return index.search('payments', parsed.query, 1000).hits.map((h) => h.id)
}

beforeAll(async () => {
  fixture = await startSyncFixture({
    key: KEY,
    adminToken: ADMIN,
    seed: 11,
    connectionId: 'conn_changes000001',
    highQuotas: true,
  })
  ;({ sandbox, client, index } = fixture)
})

afterAll(() => fixture.close())

describe('refunds and chargebacks since the last sync, many of them (issue 25 item 1)', () => {
  it('300 refunds and 200 chargebacks on 500 paid payments all read so after one sync', async () => {
    const admin = createSandboxAdmin(sandbox.origin, ADMIN)
    const paid: Payment[] = []
    await eightAtATime(
      Array.from({ length: 500 }, (_, i) => i),
      async (i) => {
        const p = await client.createPayment(validPaymentBody({ description: `Many ${i}` }))
        await completeCheckout(`${sandbox.origin}/checkout/${p.id}`, 'paid')
        paid.push(p)
      },
    )
    await sync()
    await sync() // the first sync of an index only learns where the change lists stand
    expect(found('refunded')).toEqual([])
    const refunded = paid.slice(0, 300)
    const chargedBack = paid.slice(300)
    await eightAtATime(refunded, (p) => client.createRefund(p.id, { amount: { currency: 'EUR', value: '1.00' } }))
    await eightAtATime(chargedBack, (p) => admin.openChargeback(p.id))

    await sync()
    expect(new Set(found('refunded'))).toEqual(new Set(refunded.map((p) => p.id)))
    expect(new Set(found('chargeback'))).toEqual(new Set(chargedBack.map((p) => p.id)))
  })
})
