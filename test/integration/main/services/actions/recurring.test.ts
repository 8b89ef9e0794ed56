/**
 * "Stop charging me" (issue 49 item 6) through the IPC handlers, main's actions service and the real
 * client against the sandbox: the customer's mandates (account masked in main) and subscriptions,
 * Cancel subscription and Revoke mandate read fresh, refused when they do not apply, asked on a live
 * connection, sent, recorded, and a read that fails sends nothing.
 */
import { randomBytes } from 'node:crypto'
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import type { AttemptEvent } from '../../../../../src/shared/api-events'
import type { NewActionRecord } from '../../../../../src/shared/team-record'
import { createApiClient, type ApiClient } from '../../../../../src/main/api'
import { createDispatcher } from '../../../../../src/main/ipc/dispatcher'
import { createActionsService, type ActionsService } from '../../../../../src/main/services/actions'
import { createConnectionsService, type ConnectionsService } from '../../../../../src/main/services/connections'
import { createEventBus } from '../../../../../src/main/services/event-bus'
import type { LiveWriteSummary } from '../../../../../src/main/services/live-write-guard'
import { createRecurringHandlers } from '../../../../../src/main/services/actions/recurring-handlers'
import type { RunningSandbox, SandboxAdmin } from '../../../../../src/sandbox'
import { createMemorySecretStore } from '../../../../helpers/memory-secret-store'
import { startWriteSandbox } from '../../../helpers/write-sandbox'

const TEST_KEY = 'test_RecurringActionsTestKey0001'
const LIVE_KEY = 'live_RecurringActionsLiveKey0001'
const IBAN = 'NL55INGB0000000000'

let sandbox: RunningSandbox
let admin: SandboxAdmin
let dataDir: string
let connections: ConnectionsService<ApiClient>
let actions: ActionsService
let sent: AttemptEvent[] = []
let recorded: NewActionRecord[] = []
let asked: LiveWriteSummary[] = []
let answer = true
const dataKey = randomBytes(32)

beforeAll(async () => {
  ;({ sandbox, admin } = await startWriteSandbox([TEST_KEY, LIVE_KEY]))
})
afterAll(async () => {
  await sandbox?.close()
})

async function useConnection(key: string): Promise<void> {
  const added = await connections.add({
    label: key.startsWith('live') ? 'Shop live' : 'Shop test',
    secret: key,
    baseUrl: sandbox.baseUrl,
  })
  await connections.setActive(added.id)
}

beforeEach(async () => {
  sent = []
  recorded = []
  asked = []
  answer = true
  dataDir = await mkdtemp(join(tmpdir(), 'paydesk-recurring-'))
  connections = createConnectionsService<ApiClient>({
    dataDir,
    secretStore: createMemorySecretStore(),
    sandbox: { start: async () => ({ ...sandbox, close: async () => {} }) },
    createClient: ({ baseUrl, getCredential }) =>
      // One attempt per call: a fault is met once, not waited out by the client's retries.
      createApiClient({ baseUrl, getCredential, retry: { maxAttempts: 1 }, onAttempt: (event) => sent.push(event) }),
    events: createEventBus(),
  })
  actions = createActionsService({
    dataDir,
    record: (row) => recorded.push(row),
    connections,
    getKey: async () => dataKey,
    liveWrites: {
      async confirm(summary) {
        asked.push(summary)
        return answer
      },
    },
  })
  await admin.clearFaults()
})
afterEach(async () => {
  actions.dispose()
  await connections.dispose()
  await rm(dataDir, { recursive: true, force: true })
})

async function api(key: string, method: string, path: string, body?: unknown): Promise<Record<string, unknown>> {
  const response = await fetch(`${sandbox.baseUrl}${path}`, {
    method,
    headers: { Authorization: `Bearer ${key}`, 'Content-Type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  })
  const text = await response.text()
  if (!response.ok) throw new Error(`${method} ${path} → ${response.status}: ${text}`)
  return text ? (JSON.parse(text) as Record<string, unknown>) : {}
}

/** A customer with a SEPA mandate and a monthly subscription on it, charged once (it starts today). */
async function subscriber(key = TEST_KEY) {
  const customer = await api(key, 'POST', '/customers', { name: 'Gym Goer', email: 'gym@example.org' })
  const customerId = customer.id as string
  const mandate = await api(key, 'POST', `/customers/${customerId}/mandates`, {
    method: 'directdebit',
    consumerName: 'Gym Goer',
    consumerAccount: IBAN,
  })
  const subscription = await api(key, 'POST', `/customers/${customerId}/subscriptions`, {
    amount: { currency: 'EUR', value: '29.95' },
    interval: '1 month',
    description: 'Gym monthly',
    mandateId: mandate.id,
  })
  return { customerId, mandateId: mandate.id as string, subscriptionId: subscription.id as string }
}

function throughIpc(channel: string, input: unknown) {
  const dispatcher = createDispatcher({
    handlers: createRecurringHandlers(actions) as never,
    trustedOrigins: ['app://paydesk'],
  })
  return dispatcher.invoke({ frameUrl: 'app://paydesk/index.html', isAppWindow: true }, channel, input)
}

const onWire = () => sent.map((e) => `${e.method} ${new URL(e.url).pathname}`)
const writes = () => onWire().filter((line) => !line.startsWith('GET'))

describe('the customer view: mandates and subscriptions (issue 49 item 6)', () => {
  it('reads both, the account masked in main: the full IBAN never reaches the page', async () => {
    await useConnection(TEST_KEY)
    const { customerId, mandateId, subscriptionId } = await subscriber()
    const answered = await throughIpc('recurring.open', { customerId })
    expect(answered).toMatchObject({
      ok: true,
      value: {
        customerId,
        mandates: [
          {
            id: mandateId,
            method: 'directdebit',
            account: 'NL…0000',
            holder: 'Gym Goer',
            status: 'valid',
            subscriptionIds: [subscriptionId],
          },
        ],
        subscriptions: [
          {
            id: subscriptionId,
            description: 'Gym monthly',
            amount: { currency: 'EUR', value: '29.95' },
            interval: '1 month',
            status: 'active',
            timesCharged: 1,
            lastPaidAt: expect.any(String),
            nextPaymentDate: expect.any(String),
          },
        ],
        partial: null,
      },
    })
    expect(JSON.stringify(answered)).not.toContain(IBAN)
  })

  it('a hostile or malformed payload is refused with a clear error, nothing read', async () => {
    await useConnection(TEST_KEY)
    for (const input of [
      { customerId: 'cst_1', mandateId: '../../payments', extra: 1 },
      { customerId: 'tr_abc', mandateId: 'mdt_abc' },
      { customerId: 'cst_abc', mandateId: 'mdt_abc', confirmedLive: true },
    ]) {
      expect(await throughIpc('recurring.revokeMandate', input)).toMatchObject({
        ok: false,
        error: { code: 'invalid-input' },
      })
    }
    expect(
      await throughIpc('recurring.cancelSubscription', { customerId: 'cst_abc', subscriptionId: 'mdt_abc' }),
    ).toMatchObject({
      ok: false,
      error: {
        code: 'invalid-input',
        issues: [expect.objectContaining({ path: 'subscriptionId', message: 'Not a subscription id (sub_…).' })],
      },
    })
    expect(sent).toEqual([])
  })
})

describe('Cancel subscription', () => {
  it('reads fresh, sends the DELETE, records it, and answers with the view read again and what stopped', async () => {
    await useConnection(TEST_KEY)
    const { customerId, subscriptionId } = await subscriber()
    sent = []
    const answered = await throughIpc('recurring.cancelSubscription', { customerId, subscriptionId, ticket: 'SUP-77' })
    expect(answered).toMatchObject({
      ok: true,
      value: {
        stopped: {
          mandate: null,
          subscriptions: [{ id: subscriptionId, description: 'Gym monthly', lastPaidAt: expect.any(String) }],
        },
        view: { subscriptions: [{ id: subscriptionId, status: 'canceled', canceledAt: expect.any(String) }] },
      },
    })
    expect(writes()).toEqual([`DELETE /v2/customers/${customerId}/subscriptions/${subscriptionId}`])
    const first = onWire().indexOf(`GET /v2/customers/${customerId}/subscriptions/${subscriptionId}`)
    expect(first).toBeGreaterThanOrEqual(0)
    expect(first).toBeLessThan(onWire().indexOf(writes()[0] ?? ''))
    expect((await api(TEST_KEY, 'GET', `/customers/${customerId}/subscriptions/${subscriptionId}`)).status).toBe(
      'canceled',
    )
    expect(recorded).toEqual([
      expect.objectContaining({
        action: 'cancel-subscription',
        object: { kind: 'customer', id: customerId },
        amount: { currency: 'EUR', value: '29.95' },
        ticket: 'SUP-77',
        idempotencyKey: null,
        outcome: expect.objectContaining({ result: 'done', resultId: subscriptionId }),
      }),
    ])
    expect(asked).toEqual([])
  })

  it('an already canceled subscription is refused in main with why, nothing sent', async () => {
    await useConnection(TEST_KEY)
    const { customerId, subscriptionId } = await subscriber()
    await api(TEST_KEY, 'DELETE', `/customers/${customerId}/subscriptions/${subscriptionId}`)
    sent = []
    expect(await throughIpc('recurring.cancelSubscription', { customerId, subscriptionId })).toMatchObject({
      ok: false,
      error: {
        code: 'conflict',
        message: expect.stringMatching(/^Nothing was sent: the subscription “Gym monthly” was already canceled on /),
      },
    })
    expect(writes()).toEqual([])
    expect(recorded).toEqual([])
  })

  it('a fresh read that fails (503) sends nothing and says so', async () => {
    await useConnection(TEST_KEY)
    const { customerId, subscriptionId } = await subscriber()
    await admin.addFault({
      path: `/v2/customers/${customerId}/subscriptions/${subscriptionId}`,
      method: 'GET',
      kind: 'status',
      status: 503,
    })
    sent = []
    expect(await throughIpc('recurring.cancelSubscription', { customerId, subscriptionId })).toMatchObject({
      ok: false,
      error: {
        code: 'conflict',
        message: expect.stringMatching(
          /^Nothing was sent: Paydesk could not read sub_\w+ fresh just now \(the service answered 503\)/,
        ),
      },
    })
    await admin.clearFaults()
    expect(writes()).toEqual([])
    expect((await api(TEST_KEY, 'GET', `/customers/${customerId}/subscriptions/${subscriptionId}`)).status).toBe(
      'active',
    )
  })
})

describe('Revoke mandate', () => {
  it('revokes it; the service cancels the subscription on it; recorded; the view shows both stopped', async () => {
    await useConnection(TEST_KEY)
    const { customerId, mandateId, subscriptionId } = await subscriber()
    sent = []
    const answered = await throughIpc('recurring.revokeMandate', { customerId, mandateId })
    expect(answered).toMatchObject({
      ok: true,
      value: {
        stopped: { mandate: { id: mandateId, account: 'NL…0000' }, subscriptions: [{ id: subscriptionId }] },
        view: {
          mandates: [{ id: mandateId, status: 'invalid' }],
          subscriptions: [{ id: subscriptionId, status: 'canceled' }],
        },
      },
    })
    expect(writes()).toEqual([`DELETE /v2/customers/${customerId}/mandates/${mandateId}`])
    expect((await api(TEST_KEY, 'GET', `/customers/${customerId}/mandates/${mandateId}`)).status).toBe('invalid')
    expect(recorded).toEqual([
      expect.objectContaining({
        action: 'revoke-mandate',
        object: { kind: 'customer', id: customerId },
        amount: null,
        outcome: expect.objectContaining({ result: 'done' }),
      }),
    ])
    sent = []
    expect(await throughIpc('recurring.revokeMandate', { customerId, mandateId })).toMatchObject({
      ok: false,
      error: {
        code: 'conflict',
        message:
          'Nothing was sent: the mandate for NL…0000 was already revoked (or is no longer valid); no payments can be taken with it.',
      },
    })
    expect(writes()).toEqual([])
  })

  it('on a live connection main asks first, naming what stops; "no" sends nothing', async () => {
    await useConnection(LIVE_KEY)
    const { customerId, mandateId } = await subscriber(LIVE_KEY)
    answer = false
    sent = []
    expect(await throughIpc('recurring.revokeMandate', { customerId, mandateId })).toMatchObject({
      ok: false,
      error: { code: 'canceled' },
    })
    expect(writes()).toEqual([])
    expect(asked).toEqual([
      expect.objectContaining({
        connection: 'Shop live',
        action: 'Revoke a mandate and stop 1 subscription(s)',
        customer: `Gym Goer gym@example.org (${customerId})`,
        reference: expect.stringContaining(mandateId),
      }),
    ])
    expect(JSON.stringify(asked)).not.toContain(IBAN)
    expect((await api(LIVE_KEY, 'GET', `/customers/${customerId}/mandates/${mandateId}`)).status).toBe('valid')
  })
})
