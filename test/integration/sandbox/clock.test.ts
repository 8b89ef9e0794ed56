// The sandbox clock (issue 24 item 10): it starts where asked, moves forward through the admin API
// only, and what falls due runs at its time — here the expiry of an open payment
// (https://docs.mollie.com/payments/status-changes, "Expiry times per payment method").
import { describe, expect, it } from 'vitest'
import { useHarness } from '../helpers/sandbox-harness'
import { validPaymentBody } from '../../helpers/sandbox-fixtures'

const KEY = 'test_clockKey000000001'
const START = Date.parse('2026-03-02T09:00:00Z')
const h = useHarness({ seed: 7, clockStartMs: START }, KEY)
const api = (method: string, path: string, body?: unknown) => h.api(method, path, body)

describe('sandbox clock', () => {
  it('starts at the given moment and stamps new objects with its time', async () => {
    const reading = await h.admin.clock()
    expect(Math.abs(reading.nowMs - START)).toBeLessThan(60_000)
    const created = await api('POST', '/payments', validPaymentBody())
    expect(created.status).toBe(201)
    expect(created.json.createdAt.slice(0, 13)).toBe('2026-03-02T09')
  })

  it('moves forward by seconds or to a moment, and refuses to go back or bad input (field named)', async () => {
    const before = await h.admin.clock()
    const after = await h.admin.advanceClock({ advanceSeconds: 3600 })
    expect(after.nowMs - before.nowMs).toBeGreaterThanOrEqual(3_600_000)
    const moved = await h.admin.advanceClock({ to: '2026-03-05' })
    expect(moved.now.slice(0, 10)).toBe('2026-03-05')
    const post = (body: unknown) =>
      fetch(`${h.sandbox.origin}/__admin/clock`, {
        method: 'POST',
        headers: { Authorization: `Bearer ${h.sandbox.adminToken}`, 'Content-Type': 'application/json' },
        body: JSON.stringify(body),
      })
    const back = await post({ to: '2026-03-01T00:00:00Z' })
    expect(back.status).toBe(422)
    expect(((await back.json()) as { field: string }).field).toBe('to')
    const bad = await post({ advanceSeconds: -5 })
    expect(bad.status).toBe(422)
    expect(((await bad.json()) as { field: string }).field).toBe('advanceSeconds')
    expect((await post({ to: 'tomorrow' })).status).toBe(422)
  })

  it('an open iDEAL payment expires 15 minutes after creation once the clock passes it (docs.mollie.com/payments/status-changes)', async () => {
    const created = await api('POST', '/payments', validPaymentBody({ method: 'ideal' }))
    expect(created.json.status).toBe('open')
    const expiresMs = Date.parse(created.json.expiresAt)
    expect(expiresMs - Date.parse(created.json.createdAt)).toBe(15 * 60_000)
    await h.admin.advanceClock({ advanceSeconds: 14 * 60 })
    expect((await api('GET', `/payments/${created.json.id}`)).json.status).toBe('open')
    await h.admin.advanceClock({ advanceSeconds: 2 * 60 })
    const expired = (await api('GET', `/payments/${created.json.id}`)).json
    expect(expired.status).toBe('expired')
    expect(expired.expiredAt).toBe(created.json.expiresAt)
    expect(expired.expiresAt).toBeUndefined()
    expect(expired._links.checkout).toBeUndefined()
  })
})
