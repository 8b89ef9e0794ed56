// Issue 25 item 1: more unsettled objects than one sync reads by id (bench:freshness: ~1,000 open or
// authorized among 100,000). The oldest of them, paid or failed since, read so after one sync, and
// with fewer requests than one per object. The real sandbox over HTTP, the real client, a real index.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { ApiClient } from '../../../../src/main/api'
import type { SearchIndex } from '../../../../src/main/search/index-db'
import { REFRESH_BUDGET } from '../../../../src/main/search/refresh'
import { completeCheckout, createSandboxAdmin, type RunningSandbox } from '../../../../src/sandbox/index'
import type { Payment } from '../../../../src/shared/api-types'
import { PAYMENT_STATUSES } from '../../../../src/shared/service/enums'
import { validPaymentBody } from '../../../helpers/sandbox-fixtures'
import { startSyncFixture, type SyncFixture } from '../../helpers/sync-fixture'

const KEY = 'test_RefreshWalkKey00000000001'
const ADMIN = 'refresh-walk-admin-token-000001'
let sandbox: RunningSandbox
let client: ApiClient
let fixture: SyncFixture
let index: SearchIndex
let requests = 0

const sync = (full = false): Promise<void> => fixture.sync(full)

function statusOf(id: string): string | undefined {
  return PAYMENT_STATUSES.find((status) => index.idsWithStatus('payments', [status], 100_000).includes(id))
}

beforeAll(async () => {
  fixture = await startSyncFixture({
    key: KEY,
    adminToken: ADMIN,
    seed: 13,
    connectionId: 'conn_refreshWalk01',
    highQuotas: true,
    onAttempt: () => void requests++,
  })
  ;({ sandbox, client, index } = fixture)
})

afterAll(() => fixture.close())

describe('many unsettled payments (issue 25 item 1)', () => {
  it('the oldest of more than a sync’s budget, paid or failed since, read so after one sync', async () => {
    const open: Payment[] = []
    const create = async (i: number) =>
      open.push(await client.createPayment(validPaymentBody({ description: `Waiting ${i}`, method: 'banktransfer' })))
    // Bank transfers stay open for days: two, then an hour later more than a sync reads by id.
    for (let i = 0; i < 2; i++) await create(i)
    await createSandboxAdmin(sandbox.origin, ADMIN).advanceClock({ advanceSeconds: 3600 })
    for (let i = 2; i < REFRESH_BUDGET + 30; i++) await create(i)
    await sync(true)
    const [oldest, second] = open
    if (!oldest || !second) throw new Error('payments expected')
    expect(statusOf(oldest.id)).toBe('open')

    await completeCheckout(`${sandbox.origin}/checkout/${oldest.id}`, 'paid')
    await completeCheckout(`${sandbox.origin}/checkout/${second.id}`, 'failed')
    requests = 0
    await sync()
    expect(statusOf(oldest.id)).toBe('paid')
    expect(statusOf(second.id)).toBe('failed')
    expect(index.idsWithStatus('payments', ['open'], 100_000)).toHaveLength(open.length - 2)
    // A walk of the list (250 a page), not one request per unsettled payment.
    expect(requests).toBeLessThan(open.length)
  })
})
