// The team's shared index for integration tests (issue 51 items 3-4): a throwaway team database
// (team-cluster.ts, agents anna and bob, lead lena, viewer vic), the real sandbox over HTTP with no
// seeded payments and quotas no test reaches, the real API client, and pools and sync elections
// logged in as any of the team.
import pg from 'pg'
import { createApiClient, type ApiClient } from '../../../src/main/api'
import type { SyncClient } from '../../../src/main/search/sync'
import { IndexSync, type SyncRole } from '../../../src/main/team/index-sync'
import { startSandbox, type RunningSandbox } from '../../../src/sandbox/index'
import type { CreatePaymentRequest } from '../../../src/shared/api-types'
import { validPaymentBody } from '../../helpers/sandbox-fixtures'
import { startTestTeam, type TestTeam } from './team-cluster'

const HIGH = { q: 1_000_000, burst: 1_000_000 }

export interface SharedIndexFixture {
  team: TestTeam
  sandbox: RunningSandbox
  client: ApiClient
  /** A pool logged in as one of the team (ended with the fixture). */
  pool(login: string): pg.Pool
  /** A sync election taking part as `login` (a desk, or the runner). */
  election(login: string, role?: SyncRole, pageSize?: number, client?: SyncClient): IndexSync
  close(): Promise<void>
}

export async function startSharedIndexFixture(options: {
  key: string
  adminToken: string
  /** More credentials the sandbox knows (an organization token with its permissions: `access_…:payments.read`). */
  more?: string[]
}): Promise<SharedIndexFixture> {
  const team = await startTestTeam()
  const sandbox = await startSandbox({
    keys: [options.key, ...(options.more ?? [])],
    seedPayments: 0,
    seed: 51,
    adminToken: options.adminToken,
    quotas: { test: { read: HIGH, write: HIGH } },
  })
  const client = createApiClient({
    baseUrl: sandbox.baseUrl,
    getCredential: async () => ({ secret: options.key, kind: 'api-key' }),
  })
  const pools: pg.Pool[] = []
  const elections: IndexSync[] = []
  const pool = (login: string) => {
    const made = new pg.Pool({ connectionString: team.cluster.urlFor(login, team.password(login)), max: 4 })
    made.on('error', () => {}) // a test that stops the cluster ends these connections too
    pools.push(made)
    return made
  }
  return {
    team,
    sandbox,
    client,
    pool,
    election(login, role = 'desk', pageSize, through = client) {
      const made = new IndexSync({
        connect: () => team.as(login),
        pool: pool(login),
        client: through,
        role,
        ...(pageSize === undefined ? {} : { pageSize }),
      })
      elections.push(made)
      return made
    },
    async close() {
      await Promise.all(elections.map((e) => e.close()))
      await Promise.all(pools.map((p) => p.end().catch(() => {})))
      client.dispose()
      await sandbox.close()
      await team.destroy()
    },
  }
}

/** A payment body with a customer whose name and e-mail a search finds. */
export function customerPayment(
  given: string,
  family: string,
  email: string,
  overrides: Partial<CreatePaymentRequest> = {},
): CreatePaymentRequest {
  return validPaymentBody({
    description: `Order for ${given}`,
    billingAddress: {
      givenName: given,
      familyName: family,
      email,
      streetAndNumber: 'Keizersgracht 1',
      postalCode: '1015 CJ',
      city: 'Amsterdam',
      country: 'NL',
    },
    ...overrides,
  })
}
