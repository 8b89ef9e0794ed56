// Issue 51 item 3: a desk in team mode searches the team's shared index; when the team database
// cannot be reached the search box answers from the desk's own index and says so. The real search
// service, a real cluster, the real sandbox over HTTP.
import { randomBytes } from 'node:crypto'
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createSearchService, type SearchService } from '../../../../src/main/search/service'
import { sharedSearch } from '../../../../src/main/team/shared-search'
import { customerPayment, startSharedIndexFixture, type SharedIndexFixture } from '../../helpers/shared-index-fixture'

const KEY = 'test_SharedSearchDeskKey00000001'
const ADMIN = 'shared-search-admin-token-0123456789'
let f: SharedIndexFixture
let dir: string
let service: SearchService
let teamMode = true
const rounds: boolean[] = []

beforeAll(async () => {
  f = await startSharedIndexFixture({ key: KEY, adminToken: ADMIN })
  dir = await mkdtemp(join(tmpdir(), 'paydesk-shared-search-'))
  const key = randomBytes(32)
  const pool = f.pool('anna')
  const search = sharedSearch(pool, { login: 'anna', where: `127.0.0.1:${f.team.cluster.port}/postgres` }, 2000)
  service = createSearchService({
    dataDir: dir,
    getKey: async () => key,
    active: async () => ({ id: 'conn_shared000001', client: f.client }),
    knownConnectionIds: async () => ['conn_shared000001'],
    emitProgress: () => {},
    autoSync: false,
    syncEveryMs: 0,
    shared: () => (teamMode ? search : null),
    walksOwnIndex: () => !teamMode,
    teamRound: async ({ full }) => rounds.push(full),
  })
}, 60_000)

afterAll(async () => {
  await service.dispose()
  await f.close()
  await rm(dir, { recursive: true, force: true })
})

const ids = (group: { hits: { id: string }[] }) => group.hits.map((h) => h.id)

describe('the search box in team mode (issue 51 item 3)', () => {
  it('answers from the shared index, and from the desk’s own with a notice when the database is down', async () => {
    const old = await f.client.createPayment(customerPayment('Olga', 'Smit', 'olga.smit@example.com'))
    teamMode = false
    await service.sync() // the desk's own index holds Olga's payment …
    await service.whenIdle()
    teamMode = true
    const fresh = await f.client.createPayment(customerPayment('Olga', 'Visser', 'olga.visser@example.com'))
    expect(await f.election('anna').round()).toBe('synced') // … the team's shared index holds both

    const shared = await service.query('olga')
    expect(new Set(ids(shared.payments))).toEqual(new Set([old.id, fresh.id]))
    expect(shared.warnings).toEqual([])
    // Without team mode the same desk finds only what its own index holds (the test can tell them apart).
    teamMode = false
    expect(ids((await service.query('olga')).payments)).toEqual([old.id])
    teamMode = true

    f.team.cluster.stop()
    try {
      const fallback = await service.query('olga')
      expect(ids(fallback.payments)).toEqual([old.id])
      expect(fallback.warnings.join(' ')).toMatch(
        /^The team database at 127\.0\.0\.1:\d+\/postgres .*These results are from this desk's own index/,
      )
    } finally {
      f.team.cluster.start()
    }
    expect(ids((await service.query('olga visser')).payments)).toEqual([fresh.id]) // back when it is
  })

  it('"Sync now" in team mode asks for a round of the team walk, and does not walk the desk’s own index', async () => {
    rounds.length = 0
    const before = (await service.currentIndex()).count('payments')
    await f.client.createPayment(customerPayment('Piet', 'Bakker', 'piet.bakker@example.com'))
    await service.sync({ full: true })
    await service.whenIdle()
    expect(rounds).toEqual([true])
    expect((await service.currentIndex()).count('payments')).toBe(before)
  })
})
