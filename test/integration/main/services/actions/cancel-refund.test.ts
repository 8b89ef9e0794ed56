/**
 * Cancel refund through the IPC handler, main's actions service and the real client against the
 * sandbox: main reads the refund fresh and refuses once it is no longer queued or pending.
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
import { completeCheckout, createSandboxAdmin, startSandbox, type RunningSandbox } from '../../../../../src/sandbox'
import { createMemorySecretStore } from '../../../../helpers/memory-secret-store'
import { validPaymentBody } from '../../../../helpers/sandbox-fixtures'
import { present } from '../../../../helpers/present'

const TEST_KEY = 'test_CancelRefundTestKey0000001'

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
  dataDir = await mkdtemp(join(tmpdir(), 'paydesk-cancel-refund-'))
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
  actions = createActionsService({ dataDir, record: () => {}, connections, getKey: async () => dataKey })
})

afterEach(async () => {
  actions.dispose()
  await connections.dispose()
  await rm(dataDir, { recursive: true, force: true })
})

async function paidPayment(value: string): Promise<string> {
  const response = await fetch(`${sandbox.baseUrl}/payments`, {
    method: 'POST',
    headers: { Authorization: `Bearer ${TEST_KEY}`, 'Content-Type': 'application/json' },
    body: JSON.stringify(validPaymentBody({ amount: { currency: 'EUR', value } })),
  })
  const payment = (await response.json()) as { id: string }
  await completeCheckout(`${sandbox.origin}/checkout/${payment.id}`, 'paid')
  return payment.id
}

function cancelThroughIpc(input: unknown) {
  const dispatcher = createDispatcher({
    handlers: createActionHandlers(actions) as never,
    trustedOrigins: ['app://paydesk'],
  })
  return dispatcher.invoke({ frameUrl: 'app://paydesk/index.html', isAppWindow: true }, 'payments.cancelRefund', input)
}

const onWire = () => sent.map((e) => `${e.method} ${new URL(e.url).pathname}`)

describe('cancel refund (issue 49 item 3)', () => {
  it('cancels a pending refund: read fresh, DELETE with a key, and the payment answered with the amount back', async () => {
    const paymentId = await paidPayment('30.00')
    const { refund: made } = await actions.refund({ paymentId, amount: { currency: 'EUR', value: '12.50' } })
    const refund = present(made, 'the refund')
    expect(refund.status).toBe('pending')
    sent = []
    const answer = await cancelThroughIpc({ paymentId, refundId: refund.id })
    expect(answer).toMatchObject({
      ok: true,
      value: {
        refund: { id: refund.id, status: 'canceled' },
        payment: {
          id: paymentId,
          amountRemaining: { currency: 'EUR', value: '30.00' },
          _embedded: { refunds: [{ id: refund.id, status: 'canceled' }] },
        },
      },
    })
    expect(onWire()).toEqual([
      `GET /v2/payments/${paymentId}/refunds/${refund.id}`,
      `GET /v2/payments/${paymentId}`,
      `DELETE /v2/payments/${paymentId}/refunds/${refund.id}`,
      `GET /v2/payments/${paymentId}`,
    ])
    // No Idempotency-Key on a DELETE (the service ignores it there; the client reads before a resend).
    expect(sent.find((e) => e.method === 'DELETE')?.idempotencyKey).toBeNull()
  })

  it('refuses in main, sending nothing, once the refund is being paid out', async () => {
    const paymentId = await paidPayment('30.00')
    const { refund: made } = await actions.refund({ paymentId, amount: { currency: 'EUR', value: '5.00' } })
    const refund = present(made, 'the refund')
    // Two hours later the refund is processing (docs/SANDBOX.md "Refunds").
    await createSandboxAdmin(sandbox.origin, sandbox.adminToken).advanceClock({ advanceSeconds: 2 * 3600 + 1 })
    sent = []
    expect(await cancelThroughIpc({ paymentId, refundId: refund.id })).toMatchObject({
      ok: false,
      error: {
        code: 'conflict',
        message: expect.stringMatching(/^Nothing was sent: the refund can no longer be canceled\. Being paid out/),
      },
    })
    expect(onWire()).toEqual([`GET /v2/payments/${paymentId}/refunds/${refund.id}`])
  })
})
