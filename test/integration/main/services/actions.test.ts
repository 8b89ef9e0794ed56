/**
 * The actions service (refund, cancel, update from the views) over real HTTP: the real connections
 * service, API client and sandbox; pending Idempotency-Keys in a temporary data folder.
 */
import { randomBytes } from 'node:crypto'
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { createApiClient, type ApiClient } from '../../../../src/main/api'
import { createDispatcher } from '../../../../src/main/ipc/dispatcher'
import { createMemorySecretStore } from '../../../helpers/memory-secret-store'
import { createActionsService } from '../../../../src/main/services/actions'
import { PENDING_ACTIONS_FILE } from '../../../../src/main/services/actions/pending-actions'
import { createConnectionsService, type ConnectionsService } from '../../../../src/main/services/connections'
import { createEventBus } from '../../../../src/main/services/event-bus'
import type { LiveWriteSummary } from '../../../../src/main/services/live-write-guard'
import { createActionHandlers } from '../../../../src/main/services/actions/handlers'
import { completeCheckout, type RunningSandbox, type SandboxAdmin } from '../../../../src/sandbox'
import { paidPaymentId, validOrderBody, validPaymentBody } from '../../../helpers/sandbox-fixtures'
import { present } from '../../../helpers/present'
import { loseNextRefundAnswer, startWriteSandbox } from '../../helpers/write-sandbox'

/** The record of each write: not what these tests check (test/unit/main/team/record-service.test.ts does). */
const record = (): void => {}

const TEST_KEY = 'test_ActionsServiceTestKey00001'
const LIVE_KEY = 'live_ActionsServiceLiveKey00001'

let sandbox: RunningSandbox
let admin: SandboxAdmin
let dataDir: string
let connections: ConnectionsService<ApiClient>
/** The data key (the keychain's, in the app): seals the list of pending keys. */
const dataKey = randomBytes(32)
const getKey = async () => dataKey
const attemptListeners = new Set<(requestId: string) => void>()
const observeRequestIds = (listener: (requestId: string) => void) => {
  attemptListeners.add(listener)
  return () => void attemptListeners.delete(listener)
}

beforeAll(async () => {
  ;({ sandbox, admin } = await startWriteSandbox([TEST_KEY, LIVE_KEY]))
})

afterAll(async () => {
  await sandbox?.close()
})

beforeEach(async () => {
  dataDir = await mkdtemp(join(tmpdir(), 'paydesk-actions-it-'))
  connections = createConnectionsService<ApiClient>({
    dataDir,
    secretStore: createMemorySecretStore(),
    sandbox: { start: async () => ({ ...sandbox, close: async () => {} }) },
    // One attempt per call: these tests are about main's own "send again".
    createClient: ({ baseUrl, getCredential }) =>
      createApiClient({
        baseUrl,
        getCredential,
        retry: { maxAttempts: 1 },
        onAttempt: (event) => {
          for (const listener of attemptListeners) listener(event.requestId)
        },
      }),
    events: createEventBus(),
  })
  await admin.clearFaults()
})

afterEach(async () => {
  await connections.dispose()
  await rm(dataDir, { recursive: true, force: true })
})

async function api(key: string, method: string, path: string, body?: unknown) {
  const response = await fetch(`${sandbox.baseUrl}${path}`, {
    method,
    headers: { Authorization: `Bearer ${key}`, ...(body ? { 'Content-Type': 'application/json' } : {}) },
    body: body ? JSON.stringify(body) : undefined,
  })
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  return (await response.json()) as any
}

const paidPayment = (key: string, value = '20.00'): Promise<string> => paidPaymentId(sandbox, key, value)

async function useConnection(secret: string, label: string): Promise<void> {
  const added = await connections.add({ label, secret, baseUrl: sandbox.baseUrl })
  await connections.setActive(added.id)
}

/** The actions service with main's live-write question answered from `answers` in turn (then No); what it asked is kept. */
function actionsAskingLive(answers: boolean[]): {
  actions: ReturnType<typeof createActionsService>
  asked: LiveWriteSummary[]
} {
  const asked: LiveWriteSummary[] = []
  const actions = createActionsService({
    dataDir,
    record,
    connections,
    getKey,
    liveWrites: {
      async confirm(summary) {
        asked.push(summary)
        return answers.shift() ?? false
      },
    },
  })
  return { actions, asked }
}

describe('actions service', () => {
  it('refunds with a key kept until the answer is definitive: a lost answer, then a restart, refunds once', async () => {
    await useConnection(TEST_KEY, 'Shop test')
    const paymentId = await paidPayment(TEST_KEY)
    let actions = createActionsService({ dataDir, record, connections, getKey })
    await loseNextRefundAnswer(admin, paymentId)
    await expect(
      actions.refund({ paymentId, amount: { currency: 'EUR', value: '5.00' }, description: 'Late' }),
    ).rejects.toBeTruthy()
    expect(await actions.pendingCount()).toBe(1)
    // "Restart": a new service on the same data folder sends the same action again.
    actions.dispose()
    actions = createActionsService({ dataDir, record, connections, getKey })
    const result = await actions.refund({ paymentId, amount: { currency: 'EUR', value: '5.00' }, description: 'Late' })
    expect(result.payment.amountRemaining).toEqual({ currency: 'EUR', value: '15.00' })
    const refunds = await api(TEST_KEY, 'GET', `/payments/${paymentId}/refunds`)
    expect(refunds.count).toBe(1)
    expect(await actions.pendingCount()).toBe(0)
    // The same refund again, once the first was answered: the payment's refunds show it was made,
    // so it is not sent a second time unasked (the service itself refuses such a duplicate).
    await expect(
      actions.refund({ paymentId, amount: { currency: 'EUR', value: '5.00' }, description: 'Late' }),
    ).rejects.toMatchObject({ code: 'conflict', message: expect.stringMatching(/already made/) })
    // Past the duplicate window (docs/SANDBOX.md "Refunds"; the sandbox's clock and main's move on),
    // a deliberate second refund of the same amount is a new action with a new key.
    await admin.advanceClock({ advanceSeconds: 3601 })
    actions.dispose()
    actions = createActionsService({ dataDir, record, connections, getKey, now: () => Date.now() + 3_601_000 })
    // The payment has a refund now: the agent sends the second one against what the dialog showed.
    const { guard } = await actions.refundGuard({ paymentId })
    const second = await actions.refund({
      paymentId,
      amount: { currency: 'EUR', value: '5.00' },
      description: 'Late',
      seen: guard.token,
    })
    expect(second.refund?.id).not.toBe(result.refund?.id)
    expect(second.payment.amountRemaining).toEqual({ currency: 'EUR', value: '10.00' })
  })

  it('a deleted list of pending keys after a lost answer does not cost a second refund (issue 22 item 7)', async () => {
    await useConnection(TEST_KEY, 'Shop test')
    const paymentId = await paidPayment(TEST_KEY)
    const actions = createActionsService({ dataDir, record, connections, getKey })
    await loseNextRefundAnswer(admin, paymentId)
    const refund = { paymentId, amount: { currency: 'EUR', value: '7.50' }, description: 'Broken' }
    await expect(actions.refund(refund)).rejects.toBeTruthy()
    await rm(join(dataDir, PENDING_ACTIONS_FILE))
    await expect(actions.refund(refund)).rejects.toMatchObject({
      code: 'conflict',
      message: expect.stringMatching(/already made.*perhaps by an earlier attempt whose answer was lost/),
    })
    expect((await api(TEST_KEY, 'GET', `/payments/${paymentId}/refunds`)).count).toBe(1)
    actions.dispose()
  })

  it('a list of pending keys edited outside Paydesk is set aside, with a notice (issue 22 item 7)', async () => {
    await useConnection(TEST_KEY, 'Shop test')
    const paymentId = await paidPayment(TEST_KEY)
    const actions = createActionsService({ dataDir, record, connections, getKey })
    await loseNextRefundAnswer(admin, paymentId)
    await expect(actions.refund({ paymentId, amount: { currency: 'EUR', value: '2.00' } })).rejects.toBeTruthy()
    const file = join(dataDir, PENDING_ACTIONS_FILE)
    const sealed = JSON.parse(await readFile(file, 'utf8')) as { entries: Record<string, { key: string }> }
    for (const entry of Object.values(sealed.entries)) entry.key = 'planted-key-0001'
    await writeFile(file, JSON.stringify(sealed))
    expect(await actions.pendingCount()).toBe(0)
    expect(actions.pendingNotice()).toMatch(/changed outside Paydesk.*seal does not match/)
    actions.dispose()
  })

  it('refuses in main what the state does not allow, sending no write', async () => {
    await useConnection(TEST_KEY, 'Shop test')
    const open = await api(TEST_KEY, 'POST', '/payments', validPaymentBody())
    const actions = createActionsService({ dataDir, record, connections, getKey })
    await expect(
      actions.refund({ paymentId: open.id, amount: { currency: 'EUR', value: '1.00' } }),
    ).rejects.toMatchObject({
      code: 'conflict',
    })
    await expect(actions.cancelPayment({ paymentId: open.id })).rejects.toMatchObject({ code: 'conflict' })
    const paidId = await paidPayment(TEST_KEY, '3.00')
    await expect(
      actions.refund({ paymentId: paidId, amount: { currency: 'EUR', value: '3.01' } }),
    ).rejects.toMatchObject({
      code: 'conflict',
    })
    expect((await api(TEST_KEY, 'GET', `/payments/${paidId}/refunds`)).count).toBe(0)
  })

  it('on a live connection asks through main with amount, reference and connection; no answer, nothing sent', async () => {
    await useConnection(LIVE_KEY, 'Shop live')
    const paymentId = await paidPayment(LIVE_KEY, '12.50')
    const { actions, asked } = actionsAskingLive([false, true])
    await expect(actions.refund({ paymentId, amount: { currency: 'EUR', value: '2.50' } })).rejects.toMatchObject({
      code: 'canceled',
    })
    expect((await api(LIVE_KEY, 'GET', `/payments/${paymentId}/refunds`)).count).toBe(0)
    await actions.refund({ paymentId, amount: { currency: 'EUR', value: '2.50' } })
    expect((await api(LIVE_KEY, 'GET', `/payments/${paymentId}/refunds`)).count).toBe(1)
    expect(asked[0]).toMatchObject({ connection: 'Shop live', action: 'Refund a payment', amount: 'EUR 2.50' })
    expect(present(asked[0]).reference).toContain(paymentId)
    // Without a confirmer wired, every live write is refused (no renderer flag can stand in).
    const unwired = createActionsService({ dataDir, record, connections, getKey })
    await expect(unwired.cancelOrder({ orderId: 'ord_000000AAAAAA' })).rejects.toBeTruthy()
  })

  it('the IPC handlers take no confirmation flag from the page', async () => {
    await useConnection(TEST_KEY, 'Shop test')
    const dispatcher = createDispatcher({
      handlers: createActionHandlers(createActionsService({ dataDir, record, connections, getKey })) as never,
      trustedOrigins: ['app://paydesk'],
    })
    const sender = { frameUrl: 'app://paydesk/index.html', isAppWindow: true }
    const forged = await dispatcher.invoke(sender, 'orders.cancel', {
      orderId: 'ord_000000AAAAAA',
      confirmedLive: true,
    })
    expect(forged).toMatchObject({ ok: false, error: { code: 'invalid-input' } })
  })

  it('cancels an order and updates a payment, returning the request id for the Inspector', async () => {
    await useConnection(TEST_KEY, 'Shop test')
    const actions = createActionsService({ dataDir, record, connections, observeRequestIds, getKey })
    const order = await api(TEST_KEY, 'POST', '/orders', validOrderBody('ACT-SVC-1'))
    const read = await actions.getOrder(order.id)
    expect(read.order._embedded?.payments?.length).toBe(1)
    expect(read.requestId).toMatch(/\S/)
    // An order with an open payment cannot be canceled (docs.mollie.com/reference/cancel-order):
    // main says so and sends nothing.
    await expect(actions.cancelOrder({ orderId: order.id })).rejects.toMatchObject({
      code: 'conflict',
      message: expect.stringMatching(/^Nothing was sent: The order has an open payment/),
    })
    await completeCheckout(read.order._embedded?.payments?.[0]?._links.checkout?.href ?? '', 'failed')
    const canceled = await actions.cancelOrder({ orderId: order.id })
    expect(canceled.order.status).toBe('canceled')
    expect(canceled.requestId).toMatch(/\S/)
    expect(canceled.requestId).not.toBe(read.requestId)
    const open = await api(TEST_KEY, 'POST', '/payments', validPaymentBody())
    const updated = await actions.updatePayment({
      paymentId: open.id,
      changes: { description: 'Fixed text', metadataJson: '{"ticket":"SUP-1"}' },
    })
    expect(updated.payment.description).toBe('Fixed text')
    expect(updated.payment.metadata).toEqual({ ticket: 'SUP-1' })
    await expect(
      actions.updatePayment({ paymentId: open.id, changes: { metadataJson: '{oops' } }),
    ).rejects.toMatchObject({ code: 'invalid-input' })
  })

  it('creates a new payment for an order only once its earlier payment can no longer complete', async () => {
    await useConnection(TEST_KEY, 'Shop test')
    const actions = createActionsService({ dataDir, record, connections, observeRequestIds, getKey })
    const order = await api(TEST_KEY, 'POST', '/orders?embed=payments', validOrderBody('ACT-NEWPAY-1'))
    const first = order._embedded.payments[0]
    // While the first payment is open, main refuses and sends nothing.
    const before = (await admin.stats()).payments
    await expect(actions.newOrderPayment({ orderId: order.id })).rejects.toMatchObject({ code: 'conflict' })
    expect((await admin.stats()).payments).toBe(before)
    // The customer's first attempt fails: a fresh payment with its own checkout link.
    await completeCheckout(first._links.checkout.href, 'failed')
    const result = await actions.newOrderPayment({ orderId: order.id })
    expect(result.payment.id).not.toBe(first.id)
    expect(result.payment.status).toBe('open')
    expect(result.payment._links.checkout?.href).toMatch(/\/checkout\/tr_/)
    expect(result.order._embedded?.payments?.map((p) => p.id)).toContain(result.payment.id)
    expect(result.requestId).toMatch(/\S/)
    // A second click while the new payment is open is refused again.
    await expect(actions.newOrderPayment({ orderId: order.id })).rejects.toMatchObject({ code: 'conflict' })
  })

  it('on a live connection, a new order payment is asked through main first', async () => {
    await useConnection(LIVE_KEY, 'Shop live')
    const order = await api(LIVE_KEY, 'POST', '/orders?embed=payments', validOrderBody('ACT-NEWPAY-LIVE'))
    await completeCheckout(order._embedded.payments[0]._links.checkout.href, 'canceled')
    const { actions, asked } = actionsAskingLive([false])
    const before = (await admin.stats()).payments
    await expect(actions.newOrderPayment({ orderId: order.id })).rejects.toMatchObject({ code: 'canceled' })
    expect((await admin.stats()).payments).toBe(before)
    expect(asked[0]).toMatchObject({ connection: 'Shop live', action: 'Create a new payment for an order' })
    expect(present(asked[0]).reference).toContain('ACT-NEWPAY-LIVE')
  })
})
