// Issue 25 item 1, a support call's first glance: the home screen's figures equal the service's after
// changes made at the service and one "Sync now". The built renderer in Chromium on the real services
// (the built-in Sandbox over HTTP with its seeded merchant, the client, the encrypted index); the
// service's side is counted from the sandbox's own list endpoints, never from the index.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { ApiClient } from '../../src/main/api'
import { completeCheckout, createSandboxAdmin, type SandboxAdmin } from '../../src/sandbox/index'
import type { OrderList, Payment, PaymentList } from '../../src/shared/api-types'
import { present } from '../helpers/present'
import { validPaymentBody } from '../helpers/sandbox-fixtures'
import { startHarness, type Harness } from './harness'

const KEY = 'test_UnderstandHomeKey00000000001'
const ADMIN = 'understand-home-admin-token-00001'
const suffix = Date.now().toString(36)

let h: Harness
let admin: SandboxAdmin
let client: ApiClient
let baseUrl = ''
let origin = ''

interface Figures {
  today: Record<string, number>
  week: Record<string, number>
  /**
   * Statuses of "May need a call" (failed, expired or canceled today), sorted: payments made within
   * the same second (the service's timestamps have whole seconds) may be listed in either order.
   */
  failures: string[]
  payments: number
  orders: number
}

async function listAll<T>(path: string, embedded: 'payments' | 'orders'): Promise<T[]> {
  const out: T[] = []
  let url: string | null = `${baseUrl}${path}?limit=250`
  while (url) {
    const res = await fetch(url, { headers: { Authorization: `Bearer ${KEY}` } })
    if (!res.ok) throw new Error(`GET ${url} → ${res.status}`)
    const page = (await res.json()) as PaymentList | OrderList
    out.push(...((page._embedded as unknown as Record<string, T[]>)[embedded] ?? []))
    url = page._links.next?.href ?? null
  }
  return out
}

/** The home figures as the service's lists give them (the same local days as the home screen). */
async function serviceFigures(): Promise<Figures> {
  const payments = await listAll<Payment>('/payments', 'payments')
  const orders = await listAll<unknown>('/orders', 'orders')
  const d = new Date()
  const todayFrom = new Date(d.getFullYear(), d.getMonth(), d.getDate()).getTime()
  const weekFrom = new Date(d.getFullYear(), d.getMonth(), d.getDate() - 6).getTime()
  const until = new Date(d.getFullYear(), d.getMonth(), d.getDate() + 1).getTime()
  const count = (from: number) => {
    const counts: Record<string, number> = {}
    for (const p of payments) {
      const t = Date.parse(p.createdAt)
      if (t >= from && t < until) counts[p.status] = (counts[p.status] ?? 0) + 1
    }
    return counts
  }
  // Newest first, as the service lists them and the home screen shows them (at most 20).
  const failures = payments
    .filter((p) => {
      const t = Date.parse(p.createdAt)
      return t >= todayFrom && t < until && ['failed', 'expired', 'canceled'].includes(p.status)
    })
    .slice(0, 20)
    .map((p) => p.status)
    .sort()
  return { today: count(todayFrom), week: count(weekFrom), failures, payments: payments.length, orders: orders.length }
}

async function countsShown(testId: string): Promise<Record<string, number>> {
  const items = await h.page.getByTestId(testId).locator('li').allTextContents()
  return Object.fromEntries(
    items.map((text) => {
      const match = /^\s*(\w+)\s+(\d+)\s*$/.exec(text)
      if (!match) throw new Error(`unexpected home figure "${text}"`)
      return [match[1], Number(match[2])]
    }),
  )
}

/** Every figure the home screen shows, read from the page. */
async function shownFigures(): Promise<Figures> {
  const index = present(await h.page.getByTestId('home-index').textContent())
  const match = /^([\d,.\s]+) payments and ([\d,.\s]+) orders/.exec(index)
  if (!match) throw new Error(`unexpected index line "${index}"`)
  const failures = await h.page
    .getByTestId('home-failures')
    .locator('li .badge')
    .evaluateAll((badges) => badges.map((b) => (b.getAttribute('title') ?? '').replace(/^Status: /, '')))
  return {
    today: await countsShown('home-today'),
    week: await countsShown('home-week'),
    failures: failures.sort(),
    payments: Number(present(match[1]).replace(/\D/g, '')),
    orders: Number(present(match[2]).replace(/\D/g, '')),
  }
}

/** Clicks "Sync now" and waits for that sync to end. */
async function syncNow(): Promise<void> {
  await h.services.search.whenIdle()
  const before = h.services.search.status().startedAt
  await h.page.getByRole('button', { name: 'Sync now' }).click()
  await expect.poll(() => h.services.search.status().startedAt, { timeout: 10_000 }).not.toBe(before)
  await h.services.search.whenIdle()
  expect(h.services.search.status().state).toBe('done')
}

beforeAll(async () => {
  h = await startHarness({
    name: 'understand-home',
    deps: { sandboxOptions: { keys: [KEY], adminToken: ADMIN, seedPayments: 300 } },
  })
  await h.page.getByTestId('home-screen').waitFor()
  client = await h.services.connections.getActiveClient()
  baseUrl = present((await h.services.connections.activeView()).baseUrl)
  origin = new URL(baseUrl).origin
  admin = createSandboxAdmin(origin, ADMIN)
  await h.services.search.whenIdle()
})

afterAll(async () => {
  await h?.close()
})

describe('home figures after changes at the service and one “Sync now” (issue 25 item 1)', () => {
  it('today, the last 7 days, “May need a call” and the index counts equal the service’s lists', async () => {
    const create = (description: string, method: 'banktransfer' | 'ideal' | 'creditcard') =>
      client.createPayment(validPaymentBody({ description: `${description} ${suffix}`, method }))
    const toPay = await create('Home pay', 'banktransfer')
    const toFail = await create('Home fail', 'creditcard')
    const toExpire = await create('Home expire', 'ideal')
    await create('Home stays open', 'banktransfer')
    const toRefund = await create('Home refund', 'banktransfer')
    await completeCheckout(`${origin}/checkout/${toRefund.id}`, 'paid')
    await syncNow()
    const before = await serviceFigures()
    await expect.poll(shownFigures).toEqual(before)

    // At the service: one paid, one failed, one expired (its 15 minutes pass on the sandbox clock,
    // with every other open payment due by then), one refunded in full.
    await completeCheckout(`${origin}/checkout/${toPay.id}`, 'paid')
    await completeCheckout(`${origin}/checkout/${toFail.id}`, 'failed', { failureReason: 'insufficient_funds' })
    await admin.advanceClock({ advanceSeconds: 16 * 60 })
    await client.createRefund(toRefund.id, { amount: toRefund.amount })
    const after = await serviceFigures()
    expect(after.today).not.toEqual(before.today)
    expect(after.failures.length).toBeGreaterThan(before.failures.length)
    const statusOf = async (id: string) => (await client.getPayment(id)).status
    expect(await statusOf(toExpire.id)).toBe('expired')

    await syncNow()
    await expect.poll(shownFigures, { timeout: 10_000 }).toEqual(after)
    // The refunded one is found with its refund (its status stays paid, so no count shows it); the
    // index reads payments without their refunds, so it says a refund was made, not that it arrived.
    const found = await h.services.search.query(`Home refund ${suffix}`)
    expect(found.payments.hits.find((x) => x.id === toRefund.id)?.state).toBe('refund made')
    await h.screenshot('home-after-sync')
  })
})
