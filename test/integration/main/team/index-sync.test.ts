// Issue 51 item 3: one sync per merchant. Of several desks (and a runner) on one team database,
// the advisory lock elects exactly one to walk; the others only search. A desk that quits hands the
// walk on, and the next one resumes where the last committed page left it. A real cluster, the
// real sandbox over HTTP, the real client.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { SyncClient } from '../../../../src/main/search/sync'
import type { IndexSync } from '../../../../src/main/team/index-sync'
import { SharedIndex } from '../../../../src/main/team/shared-index'
import { present } from '../../../helpers/present'
import { validPaymentBody } from '../../../helpers/sandbox-fixtures'
import { startSharedIndexFixture, type SharedIndexFixture } from '../../helpers/shared-index-fixture'

const KEY = 'test_IndexSyncElectionKey000001'
const ADMIN = 'index-sync-admin-token-0123456789'
let f: SharedIndexFixture

beforeAll(async () => {
  f = await startSharedIndexFixture({ key: KEY, adminToken: ADMIN })
}, 60_000)

afterAll(() => f.close())

/** Which of the elections hold the walk after each tried at the same moment. */
async function electAll(desks: IndexSync[]): Promise<IndexSync[]> {
  const held = await Promise.all(desks.map((d) => d.elect()))
  return desks.filter((_, i) => held[i])
}

describe('one sync per merchant (issue 51 item 3)', () => {
  it('elects exactly one syncing desk among several, and another when it quits', async () => {
    const desks = ['anna', 'bob', 'lena', 'anna', 'bob', 'lena'].map((login) => f.election(login))
    const first = await electAll(desks)
    expect(first).toHaveLength(1)
    // Round after round the same desk keeps it: no flapping.
    expect(await electAll(desks)).toEqual(first)
    const leader = present(first[0], 'the elected desk')
    expect(await leader.round()).toBe('synced')
    const others = desks.filter((d) => d !== leader)
    expect(await Promise.all(others.map((d) => d.round()))).toEqual(others.map(() => 'another syncs'))

    await leader.close() // the desk quits (or crashes: the server ends its session either way)
    const next = await electAll(others)
    expect(next).toHaveLength(1)
    expect(next[0]).not.toBe(leader)
    await Promise.all(others.map((d) => d.resign()))
  })

  it('leaves the walk to a runner: a desk that holds it gives it up, and no desk takes it while the runner is there', async () => {
    const desk = f.election('bob')
    const colleague = f.election('anna')
    expect(await desk.elect()).toBe(true)
    const runner = f.election('lena', 'runner')
    expect(await runner.elect()).toBe(false) // the desk still holds it
    expect(await desk.elect()).toBe(false) // its next round sees the runner and gives it up
    expect(await runner.elect()).toBe(true)
    expect(await colleague.elect()).toBe(false)
    expect(await desk.round()).toBe('another syncs')
    await runner.close()
    expect((await electAll([desk, colleague])).length).toBe(1) // no runner: a desk again
    await desk.resign()
    await colleague.resign()
  })

  it('resumes an interrupted walk on another desk at the first page not committed', async () => {
    for (let i = 0; i < 20; i++) await f.client.createPayment(validPaymentBody({ description: `Resume ${i}` }))
    const shared = new SharedIndex(f.pool('anna'))
    await shared.clear()
    const stopped = new AbortController()
    let pages = 0
    const quitting = f.election('anna', 'desk', 5)
    await expect(
      quitting.round({
        full: true,
        signal: stopped.signal,
        onPage: () => {
          if (++pages === 2) stopped.abort()
        },
      }),
    ).rejects.toMatchObject({ name: 'AbortError' })
    const left = await shared.marker('payments')
    expect(left.nextLink).not.toBeNull()
    expect(await shared.count('payments')).toBe(10)
    await quitting.close()

    // The next desk's walk starts at the saved page, not at the top.
    const asked: string[] = []
    const watching: SyncClient = {
      ...f.client,
      listPayments: (input, opts) => {
        asked.push('link' in input ? input.link : 'top')
        return f.client.listPayments(input, opts)
      },
      listOrders: (input, opts) => f.client.listOrders(input, opts),
    }
    const taking = f.election('bob', 'desk', 5, watching)
    expect(await taking.round()).toBe('synced')
    expect(asked[0]).toBe(left.nextLink)
    expect(await shared.count('payments')).toBe(20)
    await taking.close()
  })
})
