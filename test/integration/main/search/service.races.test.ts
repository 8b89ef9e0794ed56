// Issue 22 item 4 (threat: hostile search text, a switch of connection mid-fetch). A payment opened
// while the active connection changes must not land in the other connection's index; a newer query
// replaces an older one still running. Real app services, the built-in Sandbox over HTTP.
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import type { AppServices } from '../../../../src/main/app-services'
import { createSandboxAdmin } from '../../../../src/sandbox/admin-client'
import { present } from '../../../helpers/present'
import { validPaymentBody } from '../../../helpers/sandbox-fixtures'
import { startTestApp, type TestApp } from '../../helpers/app-services'

const KEY_A = 'test_RaceConnectionAaaaaaaaa01'
const KEY_B = 'test_RaceConnectionBbbbbbbbb02'
const ADMIN = 'race-admin-token-0123456789'

let dir: string
let services: AppServices
let invoke: TestApp['invoke']

beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'paydesk-race-'))
  ;({ services, invoke } = await startTestApp(dir, {
    sandboxOptions: { keys: [KEY_A, KEY_B], adminToken: ADMIN, seedPayments: 0 },
  }))
})

afterEach(async () => {
  await services.dispose()
  await rm(dir, { recursive: true, force: true })
})

/** The active connection's index holds a payment (it starts empty: no sync runs in these tests). */
async function holdsPayments(): Promise<boolean> {
  return (await services.search.currentIndex()).count('payments') > 0
}

describe('a payment opened during a switch of connection (issue 22 item 4)', () => {
  it('lands in the index of the connection it was fetched with, and in no other', async () => {
    const client = await services.connections.getActiveClient()
    const payment = await client.createPayment(validPaymentBody({ description: 'Race payment' }))
    const sandboxUrl = present((await services.connections.activeView()).baseUrl)
    const b = await services.connections.add({ label: 'Second', secret: KEY_B, baseUrl: sandboxUrl })

    // Without a switch the opened payment is indexed for the active connection (the test can pass).
    expect(await holdsPayments()).toBe(false)
    await invoke('payments.get', { sessionId: 's', id: payment.id })
    expect(await holdsPayments()).toBe(true)

    // Now the answer is slow, and the agent switches to "Second" while it is on its way.
    const admin = createSandboxAdmin(new URL(sandboxUrl).origin, ADMIN)
    await admin.addFault({ path: `/v2/payments/${payment.id}`, kind: 'latency', latencyMs: 600, count: 1 })
    const opening = invoke('payments.get', { sessionId: 's', id: payment.id })
    await new Promise((resolve) => setTimeout(resolve, 150))
    await services.connections.setActive(b.id)
    // The home screen of "Second" opens its index while the answer is still on its way.
    expect(await holdsPayments()).toBe(false)
    expect(await opening).toMatchObject({ ok: true })
    expect(await holdsPayments()).toBe(false) // the index of “Second”
  })
})

describe('a newer query replaces an older one still running (issue 22 item 4)', () => {
  it('the older answers “replaced”, the newer answers', async () => {
    await services.search.currentIndex()
    const older = services.search.query('winter coat order payment shop')
    const newer = services.search.query('winter coat')
    await expect(older).rejects.toMatchObject({ code: 'canceled' })
    await expect(newer).resolves.toMatchObject({ text: 'winter coat' })
  })
})

describe('“Sync now” asked while a sync runs (the home screen’s button, a second agent action)', () => {
  it('is followed by one more walk, so what was created after the running walk passed is indexed too', async () => {
    const client = await services.connections.getActiveClient()
    const sandboxUrl = present((await services.connections.activeView()).baseUrl)
    const admin = createSandboxAdmin(new URL(sandboxUrl).origin, ADMIN)
    await client.createPayment(validPaymentBody({ description: 'Before the walk' }))
    // The walk reads payments first, then orders; the orders page is slow, so the payments walk has passed.
    await admin.addFault({ path: '/v2/orders', kind: 'latency', latencyMs: 700, count: 1 })
    const first = await services.search.sync()
    expect(first.state).toBe('running')
    await new Promise((resolve) => setTimeout(resolve, 300))
    const late = await client.createPayment(validPaymentBody({ description: 'After the walk passed' }))
    await services.search.sync()
    await services.search.whenIdle()
    const index = await services.search.currentIndex()
    expect(index.count('payments')).toBe(2)
    const found = await services.search.query('walk passed')
    expect(found.payments.hits.map((h) => h.id)).toContain(late.id)
  })
})
