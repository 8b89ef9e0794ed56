// A team database for integration tests: a throwaway cluster (test/helpers/postgres.ts) set up as
// `team:setup` does, with agents anna and bob, lead lena and viewer vic, and desks that open the
// team record as any of them.
import { randomBytes } from 'node:crypto'
import { mkdtempSync, rmSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import pg from 'pg'
import { addAgent, setUpTeamDatabase, type TeamRole } from '../../../src/main/team/team-admin'
import { openTeamRecordStore, type TeamRecordStore, type TeamStoreOptions } from '../../../src/main/team/team-store'
import { startTestCluster, type ClusterOptions, type TestCluster } from '../../helpers/postgres'

export const TEAM: Record<string, TeamRole> = { anna: 'agent', bob: 'agent', lena: 'lead', vic: 'viewer' }

export interface TestTeam {
  cluster: TestCluster
  password(login: string): string
  /** A client as the cluster's superuser (the team's admin). */
  admin(): Promise<pg.Client>
  /** A client logged in as one of the team. */
  as(login: string): Promise<pg.Client>
  /** A desk with its own data folder, opened as `login`. */
  desk(login: string, options?: Partial<TeamStoreOptions>): Promise<TeamRecordStore>
  destroy(): Promise<void>
}

export async function startTestTeam(options: ClusterOptions = {}): Promise<TestTeam> {
  const cluster = await startTestCluster(options)
  const dir = mkdtempSync(path.join(os.tmpdir(), 'paydesk-team-desks-'))
  const passwords = new Map<string, string>()
  const clients: pg.Client[] = []
  const desks: TeamRecordStore[] = []
  const connect = async (url: string) => {
    const client = new pg.Client({ connectionString: url })
    // A test that stops the cluster ends these sessions too: an ended session is not a failure.
    client.on('error', () => {})
    await client.connect()
    clients.push(client)
    return client
  }
  const setup = await connect(cluster.adminUrl)
  await setUpTeamDatabase(setup)
  for (const [login, role] of Object.entries(TEAM)) {
    const password = randomBytes(12).toString('hex')
    passwords.set(login, password)
    await addAgent(setup, login, role, password)
  }
  let deskCount = 0
  const password = (login: string) => passwords.get(login) ?? 'not-a-team-member'
  return {
    cluster,
    password,
    admin: () => connect(cluster.adminUrl),
    as: (login) => connect(cluster.urlFor(login, password(login))),
    async desk(login, overrides = {}) {
      deskCount += 1
      const store = await openTeamRecordStore({
        url: `postgres://${login}@127.0.0.1:${cluster.port}/postgres`,
        password: password(login),
        file: path.join(dir, `desk-${deskCount}.sqlite`),
        key: randomBytes(32),
        desk: `desk-${deskCount}`,
        retryMs: 200,
        timeoutMs: 3000,
        ...overrides,
      })
      desks.push(store)
      return store
    },
    async destroy() {
      await Promise.all(desks.map((d) => d.close().catch(() => {})))
      await Promise.all(clients.map((c) => c.end().catch(() => {})))
      cluster.destroy()
      rmSync(dir, { recursive: true, force: true })
    },
  }
}
