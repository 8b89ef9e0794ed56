// Issue 51 item 2: in team mode a desk holds a credential that cannot write. Main checks the active
// connection's credential before a request goes out with it: an API key is refused at once, an
// organization token is asked for its permissions (GET /v2/permissions) and refused when it could
// write; the Connections screen says so. A read-only token is used, and the search box answers from
// the team's shared index without the desk walking the service. The app's services as the shell
// builds them, real sandbox tokens of both kinds over HTTP, a real team database.
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { SharedIndex } from '../../../../src/main/team/shared-index'
import { startTestApp, type TestApp } from '../../helpers/app-services'
import { customerPayment, startSharedIndexFixture, type SharedIndexFixture } from '../../helpers/shared-index-fixture'

const KEY = 'test_DeskCredentialShopKey000001'
const READ_ONLY = 'access_DeskCredentialReadOnly01'
const CAN_REFUND = 'access_DeskCredentialCanRefund1'
const ADMIN = 'desk-credential-admin-token-0123456789'
let f: SharedIndexFixture
let dir: string
let app: TestApp

beforeAll(async () => {
  f = await startSharedIndexFixture({
    key: KEY,
    adminToken: ADMIN,
    more: [`${READ_ONLY}:payments.read,refunds.read,orders.read`, `${CAN_REFUND}:payments.read,refunds.write`],
  })
  dir = await mkdtemp(join(tmpdir(), 'paydesk-desk-credential-'))
  app = await startTestApp(dir, { apiBaseUrl: f.sandbox.baseUrl })
  await app.services.record.connect({
    connectionString: `postgres://anna@127.0.0.1:${f.team.cluster.port}/postgres`,
    password: f.team.password('anna'),
  })
}, 60_000)

afterAll(async () => {
  await app.services.dispose()
  await f.close()
  await rm(dir, { recursive: true, force: true })
})

async function use(label: string, secret: string): Promise<void> {
  const token = secret.startsWith('access_')
  const added = await app.services.connections.add({
    label,
    secret,
    baseUrl: f.sandbox.baseUrl,
    ...(token ? { profileId: f.sandbox.profileId, testmode: true } : {}),
  })
  await app.services.connections.setActive(added.id)
}

const read = async (id: string) => (await app.services.connections.getActiveClient()).getPayment(id)
const notice = async () => (await app.invoke('connections.list')).value.notice

describe('the desk’s credential in team mode (issue 51 item 2)', () => {
  it('refuses an API key as the desk’s credential, in words, and the Connections screen says so', async () => {
    const payment = await f.client.createPayment(customerPayment('Ada', 'Keyes', 'ada.keyes@example.com'))
    await use('Shop key', KEY)
    await expect(read(payment.id)).rejects.toThrow(
      /In team mode this desk reads with a read-only access token; refunds go through the team runner\. This key can move money/,
    )
    expect(await notice()).toMatch(/This key can move money/)
  })

  it('refuses a token granted a write permission, naming it, after reading its permissions', async () => {
    const payment = await f.client.createPayment(customerPayment('Bo', 'Writer', 'bo.writer@example.com'))
    await use('Token that refunds', CAN_REFUND)
    await expect(read(payment.id)).rejects.toThrow(/This access token can move money.*refunds\.write/)
    expect(await notice()).toMatch(/granted refunds\.write/)
  })

  it('uses a read-only token; the search box answers from the shared index and the desk does not walk', async () => {
    const payment = await f.client.createPayment(customerPayment('Cleo', 'Reader', 'cleo.reader@example.com'))
    await use('Desk token', READ_ONLY)
    expect((await read(payment.id)).id).toBe(payment.id)
    expect(await notice()).toBeNull()
    // The team's walk (a runner's or an elected desk's) put the payment in the shared index.
    const walk = f.election('bob')
    expect(await walk.round()).toBe('synced')
    const result = await app.services.search.query('cleo.reader')
    expect(result.payments.hits.map((h) => h.id)).toContain(payment.id)
    expect(result.warnings).toEqual([])
    // The search box's "index synced …" line is the shared index's too.
    expect(result.index.notice).toMatch(/team's shared index/)
    expect(result.index.syncedAt).not.toBeNull()
    // The desk's own index is not walked in team mode: a sync leaves it empty.
    await app.services.search.sync()
    await app.services.search.whenIdle()
    expect((await app.services.search.currentIndex()).count('payments')).toBe(0)
    const teamCount = await new SharedIndex(f.pool('anna')).count('payments')
    expect(teamCount).toBeGreaterThan(0)
    // Home tells the shared index's figures, not the empty own index's.
    const home = await app.services.search.home()
    expect(home.index).toMatchObject({ payments: teamCount, notice: expect.stringMatching(/team's shared index/) })
    expect(home.index.syncedAt).not.toBeNull()
    // The customer view opened by e-mail finds the customer's payments in the shared index too.
    const customer = await app.invoke('customers.open', { email: 'cleo.reader@example.com' })
    const view = customer.value as unknown as { payments: { id: string }[] }
    expect(view.payments.map((p) => p.id)).toContain(payment.id)
    await walk.close()
  })
})
