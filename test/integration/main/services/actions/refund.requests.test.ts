/**
 * What one refund costs (issue 23 item 4): one IPC call from the page, and at most 3 HTTP requests
 * to the service, counted on the real client talking to the sandbox over loopback. The checks before
 * the write (fresh state, amount, a refund already made) still hold with the smaller count.
 */
import { randomBytes } from 'node:crypto'
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import type { AttemptEvent } from '../../../../../src/shared/api-events'
import { createApiClient, type ApiClient } from '../../../../../src/main/api'
import { createDispatcher } from '../../../../../src/main/ipc/dispatcher'
import { createActionsService, type ActionsService } from '../../../../../src/main/services/actions'
import { createConnectionsService, type ConnectionsService } from '../../../../../src/main/services/connections'
import { createEventBus } from '../../../../../src/main/services/event-bus'
import { createActionHandlers } from '../../../../../src/main/services/orders-handlers'
import { startSandbox, type RunningSandbox } from '../../../../../src/sandbox'
import { createMemorySecretStore } from '../../../../helpers/memory-secret-store'
import { paidPaymentId } from '../../../../helpers/sandbox-fixtures'

/** The record of each write: not what these tests check (test/integration/main/team/record-service.test.ts does). */
const record = (): void => {}

const TEST_KEY = 'test_RefundRequestsTestKey00001'

let sandbox: RunningSandbox
let dataDir: string
let connections: ConnectionsService<ApiClient>
let actions: ActionsService
/** Every HTTP request the client sent (one attempt is one request on the wire). */
let sent: AttemptEvent[]
const dataKey = randomBytes(32)

beforeAll(async () => {
  sandbox = await startSandbox({ keys: [TEST_KEY], seedPayments: 0 })
})

afterAll(async () => {
  await sandbox?.close()
})

beforeEach(async () => {
  sent = []
  dataDir = await mkdtemp(join(tmpdir(), 'paydesk-refund-requests-'))
  connections = createConnectionsService<ApiClient>({
    dataDir,
    secretStore: createMemorySecretStore(),
    sandbox: { start: async () => ({ ...sandbox, close: async () => {} }) },
    createClient: ({ baseUrl, getCredential }) =>
      createApiClient({ baseUrl, getCredential, onAttempt: (event) => sent.push(event) }),
    events: createEventBus(),
  })
  const added = await connections.add({ label: 'Shop test', secret: TEST_KEY, baseUrl: sandbox.baseUrl })
  await connections.setActive(added.id)
  actions = createActionsService({ dataDir, record, connections, getKey: async () => dataKey })
})

afterEach(async () => {
  actions.dispose()
  await connections.dispose()
  await rm(dataDir, { recursive: true, force: true })
})

const paidPayment = (value: string): Promise<string> => paidPaymentId(sandbox, TEST_KEY, value)

function refundThroughIpc(input: unknown) {
  const dispatcher = createDispatcher({
    handlers: createActionHandlers(actions) as never,
    trustedOrigins: ['app://paydesk'],
  })
  return dispatcher.invoke({ frameUrl: 'app://paydesk/index.html', isAppWindow: true }, 'payments.refund', input)
}

const onWire = () => sent.map((e) => `${e.method} ${new URL(e.url).pathname}`)

describe('one refund', () => {
  it('is one IPC call and at most 3 HTTP requests: read with its refunds, refund, read after', async () => {
    const paymentId = await paidPayment('30.00')
    sent = []
    const answer = await refundThroughIpc({ paymentId, amount: { currency: 'EUR', value: '12.50' } })
    expect(answer).toMatchObject({
      ok: true,
      value: {
        refund: { amount: { currency: 'EUR', value: '12.50' } },
        payment: { id: paymentId, amountRefunded: { currency: 'EUR', value: '12.50' } },
      },
    })
    expect(sent.length, onWire().join('\n')).toBeLessThanOrEqual(3)
    expect(onWire()).toEqual([
      `GET /v2/payments/${paymentId}`,
      `POST /v2/payments/${paymentId}/refunds`,
      `GET /v2/payments/${paymentId}`,
    ])
    // The first read carries the payment's refunds and chargebacks: the guard (a refund already made,
    // an open chargeback) is built from it (issue 49 item 1).
    expect(new URL(sent[0]?.url ?? '').searchParams.get('embed')).toBe('refunds,chargebacks')
    // The answer is the payment as it is after the refund, with its refunds: the view reads nothing more.
    const refundId = (answer as { value: { refund: { id: string } } }).value.refund.id
    expect(answer).toMatchObject({
      value: { payment: { _embedded: { refunds: [{ id: refundId }], chargebacks: [] } } },
    })
  })

  it('still refuses the same refund again within the hour, from the refunds the first read brought', async () => {
    const paymentId = await paidPayment('30.00')
    const refund = { paymentId, amount: { currency: 'EUR', value: '4.00' } }
    expect(await refundThroughIpc(refund)).toMatchObject({ ok: true })
    sent = []
    expect(await refundThroughIpc(refund)).toMatchObject({
      ok: false,
      error: { code: 'conflict', message: expect.stringMatching(/already made/) },
    })
    // Refused after one read: no write, no separate refunds list.
    expect(onWire()).toEqual([`GET /v2/payments/${paymentId}`])
  })
})
