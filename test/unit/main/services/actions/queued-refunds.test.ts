/**
 * "Refund the rest" always has a way through (issue 49 item 2), with a scripted client and clock:
 * the rest of a payment, refused by the duplicate window only, is held by main and sent once the
 * window has ended (after reading the payment again); it can be canceled until then; a payment that
 * changed meanwhile is not refunded. Any other repeated amount is still refused.
 */
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import type { Payment, Refund } from '../../../../../src/shared/api-types'
import { actionsOverClient } from '../../../helpers/actions-over-client'
import { eur, half, HALF_AT, restPayment } from '../../../helpers/held-refund'

let now = HALF_AT + 10 * 60_000
let dataDir: string
let calls: string[]
let refunds: Refund[]
let scheduled: { atMs: number; run: () => void; canceled: boolean }[]

function payment(): Payment {
  return restPayment(refunds, refunds.filter((r) => r.status !== 'canceled').length * 4450)
}

beforeEach(async () => {
  dataDir = await mkdtemp(join(tmpdir(), 'paydesk-queue-unit-'))
  now = HALF_AT + 10 * 60_000
  calls = []
  refunds = [half]
  scheduled = []
})

afterEach(async () => {
  await rm(dataDir, { recursive: true, force: true })
})

function service() {
  const client = {
    getPayment: async () => payment(),
    listRefunds: async () => ({ count: refunds.length, _embedded: { refunds }, _links: {} }),
    createRefund: async (_id: string, body: { amount: { value: string } }) => {
      calls.push(`createRefund ${body.amount.value} at ${new Date(now).toISOString()}`)
      const made = { ...half, id: `re_0000000000R${refunds.length}`, createdAt: new Date(now).toISOString() }
      refunds.push(made)
      return made
    },
  }
  return actionsOverClient(client, {
    dataDir,
    record: () => {},
    now: () => now,
    schedule: (atMs, run) => {
      const job = { atMs, run, canceled: false }
      scheduled.push(job)
      return () => void (job.canceled = true)
    },
  })
}

/** Moves the clock to the held refund's time and runs it; waits until main has settled it. */
async function runDue(actions: ReturnType<typeof service>): Promise<void> {
  const job = scheduled.at(-1)
  if (!job || job.canceled) return
  now = job.atMs
  job.run()
  await expect.poll(async () => (await actions.queuedRefunds('tr_00000000REST')).queued[0]?.state).not.toBe('waiting')
}

describe('the rest of a payment behind the duplicate window', () => {
  it('is held and sent when the window ends, after reading the payment again', async () => {
    const actions = service()
    const { guard } = await actions.refundGuard({ paymentId: 'tr_00000000REST' })
    const result = await actions.refund({ paymentId: 'tr_00000000REST', amount: eur('44.50'), seen: guard.token })
    expect(result.refund).toBeNull()
    expect(result.queued).toMatchObject({ state: 'waiting', sendAt: '2026-11-28T11:06:00.000Z', amount: eur('44.50') })
    expect(result.queued?.note).toMatch(/sends this refund of the remaining €44\.50 at 11:06 UTC/)
    expect(calls).toEqual([])
    expect((await actions.queuedRefunds('tr_00000000REST')).queued).toHaveLength(1)
    await runDue(actions)
    expect(calls).toEqual(['createRefund 44.50 at 2026-11-28T11:06:00.000Z'])
    expect((await actions.queuedRefunds('tr_00000000REST')).queued[0]).toMatchObject({
      state: 'sent',
      refundId: 're_0000000000R1',
    })
  })

  it('can be canceled while it waits: nothing is sent', async () => {
    const actions = service()
    const { guard } = await actions.refundGuard({ paymentId: 'tr_00000000REST' })
    const { queued } = await actions.refund({ paymentId: 'tr_00000000REST', amount: eur('44.50'), seen: guard.token })
    const canceled = await actions.cancelQueuedRefund(queued?.id ?? '')
    expect(canceled.queued).toMatchObject({
      state: 'canceled',
      note: 'Canceled before it was sent; nothing was refunded.',
    })
    expect(scheduled.at(-1)?.canceled).toBe(true)
    await expect(actions.cancelQueuedRefund(queued?.id ?? '')).rejects.toThrow(/can no longer be canceled/)
    expect(calls).toEqual([])
  })

  it('is not sent when the payment changed meanwhile (another refund)', async () => {
    const actions = service()
    const { guard } = await actions.refundGuard({ paymentId: 'tr_00000000REST' })
    await actions.refund({ paymentId: 'tr_00000000REST', amount: eur('44.50'), seen: guard.token })
    refunds.push({ ...half, id: 're_00000COLLEAG', amount: eur('10.00') })
    await runDue(actions)
    expect(calls).toEqual([])
    expect((await actions.queuedRefunds('tr_00000000REST')).queued[0]).toMatchObject({
      state: 'not-sent',
      note: expect.stringMatching(/the payment changed since it was queued/),
    })
  })

  it('an amount that is not the rest is still refused within the hour, with what to do', async () => {
    refunds = [{ ...half, amount: eur('20.00') }]
    const actions = service()
    const { guard } = await actions.refundGuard({ paymentId: 'tr_00000000REST' })
    await expect(
      actions.refund({ paymentId: 'tr_00000000REST', amount: eur('20.00'), seen: guard.token }),
    ).rejects.toThrow(/already made on this payment/)
    expect(scheduled).toEqual([])
  })
})
