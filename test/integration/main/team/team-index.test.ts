// Issue 51 item 1: the shared index switched on. Two desks (each its own login and read-only token)
// and a team runner on one team database: the runner walks the merchant, both desks find a payment
// created after the start with one walk of the runner, and neither desk walks the service. Without a
// runner one desk walks; when it quits or its session ends, another desk takes the walk over. A real
// cluster, the real sandbox over HTTP, the real API client.
import { randomBytes } from 'node:crypto'
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createApiClient, type ApiClient } from '../../../../src/main/api'
import { createSearchService } from '../../../../src/main/search/service'
import type { SyncClient } from '../../../../src/main/search/sync'
import { startRunner, type RunningRunner } from '../../../../src/main/team/runner-process'
import { addAgent } from '../../../../src/main/team/team-admin'
import { openTeamIndex, type TeamIndex } from '../../../../src/main/team/team-index'
import { parseSearchQuery } from '../../../../src/shared/search/query'
import { customerPayment, startSharedIndexFixture, type SharedIndexFixture } from '../../helpers/shared-index-fixture'

const KEY = 'test_TeamIndexRunnerWriteKey0001'
const TOKEN = 'access_TeamIndexDeskReadToken01'
const ADMIN = 'team-index-admin-token-0123456789'
const runnerPassword = randomBytes(12).toString('hex')
let f: SharedIndexFixture
const opened: TeamIndex[] = []
const clients: ApiClient[] = []

beforeAll(async () => {
  f = await startSharedIndexFixture({
    key: KEY,
    adminToken: ADMIN,
    more: [`${TOKEN}:payments.read,refunds.read,orders.read`],
  })
  const admin = await f.team.admin()
  await addAgent(admin, 'runner', 'runner', runnerPassword)
}, 60_000)

afterAll(async () => {
  await Promise.all(opened.map((d) => d.close()))
  for (const c of clients) c.dispose()
  await f.close()
})

/** The desk's read-only client, counting every call it makes to the service. */
function deskClient(): { client: SyncClient; calls: string[] } {
  const api = createApiClient({
    baseUrl: f.sandbox.baseUrl,
    getCredential: async () => ({ secret: TOKEN, kind: 'organization-token', testmode: true }),
  })
  clients.push(api)
  const calls: string[] = []
  const client: SyncClient = {
    listPayments: (input, opts) => (calls.push('listPayments'), api.listPayments(input, opts)),
    listOrders: (input, opts) => (calls.push('listOrders'), api.listOrders(input, opts)),
    getPayment: (id, opts) => (calls.push('getPayment'), api.getPayment(id, opts)),
    getOrder: (id, opts) => (calls.push('getOrder'), api.getOrder(id, opts)),
    request: (req, opts) => (calls.push('request'), api.request(req, opts)),
  }
  return { client, calls }
}

/** A desk in team mode as `login`: its settings name the team database; rounds only when asked. */
async function desk(login: string) {
  const { client, calls } = deskClient()
  const index = await openTeamIndex({
    settings: {
      read: async () => ({
        connectionString: `postgres://${login}@127.0.0.1:${f.team.cluster.port}/postgres`,
        login,
        password: f.team.password(login),
      }),
    },
    client: async () => client,
    everyMs: 0,
  })
  opened.push(index)
  return { index, calls }
}

/**
 * The server ends a closed session a moment after the client leaves: until then desks still see the
 * runner's lock session and leave the walk to it. Waits (no time limit but the test's) until it is gone.
 */
async function runnerSessionGone(): Promise<void> {
  const admin = await f.team.admin()
  for (;;) {
    const left = await admin.query(
      `SELECT 1 FROM pg_stat_activity WHERE application_name = 'paydesk-runner:index-sync'`,
    )
    if (left.rowCount === 0) return
    await new Promise((resolve) => setTimeout(resolve, 20))
  }
}

/** Waits until the server has released every advisory lock (a session it ends lets go a moment later). */
async function lockReleased(): Promise<void> {
  const admin = await f.team.admin()
  for (;;) {
    const held = await admin.query(`SELECT 1 FROM pg_locks WHERE locktype = 'advisory' AND granted`)
    if (held.rowCount === 0) return
    await new Promise((resolve) => setTimeout(resolve, 20))
  }
}

async function found(index: TeamIndex, text: string): Promise<string[]> {
  const parsed = parseSearchQuery(text, Date.now())
  if (!parsed.ok) throw new Error(parsed.message)
  const shared = index.shared()
  if (shared === null) throw new Error('the desk is not in team mode')
  return (await shared.search('payments', parsed.query)).hits.map((h) => h.id)
}

/** Home's summary from the desk's view of the shared index, for today in local time. */
async function summaryOf(index: TeamIndex) {
  const shared = index.shared()
  if (shared === null) throw new Error('the desk is not in team mode')
  const d = new Date()
  return shared.summary({
    todayFrom: new Date(d.getFullYear(), d.getMonth(), d.getDate()).getTime(),
    weekFrom: new Date(d.getFullYear(), d.getMonth(), d.getDate() - 6).getTime(),
    until: new Date(d.getFullYear(), d.getMonth(), d.getDate() + 1).getTime(),
  })
}

describe('the shared index switched on (issue 51 item 1)', () => {
  it('two desks and a runner: the runner walks, both desks find a new payment, neither desk walks', async () => {
    let runner: RunningRunner | null = null
    try {
      runner = await startRunner({
        config: { connectionString: f.team.cluster.urlFor('runner', runnerPassword) },
        api: {
          getPayment: (id) => f.client.getPayment(id, { embed: ['refunds', 'chargebacks'] }),
          createRefund: (id, body, idempotencyKey) => f.client.createRefund(id, body, { idempotencyKey }),
        },
        index: { client: f.client, everyMs: 3_600_000 },
      })
      expect(await runner.syncIndex()).toBe('synced') // its first walk, at start
      const anna = await desk('anna')
      const bob = await desk('bob')
      expect(anna.index.active()).toBe(true)
      // The desks' rounds find the runner there: they do not walk.
      expect(await anna.index.round()).toBe('another syncs')
      expect(await bob.index.round()).toBe('another syncs')

      const created = await f.client.createPayment(customerPayment('Zelda', 'Quistorp', 'zelda.quistorp@example.com'))
      expect(await found(anna.index, 'quistorp')).not.toContain(created.id)
      const before = await summaryOf(anna.index)
      expect(await runner.syncIndex()).toBe('synced') // one sync interval: one walk of the runner
      expect(await found(anna.index, 'quistorp')).toContain(created.id)
      // Home's counts come from the shared index too: today's new payment is counted on every desk.
      const after = await summaryOf(bob.index)
      expect(after.payments).toBe(before.payments + 1)
      expect(after.today[created.status]).toBe((before.today[created.status] ?? 0) + 1)
      expect(after.last7Days[created.status]).toBe((before.last7Days[created.status] ?? 0) + 1)
      expect(await found(bob.index, 'zelda.quistorp@')).toContain(created.id)
      expect(await anna.index.round({ full: true })).toBe('another syncs')
      expect(anna.calls).toEqual([])
      expect(bob.calls).toEqual([])
    } finally {
      await runner?.stop()
      await runnerSessionGone()
      await lockReleased()
    }
  })

  it('without a runner one desk walks; it hands over when it quits and when its session ends', async () => {
    const anna = await desk('anna')
    const bob = await desk('bob')
    const first = await anna.index.round()
    const second = await bob.index.round()
    expect([first, second].sort()).toEqual(['another syncs', 'synced'])
    const [leader, other] = first === 'synced' ? [anna, bob] : [bob, anna]
    expect(leader.calls.length).toBeGreaterThan(0)
    expect(other.calls).toEqual([])

    await leader.index.close() // the desk quits: its lock session ends with it
    await lockReleased()
    expect(await other.index.round()).toBe('synced')
    expect(other.calls.length).toBeGreaterThan(0)

    // A desk that goes away without a word (its session ended by the server): the lock goes too.
    const lena = await desk('lena')
    expect(await lena.index.round()).toBe('another syncs')
    const admin = await f.team.admin()
    const ended = await admin.query(
      `SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE application_name = 'paydesk:index-lock' AND usename = $1`,
      [other === anna ? 'anna' : 'bob'],
    )
    expect(ended.rowCount).toBeGreaterThan(0)
    await lockReleased()
    expect(await lena.index.round()).toBe('synced')
    expect(lena.calls.length).toBeGreaterThan(0)
  })

  it('gives the walk up when it fails (a refused credential), so another desk walks instead of nobody', async () => {
    await Promise.all(opened.map((d) => d.close())) // the desks before this one have gone
    await lockReleased()
    const refused = await openTeamIndex({
      settings: {
        read: async () => ({
          connectionString: `postgres://anna@127.0.0.1:${f.team.cluster.port}/postgres`,
          login: 'anna',
          password: f.team.password('anna'),
        }),
      },
      client: async () => {
        throw new Error('In team mode this desk reads with a read-only access token')
      },
      everyMs: 0,
    })
    opened.push(refused)
    await expect(refused.round()).rejects.toThrow(/read-only access token/)
    expect(refused.leading()).toBe(false)
    const bob = await desk('bob')
    expect(await bob.index.round()).toBe('synced')
  })

  it('is off without a team database: no shared index, no rounds', async () => {
    const index = await openTeamIndex({
      settings: { read: async () => null },
      client: async () => deskClient().client,
      everyMs: 0,
    })
    opened.push(index)
    expect(index.active()).toBe(false)
    expect(index.shared()).toBeNull()
    expect(await index.round()).toBe('off')
  })

  it('keeps the desk’s own index fresh while the team database is away, and stops when it is back', async () => {
    const anna = await desk('anna')
    const dir = await mkdtemp(join(tmpdir(), 'paydesk-team-away-'))
    const key = randomBytes(32)
    // The search service as the app wires it (app-services/domain.ts) to this desk's team index.
    const service = createSearchService({
      dataDir: dir,
      getKey: async () => key,
      active: async () => ({ id: 'conn_teamaway00001', client: f.client }),
      knownConnectionIds: async () => ['conn_teamaway00001'],
      emitProgress: () => {},
      autoSync: false,
      syncEveryMs: 0,
      shared: () => anna.index.shared(),
      walksOwnIndex: () => !anna.index.active(),
      teamRound: (options) => anna.index.round(options),
    })
    const own = async () => (await service.currentIndex()).count('payments')
    const syncOwn = async () => {
      await service.sync()
      await service.whenIdle()
    }
    try {
      await anna.index.round()
      expect(anna.index.active()).toBe(true)
      await f.client.createPayment(customerPayment('Ada', 'Weg', 'ada.weg@example.com'))
      await syncOwn()
      expect(await own()).toBe(0) // the team's walk is the one: this desk's own index is not walked
      await anna.index.round() // the team round "Sync now" asked for has ended

      f.team.cluster.stop()
      let whileAway = 0
      try {
        await expect(anna.index.round()).rejects.toThrow()
        expect(anna.index.active()).toBe(false)
        await syncOwn()
        whileAway = await own()
        expect(whileAway).toBeGreaterThan(0) // walked while the team database is away …
        const found = await service.query('ada weg')
        expect(found.payments.hits.map((h) => h.customer)).toEqual(['Ada Weg · ada.weg@example.com'])
        expect(found.warnings.join(' ')).toMatch(/These results are from this desk's own index/)
      } finally {
        f.team.cluster.start()
      }
      await anna.index.round()
      expect(anna.index.active()).toBe(true)
      await f.client.createPayment(customerPayment('Bea', 'Terug', 'bea.terug@example.com'))
      await syncOwn()
      expect(await own()).toBe(whileAway) // … and not once it is back
    } finally {
      await service.dispose()
      await rm(dir, { recursive: true, force: true })
    }
  })
})
