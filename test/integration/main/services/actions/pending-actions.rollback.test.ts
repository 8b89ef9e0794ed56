/**
 * Issue 45 item 6 (threat: someone with write access to the data folder puts back an older, sealed
 * `pending-actions.json` that still holds the key of a refund answered since; a new refund of the
 * same amount then replays the old answer and Paydesk reports "done" while nothing was sent).
 * Real parts: the keychain (gnome-keyring of the private D-Bus session `npm test` starts) keeps the
 * file's high-water mark, the sandbox answers over HTTP, the file is real.
 */
import { randomBytes } from 'node:crypto'
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { createApiClient, type ApiClient } from '../../../../../src/main/api'
import { createKeytarSecretStore, loadKeytar } from '../../../../../src/main/secrets/keytar-store'
import type { SecretStore } from '../../../../../src/main/secrets/secret-store'
import { createActionsService } from '../../../../../src/main/services/actions'
import { createConnectionsService, type ConnectionsService } from '../../../../../src/main/services/connections'
import { createEventBus } from '../../../../../src/main/services/event-bus'
import { PENDING_ACTIONS_FILE } from '../../../../../src/main/services/actions/pending-actions'
import { createSandboxAdmin, startSandbox, type RunningSandbox, type SandboxAdmin } from '../../../../../src/sandbox'
import { createMemorySecretStore } from '../../../../helpers/memory-secret-store'
import { paidPaymentId } from '../../../../helpers/sandbox-fixtures'
import { loseNextRefundAnswer } from '../../../helpers/write-sandbox'

/** The record of each write: not what these tests check (test/unit/main/services/actions/context.recorded.test.ts does). */
const record = (): void => {}

const TEST_KEY = 'test_PendingRollbackTestKey0001'
const dataKey = randomBytes(32)
const getKey = async () => dataKey

let sandbox: RunningSandbox
let admin: SandboxAdmin
let dataDir: string
let connections: ConnectionsService<ApiClient>
/** The real keychain, under the tests' own service (never the app's). */
let keychain: SecretStore

beforeAll(async () => {
  sandbox = await startSandbox({ keys: [TEST_KEY], seedPayments: 0 })
  admin = createSandboxAdmin(sandbox.origin, sandbox.adminToken)
  keychain = createKeytarSecretStore(await loadKeytar(), { service: 'Paydesk (tests) pending actions' })
})
afterAll(async () => {
  await sandbox?.close()
})
beforeEach(async () => {
  dataDir = await mkdtemp(join(tmpdir(), 'paydesk-rollback-it-'))
  connections = createConnectionsService<ApiClient>({
    dataDir,
    secretStore: createMemorySecretStore(),
    sandbox: { start: async () => ({ ...sandbox, close: async () => {} }) },
    createClient: ({ baseUrl, getCredential }) =>
      createApiClient({ baseUrl, getCredential, retry: { maxAttempts: 1 } }),
    events: createEventBus(),
  })
  await admin.clearFaults()
  const added = await connections.add({ label: 'Shop test', secret: TEST_KEY, baseUrl: sandbox.baseUrl })
  await connections.setActive(added.id)
})
afterEach(async () => {
  await connections.dispose()
  await rm(dataDir, { recursive: true, force: true })
})

const paidPayment = (): Promise<string> => paidPaymentId(sandbox, TEST_KEY, '30.00')

async function refundCount(paymentId: string): Promise<number> {
  const response = await fetch(`${sandbox.baseUrl}/payments/${paymentId}/refunds`, {
    headers: { Authorization: `Bearer ${TEST_KEY}` },
  })
  return ((await response.json()) as { count: number }).count
}

/**
 * A refund whose answer is lost (the file then holds its key: the attacker copies the file), sent
 * again and answered (its key is forgotten), then the copy put back.
 */
async function answeredRefundThenRollback(paymentId: string, now: () => number) {
  const refund = { paymentId, amount: { currency: 'EUR', value: '5.00' } }
  const actions = createActionsService({ dataDir, record, connections, getKey, highWater: keychain, now })
  await loseNextRefundAnswer(admin, paymentId)
  await expect(actions.refund(refund)).rejects.toBeTruthy()
  const file = join(dataDir, PENDING_ACTIONS_FILE)
  const older = await readFile(file)
  const first = await actions.refund(refund)
  expect(await actions.pendingCount()).toBe(0)
  actions.dispose()
  await writeFile(file, older)
  return { refund, first }
}

describe.skipIf(process.env['PAYDESK_PRIVATE_KEYRING'] !== '1' && !process.env['CI'])(
  'a rolled-back pending-actions.json (sealed, but older)',
  () => {
    it('never makes a new refund of the same amount report "done" when nothing was sent', async () => {
      const paymentId = await paidPayment()
      let offset = 0
      const now = () => Date.now() + offset
      const { refund, first } = await answeredRefundThenRollback(paymentId, now)
      expect(await refundCount(paymentId)).toBe(1)

      // An hour later the agent deliberately refunds the same amount again (a new action).
      await admin.advanceClock({ advanceSeconds: 3601 })
      offset = 3_601_000
      const actions = createActionsService({ dataDir, record, connections, getKey, highWater: keychain, now })
      // The payment has a refund now: the second is sent against what the refund dialog showed (issue 49).
      const { guard } = await actions.refundGuard({ paymentId })
      const second = await actions.refund({ ...refund, seen: guard.token })
      // A refund was really made: a new one, not the old answer replayed.
      expect(second.refund?.id).not.toBe(first.refund?.id)
      expect(await refundCount(paymentId)).toBe(2)
      expect(actions.pendingNotice()).toMatch(/older than the last list Paydesk wrote.*a copy was kept/)
      actions.dispose()
    })

    it('within the hour, the same refund again is refused as already made, not replayed as done', async () => {
      const paymentId = await paidPayment()
      const { refund } = await answeredRefundThenRollback(paymentId, () => Date.now())
      const actions = createActionsService({ dataDir, record, connections, getKey, highWater: keychain })
      await expect(actions.refund(refund)).rejects.toMatchObject({
        code: 'conflict',
        message: expect.stringMatching(/Nothing was sent: a refund of EUR 5\.00 was already made/),
      })
      expect(await refundCount(paymentId)).toBe(1)
      actions.dispose()
    })

    it('an untouched list still keeps its key across a restart (a lost answer refunds once)', async () => {
      const paymentId = await paidPayment()
      const refund = { paymentId, amount: { currency: 'EUR', value: '4.00' } }
      let actions = createActionsService({ dataDir, record, connections, getKey, highWater: keychain })
      await loseNextRefundAnswer(admin, paymentId)
      await expect(actions.refund(refund)).rejects.toBeTruthy()
      actions.dispose()
      actions = createActionsService({ dataDir, record, connections, getKey, highWater: keychain })
      await actions.refund(refund)
      expect(await refundCount(paymentId)).toBe(1)
      expect(actions.pendingNotice()).toBeNull()
      actions.dispose()
    })
  },
)
