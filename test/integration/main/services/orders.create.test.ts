/**
 * orders.create / payments.create over real HTTP: the real connections service, API client and
 * sandbox, the encrypted drafts store on a temporary directory, secrets in memory.
 */
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { createApiClient, type ApiClient } from '../../../../src/main/api'
import { createDispatcher } from '../../../../src/main/ipc/dispatcher'
import { toIpcError } from '../../../../src/main/errors'
import type { RunningSandbox, SandboxAdmin } from '../../../../src/sandbox'
import { createMemorySecretStore } from '../../../helpers/memory-secret-store'
import { createConnectionsService, type ConnectionsService } from '../../../../src/main/services/connections'
import { createDraftsDiskStore, type DraftsStore } from '../../../../src/main/services/drafts'
import { createEventBus } from '../../../../src/main/services/event-bus'
import { writeFileAtomic } from '../../../../src/main/storage/atomic-file'
import type { LiveWriteSummary } from '../../../../src/main/services/live-write-guard'
import { createOrdersService, type OrdersService } from '../../../../src/main/services/orders'
import { createDraftHandlers } from '../../../../src/main/services/drafts/handlers'
import { createOrderHandlers } from '../../../../src/main/services/orders/handlers'
import type { AttemptEvent } from '../../../../src/shared/api-events'
import type { CreateFailure } from '../../../../src/shared/ipc/orders'
import { emptyDraftContent, emptyDraftLine, type DraftContent } from '../../../../src/shared/order-builder'
import { present } from '../../../helpers/present'
import { startWriteSandbox } from '../../helpers/write-sandbox'
import { DRAFT_BILLING_ADDRESS } from '../../../helpers/drafts'

/** The record of each write: not what these tests check (test/unit/main/team/record-service.test.ts does). */
const record = (): void => {}

const TEST_KEY = 'test_OrdersIntegrationTestKey001'
const LIVE_KEY = 'live_OrdersIntegrationLiveKey001'

let sandbox: RunningSandbox
let admin: SandboxAdmin
let dataDir: string
let connections: ConnectionsService<ApiClient>
let drafts: DraftsStore
let orders: OrdersService

/** What a create that created answers (fails the test with the failure otherwise). */
async function created<T extends { ok: boolean }>(outcome: Promise<T>): Promise<Extract<T, { ok: true }>> {
  const r = await outcome
  if (!r.ok) throw new Error(`Not created: ${JSON.stringify((r as unknown as CreateFailure).error)}`)
  return r as Extract<T, { ok: true }>
}

/** What a create that failed answers: resolved, never thrown (fails the test if it created). */
async function failed(outcome: Promise<{ ok: boolean }>): Promise<CreateFailure> {
  const r = await outcome
  if (r.ok) throw new Error('Created, but a failure was expected')
  return r as CreateFailure
}
let orderSeq = 0
let secretStore: ReturnType<typeof createMemorySecretStore>
/** Every attempt the clients made, as the request log would receive it. */
let attempts: AttemptEvent[] = []

beforeAll(async () => {
  ;({ sandbox, admin } = await startWriteSandbox([TEST_KEY, LIVE_KEY]))
})

afterAll(async () => {
  await sandbox?.close()
})

beforeEach(async () => {
  dataDir = await mkdtemp(join(tmpdir(), 'paydesk-orders-it-'))
  secretStore = createMemorySecretStore()
  connections = createConnectionsService<ApiClient>({
    dataDir,
    secretStore,
    // The sandbox is shared by the tests: dispose() must not close it.
    sandbox: { start: async () => ({ ...sandbox, close: async () => {} }) },
    // One attempt per call: these tests are about the builder's own "send again".
    createClient: ({ baseUrl, getCredential }) =>
      createApiClient({ baseUrl, getCredential, retry: { maxAttempts: 1 }, onAttempt: (e) => attempts.push(e) }),
    events: createEventBus(),
  })
  drafts = createDraftsDiskStore({ dataDir, secretStore })
  orders = createOrdersService({ record, connections, drafts })
  await admin.clearFaults()
  attempts = []
})

afterEach(async () => {
  await connections.dispose()
  await rm(dataDir, { recursive: true, force: true })
})

function orderDraft(orderNumber: string): DraftContent {
  return {
    ...emptyDraftContent('order'),
    orderNumber,
    redirectUrl: 'https://shop.example/return',
    billingAddress: DRAFT_BILLING_ADDRESS,
    lines: [{ ...emptyDraftLine('a'), name: 'Shoes', quantity: '2', unitPrice: '30.00', vatRate: '21.00' }],
  }
}

function nextNumber(): string {
  return `IT-${Date.now()}-${++orderSeq}`
}

async function useLiveConnection(): Promise<void> {
  const live = await connections.add({ label: 'Shop live', secret: LIVE_KEY, baseUrl: sandbox.baseUrl })
  await connections.setActive(live.id)
  expect((await connections.activeConnection()).isLive).toBe(true)
}

describe('orders.create', () => {
  it('creates an order from a draft, archives the draft and sends the preview body', async () => {
    const number = nextNumber()
    const draft = await drafts.save({ content: orderDraft(number) })
    const result = await created(orders.createOrder({ draftId: draft.id }))
    expect(result.order.orderNumber).toBe(number)
    expect(result.order.amount).toEqual({ currency: 'EUR', value: '60.00' })
    expect(result.order._embedded?.payments?.length).toBe(1)
    expect(result.idempotencyKey).toBe(draft.idempotencyKey)
    expect(result.draft.archived?.orderId).toBe(result.order.id)
    expect((await admin.stats()).ordersByNumber[number]).toBe(1)
    expect(await failed(orders.createOrder({ draftId: draft.id }))).toMatchObject({
      error: { code: 'conflict' },
      draft: { id: draft.id, archived: { orderId: result.order.id } },
      idempotencyKey: draft.idempotencyKey,
    })
  })

  it('on a live connection sends only after the dialog main shows said yes; a forged flag is refused', async () => {
    await useLiveConnection()
    const asked: LiveWriteSummary[] = []
    const answers: boolean[] = []
    orders = createOrdersService({
      record,
      connections,
      drafts,
      liveWrites: {
        async confirm(summary) {
          asked.push(summary)
          return answers.shift() ?? false
        },
      },
    })
    const number = nextNumber()
    const draft = await drafts.save({ content: orderDraft(number) })
    const dispatcher = createDispatcher({
      handlers: {
        ...createOrderHandlers(orders, { getOrder: () => Promise.reject(new Error('unused')) }, async () => () => {}),
        ...createDraftHandlers(drafts),
      } as never,
      trustedOrigins: ['app://paydesk'],
    })
    const sender = { frameUrl: 'app://paydesk/index.html', isAppWindow: true }
    const forged = await dispatcher.invoke(sender, 'orders.create', { draftId: draft.id, confirmedLive: true })
    expect(forged).toMatchObject({ ok: false, error: { code: 'invalid-input' } })
    expect(asked).toEqual([])

    const refused = await dispatcher.invoke(sender, 'orders.create', { draftId: draft.id })
    expect(refused).toMatchObject({ ok: true, value: { ok: false, error: { code: 'canceled' } } })
    expect(asked).toEqual([
      {
        connection: 'Shop live',
        action: 'Create an order',
        amount: 'EUR 60.00',
        reference: number,
        lineCount: 1,
        customer: 'Ada Lovelace <ada@example.org>',
        callbacks: [{ label: 'Customer returns to', url: 'https://shop.example/return' }],
      },
    ])
    expect((await admin.stats()).ordersByNumber[number]).toBeUndefined()

    answers.push(true)
    const sent = await dispatcher.invoke(sender, 'orders.create', { draftId: draft.id })
    expect(sent).toMatchObject({ ok: true, value: { ok: true, order: { mode: 'live' } } })
    expect((await admin.stats()).ordersByNumber[number]).toBe(1)
  })

  it('shows a webhook the page slipped into the draft, and asks one live question at a time', async () => {
    await useLiveConnection()
    const asked: LiveWriteSummary[] = []
    const pending: ((yes: boolean) => void)[] = []
    orders = createOrdersService({
      record,
      connections,
      drafts,
      liveWrites: {
        confirm(summary) {
          asked.push(summary)
          return new Promise<boolean>((resolve) => pending.push(resolve))
        },
      },
    })
    const first = nextNumber()
    const second = nextNumber()
    // A compromised page edits the draft the agent is about to send: right amount, foreign webhook.
    const hostile = { ...orderDraft(first), webhookUrl: 'https://EVIL.example/hook' }
    const draftA = await drafts.save({ content: hostile })
    const draftB = await drafts.save({ content: orderDraft(second) })

    const asking = orders.createOrder({ draftId: draftA.id })
    await expect.poll(() => asked.length).toBe(1)
    expect(present(asked[0]).callbacks).toEqual([
      { label: 'Customer returns to', url: 'https://shop.example/return' },
      { label: 'Status updates (webhook) go to', url: 'https://evil.example/hook' },
    ])
    // While that dialog is open, a second live write is refused without a second dialog.
    expect(await failed(orders.createOrder({ draftId: draftB.id }))).toMatchObject({ error: { code: 'conflict' } })
    expect(asked).toHaveLength(1)
    present(pending.shift())(false)
    expect(await failed(asking)).toMatchObject({ error: { code: 'canceled' } })
    const stats = await admin.stats()
    expect(stats.ordersByNumber[first]).toBeUndefined()
    expect(stats.ordersByNumber[second]).toBeUndefined()
  })

  it('refuses every live write when no confirmation dialog is wired (fails closed)', async () => {
    await useLiveConnection()
    const number = nextNumber()
    const draft = await drafts.save({ content: orderDraft(number) })
    expect(await failed(orders.createOrder({ draftId: draft.id }))).toMatchObject({ error: { code: 'canceled' } })
    expect((await admin.stats()).ordersByNumber[number]).toBeUndefined()
  })

  it('a resend after reset-after-headers reuses the draft key and creates exactly one order', async () => {
    const number = nextNumber()
    const draft = await drafts.save({ content: orderDraft(number) })
    await admin.addFault({ path: '/v2/orders', method: 'POST', kind: 'reset-after-headers', count: 1 })
    const first = await failed(orders.createOrder({ draftId: draft.id }))
    expect(first).toMatchObject({ error: { code: 'api-error', api: { kind: 'network' } } })
    // The sandbox did create it; the client could not know.
    expect((await admin.stats()).ordersByNumber[number]).toBe(1)

    // "Send again" after an app restart: a new store on the same files.
    const restarted = createOrdersService({
      record,
      connections,
      drafts: createDraftsDiskStore({ dataDir, secretStore }),
    })
    const again = await created(restarted.createOrder({ draftId: draft.id }))
    expect(again.idempotencyKey).toBe(draft.idempotencyKey)
    expect((await admin.stats()).ordersByNumber[number]).toBe(1)
  })

  it('a definitive 422 keeps the key for the same body and renews it once the draft changes', async () => {
    const number = nextNumber()
    const bad = orderDraft(number)
    bad.lines[0] = { ...present(bad.lines[0]), vatOverride: '10.46' }
    const draft = await drafts.save({ content: bad })
    const refused = await failed(orders.createOrder({ draftId: draft.id }))
    expect(refused).toMatchObject({
      error: { code: 'api-error', api: { status: 422, field: 'lines.0.vatAmount' } },
      // Everything the form shows after a refusal, in the same answer.
      idempotencyKey: draft.idempotencyKey,
      draft: { id: draft.id, archived: null },
      fieldErrors: [{ path: 'lines.0.vatAmount' }],
    })
    // Same body again: same key (the service replays its 422).
    expect((await failed(orders.createOrder({ draftId: draft.id }))).idempotencyKey).toBe(draft.idempotencyKey)
    expect((await drafts.get(draft.id)).idempotencyKey).toBe(draft.idempotencyKey)
    // Fixed draft: a new key, so the service does not answer 409 for a different body.
    const fixed = orderDraft(number)
    const result = await created(orders.createOrder({ draftId: draft.id, content: fixed }))
    expect(result.idempotencyKey).not.toBe(draft.idempotencyKey)
    expect((await admin.stats()).ordersByNumber[number]).toBe(1)
  })

  it('writes the draft at most twice per create, whatever the outcome', async () => {
    const writes: string[] = []
    const counted = createDraftsDiskStore({
      dataDir,
      secretStore,
      writeFile: async (path, data) => {
        if (path.endsWith('.draft')) writes.push(path)
        await writeFileAtomic(path, data)
      },
    })
    orders = createOrdersService({ record, connections, drafts: counted })
    const number = nextNumber()
    const bad = orderDraft(number)
    bad.lines[0] = { ...present(bad.lines[0]), vatOverride: '10.46' }
    const draft = await counted.save({ content: bad })
    // Refused (422): the content as on screen, then the key spent on that body.
    writes.length = 0
    expect(await failed(orders.createOrder({ draftId: draft.id, content: bad }))).toMatchObject({
      fieldErrors: [{ path: 'lines.0.vatAmount' }],
    })
    expect(writes).toHaveLength(2)
    // Edited and sent again: content and a fresh key in one write, then the draft is used.
    writes.length = 0
    const result = await created(orders.createOrder({ draftId: draft.id, content: orderDraft(number) }))
    expect(result.idempotencyKey).not.toBe(draft.idempotencyKey)
    expect(result.draft.archived?.orderId).toBe(result.order.id)
    expect(writes).toHaveLength(2)
  })

  it("names the draft in each request's origin, so the Inspector can open the form it came from", async () => {
    const order = await drafts.save({ content: orderDraft(nextNumber()) })
    await created(orders.createOrder({ draftId: order.id }))
    const payment = await drafts.save({
      content: {
        ...emptyDraftContent('payment'),
        paymentAmount: '9.95',
        description: 'Origin test',
        redirectUrl: 'https://shop.example/return',
      },
    })
    await created(orders.createPayment({ draftId: payment.id }))
    const origins = attempts.filter((a) => a.method === 'POST').map((a) => a.origin)
    expect(origins).toEqual([
      { screen: 'orders', action: 'create order', draftId: order.id },
      { screen: 'orders', action: 'create payment', draftId: payment.id },
    ])
  })

  it('creates a payment from a payment draft', async () => {
    const content: DraftContent = {
      ...emptyDraftContent('payment'),
      paymentAmount: '12.50',
      description: 'Invoice 7',
      redirectUrl: 'https://shop.example/return',
    }
    const draft = await drafts.save({ content })
    const result = await created(orders.createPayment({ draftId: draft.id }))
    expect(result.payment.amount).toEqual({ currency: 'EUR', value: '12.50' })
    expect(result.payment.description).toBe('Invoice 7')
    expect(await failed(orders.createOrder({ draftId: (await drafts.save({ content })).id }))).toMatchObject({
      error: { code: 'invalid-input' },
    })
  })

  it('gets an order again by id', async () => {
    const draft = await drafts.save({ content: orderDraft(nextNumber()) })
    const { order } = await created(orders.createOrder({ draftId: draft.id }))
    expect((await orders.getOrder(order.id)).id).toBe(order.id)
    const missing = await orders.getOrder('ord_doesNotExist1').catch((e: unknown) => e)
    expect(toIpcError(missing)).toMatchObject({ code: 'api-error', api: { status: 404 } })
  })
})
