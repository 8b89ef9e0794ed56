/**
 * "Refund the rest" survives a restart: the held refund of the rest is kept in the data folder,
 * encrypted; a new actions service over the same folder and data key (Paydesk started again) shows
 * it and sends it at its time, or at once when that passed while Paydesk was closed, always after a
 * fresh read of the payment; a canceled one stays canceled; one more than a day late is not sent; a
 * file edited outside Paydesk, or put back from an older copy, sends nothing, is set aside and is
 * told. Scripted client and clock; a map stands for the keychain's high-water mark.
 */
import { randomBytes } from 'node:crypto'
import { mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import type { ActionsService } from '../../../../../src/main/services/actions'
import { QUEUED_REFUNDS_FILE } from '../../../../../src/main/services/actions/queued-store'
import type { Payment, Refund } from '../../../../../src/shared/api-types'
import { actionsOverClient } from '../../../helpers/actions-over-client'
import { eur, half, HALF_AT, REST_PAYMENT_ID, restPayment } from '../../../helpers/held-refund'

const ID = REST_PAYMENT_ID
const SEND_AT = Date.parse('2026-11-28T11:06:00Z')

let now: number
let dataDir: string
let key: Uint8Array
let calls: string[]
let refunds: Refund[]
let scheduled: { atMs: number; run: () => void; canceled: boolean }[]
/** The keychain beside the data key (its high-water marks). */
let keychain: Map<string, string>
/** Set: the keychain cannot be read (locked, no Secret Service). */
let keychainDown: boolean
const running: ActionsService[] = []

function payment(): Payment {
  return restPayment(
    refunds,
    refunds.reduce((sum, r) => sum + Math.round(Number(r.amount.value) * 100), 0),
  )
}

beforeEach(async () => {
  dataDir = await mkdtemp(join(tmpdir(), 'paydesk-queue-restart-'))
  key = randomBytes(32)
  now = HALF_AT + 10 * 60_000
  calls = []
  refunds = [half]
  scheduled = []
  keychain = new Map()
  keychainDown = false
})

afterEach(async () => {
  for (const s of running.splice(0)) s.dispose()
  await rm(dataDir, { recursive: true, force: true })
})

/** Paydesk running over the data folder (a second call is Paydesk started again). */
function start(): ActionsService {
  const client = {
    getPayment: async () => {
      calls.push(`getPayment at ${new Date(now).toISOString()}`)
      return payment()
    },
    listRefunds: async () => ({ count: refunds.length, _embedded: { refunds }, _links: {} }),
    createRefund: async (_id: string, body: { amount: { value: string }; metadata?: { ticket?: string } }) => {
      calls.push(`createRefund ${body.amount.value} ticket ${body.metadata?.ticket ?? '-'}`)
      const made = { ...half, id: `re_0000000000R${refunds.length}`, createdAt: new Date(now).toISOString() }
      refunds.push(made)
      return made
    },
  }
  const actions = actionsOverClient(client, {
    dataDir,
    key,
    record: () => {},
    now: () => now,
    highWater: {
      get: async (account: string) => {
        if (keychainDown) throw new Error('the keychain is locked')
        return keychain.get(account) ?? null
      },
      set: async (account: string, value: string) => void keychain.set(account, value),
    },
    schedule: (atMs, run) => {
      const job = { atMs, run, canceled: false }
      scheduled.push(job)
      return () => void (job.canceled = true)
    },
  })
  running.push(actions)
  return actions
}

/** Queues the rest (€44.50 behind the earlier €44.50) and closes Paydesk. */
async function queueAndClose(): Promise<string> {
  const first = start()
  const { guard } = await first.refundGuard({ paymentId: ID })
  const { queued } = await first.refund({ paymentId: ID, amount: eur('44.50'), seen: guard.token, ticket: 'HD-4471' })
  first.dispose()
  expect(scheduled.every((j) => j.canceled)).toBe(true)
  scheduled = []
  calls = []
  return queued?.id ?? ''
}

const shown = async (actions: ActionsService) => (await actions.queuedRefunds(ID)).queued[0]

async function runLast(actions: ActionsService): Promise<void> {
  const job = scheduled.at(-1)
  if (!job || job.canceled) throw new Error('nothing scheduled')
  now = Math.max(now, job.atMs)
  job.run()
  await expect.poll(async () => (await shown(actions))?.state).not.toBe('waiting')
}

describe('a held refund of the rest across a restart', () => {
  it('is kept encrypted in the data folder', async () => {
    await queueAndClose()
    const bytes = await readFile(join(dataDir, QUEUED_REFUNDS_FILE))
    expect(bytes.toString('latin1')).not.toMatch(/tr_00000000REST|44\.50|HD-4471/)
  })

  it('is shown and sent at its time after a restart, after reading the payment again, with its ticket', async () => {
    const id = await queueAndClose()
    const again = start()
    expect(await shown(again)).toMatchObject({ id, state: 'waiting', sendAt: new Date(SEND_AT).toISOString() })
    expect(scheduled.map((j) => j.atMs)).toEqual([SEND_AT])
    await runLast(again)
    // Read fresh at its time (the held refund's own check, then the refund's), then sent, then read after.
    expect(calls.slice(0, 3)).toEqual([
      'getPayment at 2026-11-28T11:06:00.000Z',
      'getPayment at 2026-11-28T11:06:00.000Z',
      'createRefund 44.50 ticket HD-4471',
    ])
    expect(await shown(again)).toMatchObject({ state: 'sent', refundId: 're_0000000000R1' })
    // And once more: sent stays sent.
    again.dispose()
    scheduled = []
    expect(await shown(start())).toMatchObject({ state: 'sent' })
    expect(scheduled).toEqual([])
  })

  it('is sent at once when its time passed while Paydesk was closed, but not when the payment changed', async () => {
    await queueAndClose()
    now = SEND_AT + 3 * 60 * 60_000
    refunds.push({ ...half, id: 're_00000COLLEAG', amount: eur('10.00') })
    const again = start()
    await expect.poll(() => scheduled.length).toBe(1)
    expect(scheduled[0]?.atMs).toBe(now)
    await runLast(again)
    expect(calls.filter((c) => c.startsWith('createRefund'))).toEqual([])
    expect(await shown(again)).toMatchObject({
      state: 'not-sent',
      note: expect.stringMatching(/the payment changed since it was queued/),
    })
  })

  it('is not sent when Paydesk starts more than a day after its time', async () => {
    await queueAndClose()
    now = SEND_AT + 25 * 60 * 60_000
    const again = start()
    expect(await shown(again)).toMatchObject({ state: 'not-sent', note: expect.stringMatching(/more than a day/) })
    expect(scheduled).toEqual([])
    expect(calls).toEqual([])
  })

  it('stays canceled when it was canceled before the restart', async () => {
    const first = start()
    const { guard } = await first.refundGuard({ paymentId: ID })
    const { queued } = await first.refund({ paymentId: ID, amount: eur('44.50'), seen: guard.token })
    await first.cancelQueuedRefund(queued?.id ?? '')
    first.dispose()
    scheduled = []
    expect(await shown(start())).toMatchObject({ state: 'canceled' })
    expect(scheduled).toEqual([])
  })

  it('an edited file sends nothing: it is set aside (a copy kept) and the view is told', async () => {
    await queueAndClose()
    const file = join(dataDir, QUEUED_REFUNDS_FILE)
    const bytes = await readFile(file)
    bytes[bytes.length - 1] = (bytes[bytes.length - 1] ?? 0) ^ 0xff
    await writeFile(file, bytes)
    now = SEND_AT + 60_000
    const again = start()
    const { queued, notice } = await again.queuedRefunds(ID)
    expect(queued).toEqual([])
    expect(notice).toMatch(/could not be read when Paydesk started \(it was changed outside Paydesk or is damaged\)/)
    expect(notice).toMatch(/none of them will be sent/)
    expect(scheduled).toEqual([])
    expect(calls).toEqual([])
    expect((await readdir(dataDir)).some((n) => n.startsWith(`${QUEUED_REFUNDS_FILE}.`) && n.endsWith('.bak'))).toBe(
      true,
    )
  })

  it('a file written with another data key (another desk’s, or planted) is refused the same way', async () => {
    await queueAndClose()
    key = randomBytes(32)
    const { queued, notice } = await start().queuedRefunds(ID)
    expect(queued).toEqual([])
    expect(notice).toMatch(/none of them will be sent/)
    expect(scheduled).toEqual([])
  })

  it('a file put back from an older copy cannot bring back a refund canceled since: nothing is sent', async () => {
    const first = start()
    const { guard } = await first.refundGuard({ paymentId: ID })
    const { queued } = await first.refund({ paymentId: ID, amount: eur('44.50'), seen: guard.token })
    const older = await readFile(join(dataDir, QUEUED_REFUNDS_FILE))
    await first.cancelQueuedRefund(queued?.id ?? '')
    first.dispose()
    scheduled = []
    calls = []
    await writeFile(join(dataDir, QUEUED_REFUNDS_FILE), older)
    now = SEND_AT + 60_000
    const { queued: shownAfter, notice } = await start().queuedRefunds(ID)
    expect(shownAfter).toEqual([])
    expect(notice).toMatch(/put back from an earlier copy/)
    expect(scheduled).toEqual([])
    expect(calls).toEqual([])
  })

  it('a keychain that cannot be read at start sends nothing and keeps the file aside, not overwritten', async () => {
    await queueAndClose()
    keychainDown = true
    const { queued, notice } = await start().queuedRefunds(ID)
    expect(queued).toEqual([])
    expect(notice).toMatch(/the keychain could not be read: the keychain is locked\)/)
    expect(scheduled).toEqual([])
    expect(calls).toEqual([])
    expect((await readdir(dataDir)).filter((n) => n.endsWith('.bak'))).toHaveLength(1)
  })
})
