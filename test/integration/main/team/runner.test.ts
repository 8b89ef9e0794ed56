// The team runner and write requests (issue 51) on a real PostgreSQL (throwaway cluster) and the real
// sandbox over HTTP: limits and four-eyes approval held by the database against a modified desk (a
// script with an agent's database login and the desk's read-only token), each refund sent once even
// with two runners racing or a runner stopped between the send and the commit.
import pg from 'pg'
import { randomBytes } from 'node:crypto'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createApiClient } from '../../../../src/main/api/client'
import { drainQueue, runOneRequest, type RunnerApi } from '../../../../src/main/team/runner'
import { addAgent, setRefundLimit, verifyTeamRecord } from '../../../../src/main/team/team-admin'
import { startRunner } from '../../../../src/main/team/runner-process'
import {
  decideRequest,
  requestById,
  requestRefund,
  requestStateWords,
  runnerOnline,
} from '../../../../src/main/team/write-requests'
import type { Payment } from '../../../../src/shared/api-types'
import { startHarness, type Harness } from '../../helpers/sandbox-harness'
import { startTestTeam, type TestTeam } from '../../helpers/team-cluster'

const WRITE_KEY = 'test_teamRunnerWriteKey01'
const READ_TOKEN = 'access_deskReadOnlyToken01'

let team: TestTeam
let sandbox: Harness
let anna: pg.Client
let lena: pg.Client
let kai: pg.Client
const runnerPassword = randomBytes(12).toString('hex')
const kaiPassword = randomBytes(12).toString('hex')

function runnerClient(): Promise<pg.Client> {
  return team.as('runner')
}

/** The runner's view of the service, counting the refunds it sends. */
function runnerApi(): RunnerApi & { sent: string[] } {
  const client = createApiClient({
    baseUrl: sandbox.sandbox.baseUrl,
    getCredential: async () => ({ secret: WRITE_KEY, kind: 'api-key' }),
  })
  const sent: string[] = []
  return {
    sent,
    getPayment: (id) => client.getPayment(id, { embed: ['refunds', 'chargebacks'] }),
    createRefund: async (paymentId, body, idempotencyKey) => {
      sent.push(idempotencyKey)
      return client.createRefund(paymentId, body, { idempotencyKey })
    },
  }
}

const readPayment = async (id: string): Promise<Payment> =>
  (await sandbox.api('GET', `/payments/${id}?embed=refunds`)).json as Payment

const eur = (value: string) => ({ value, currency: 'EUR' })

async function paid(value = '100.00'): Promise<string> {
  return (await sandbox.paidPayment({ amount: eur(value) })).id as string
}

beforeAll(async () => {
  sandbox = await startHarness({ keys: [WRITE_KEY, `${READ_TOKEN}:payments.read,refunds.read`] }, WRITE_KEY)
  team = await startTestTeam()
  const admin = await team.admin()
  await addAgent(admin, 'runner', 'runner', runnerPassword)
  await addAgent(admin, 'kai', 'lead', kaiPassword)
  await setRefundLimit(admin, { role: 'agent', currency: 'EUR', perRefund: '50.00', perDay: '100.00' })
  await setRefundLimit(admin, { role: 'lead', currency: 'EUR', perRefund: '20.00', perDay: '20.00' })
  const passwords: Record<string, string> = { runner: runnerPassword, kai: kaiPassword }
  const original = team.as.bind(team)
  team.as = (login) => (passwords[login] ? connect(team.cluster.urlFor(login, passwords[login])) : original(login))
  anna = await team.as('anna')
  lena = await team.as('lena')
  kai = await team.as('kai')
})
afterAll(async () => {
  await team.destroy()
  await sandbox.close()
})

const extra: pg.Client[] = []
async function connect(url: string): Promise<pg.Client> {
  const client = new pg.Client({ connectionString: url })
  client.on('error', () => {})
  await client.connect()
  extra.push(client)
  return client
}
afterAll(async () => {
  await Promise.all(extra.map((c) => c.end().catch(() => {})))
})

describe('key custody: the desk reads with a token that cannot write', () => {
  it('answers a refund with the read-only token 403 in the service error shape, and reads it', async () => {
    const id = await paid()
    const headers = { Authorization: `Bearer ${READ_TOKEN}`, 'Content-Type': 'application/json' }
    const write = await fetch(`${sandbox.sandbox.baseUrl}/payments/${id}/refunds`, {
      method: 'POST',
      headers,
      body: JSON.stringify({ amount: eur('1.00'), testmode: true }),
    })
    expect(write.status).toBe(403)
    const body = (await write.json()) as { status: number; title: string; detail: string }
    expect(body).toMatchObject({ status: 403, title: 'Forbidden' })
    expect(body.detail).toContain('refunds.write')
    const read = await fetch(`${sandbox.sandbox.baseUrl}/payments/${id}?testmode=true`, { headers })
    expect(read.status).toBe(200)
    expect((await readPayment(id)).amountRefunded?.value ?? '0.00').toBe('0.00')
  })
})

describe('limits and approval, held by the database', () => {
  it('queues a refund within the agent limit; the runner sends it once and records it as the agent', async () => {
    const id = await paid()
    const request = await requestRefund(anna, { paymentId: id, amount: eur('10.00'), ticket: '4711', desk: 'desk-a' })
    expect(request.state).toBe('queued')
    const api = runnerApi()
    const runner = await runnerClient()
    expect(await drainQueue(runner, api, 'runner-test')).toContain('done')
    const after = await requestById(anna, request.id)
    expect(after?.state).toBe('done')
    expect(after?.resultId).toMatch(/^re_/)
    expect((await readPayment(id)).amountRefunded).toEqual(eur('10.00'))
    const rows = await anna.query<{ agent: string; outcome_result: string; ticket: string }>(
      `SELECT agent, outcome_result, ticket FROM paydesk.action_record WHERE idempotency_key = $1`,
      [request.idempotencyKey],
    )
    expect(rows.rows).toEqual([{ agent: 'anna', outcome_result: 'done', ticket: '4711' }])
  })

  it('makes a refund above the limit wait for a lead, whatever state the desk asks for', async () => {
    const id = await paid()
    const big = await requestRefund(anna, { paymentId: id, amount: eur('60.00'), desk: 'desk-a' })
    expect(big.state).toBe('waiting-approval')
    // A modified desk: the state, an approver or a result are not the desk's to write.
    await expect(
      anna.query(
        `INSERT INTO paydesk.write_requests (request_id, action, object_kind, object_id, amount_value, amount_currency,
           idempotency_key, desk, state, decided_by) VALUES ('forged-1', 'refund', 'payment', $1, '500.00', 'EUR', 'forged-key-1', 'x', 'queued', 'lena')`,
        [id],
      ),
    ).rejects.toThrow(/permission denied/)
    await expect(
      anna.query(`UPDATE paydesk.write_requests SET state = 'queued' WHERE id = $1`, [big.id]),
    ).rejects.toThrow(/permission denied/)
    await expect(anna.query(`DELETE FROM paydesk.write_requests WHERE id = $1`, [big.id])).rejects.toThrow(
      /permission denied/,
    )
    await expect(decideRequest(anna, big.id, { approve: true }, readPayment)).rejects.toThrow(/Only a lead/)
    const runner = await runnerClient()
    await drainQueue(runner, runnerApi(), 'runner-test')
    expect((await requestById(anna, big.id))?.state).toBe('waiting-approval')
    expect((await readPayment(id)).amountRefunded?.value ?? '0.00').toBe('0.00')
  })

  it('holds against a modified desk’s own SQL: no other requester, no currency without a limit, no self-approval', async () => {
    const id = await paid()
    // Asking in another agent's name (to spend their limit) is not a column the desk may write.
    await expect(
      anna.query(
        `INSERT INTO paydesk.write_requests (request_id, action, object_kind, object_id, amount_value, amount_currency,
           idempotency_key, desk, requested_by) VALUES ('forged-2', 'refund', 'payment', $1, '1.00', 'EUR', 'forged-key-2', 'x', 'bob')`,
        [id],
      ),
    ).rejects.toThrow(/permission denied/)
    // A currency the team set no limit for: the database makes it wait for a lead, as the agent's own.
    await anna.query(
      `INSERT INTO paydesk.write_requests (request_id, action, object_kind, object_id, amount_value, amount_currency,
         idempotency_key, desk) VALUES ('raw-usd-1', 'refund', 'payment', $1, '1.00', 'USD', 'raw-usd-key-1', 'x')`,
      [id],
    )
    const raw = await anna.query<{ state: string; requested_by: string }>(
      `SELECT state, requested_by FROM paydesk.write_requests WHERE request_id = 'raw-usd-1'`,
    )
    expect(raw.rows).toEqual([{ state: 'waiting-approval', requested_by: 'anna' }])
    // A lead's own request, approved with her own SQL naming another approver: not hers to write.
    const own = await requestRefund(lena, { paymentId: id, amount: eur('30.00'), desk: 'desk-l' })
    await expect(
      lena.query(`UPDATE paydesk.write_requests SET state = 'queued', decided_by = 'kai' WHERE id = $1`, [own.id]),
    ).rejects.toThrow(/permission denied/)
    expect((await requestById(lena, own.id))?.state).toBe('waiting-approval')
  })

  it('counts the day: within the per-refund limit, the refund that passes the day limit waits', async () => {
    const bob = await team.as('bob')
    const states: string[] = []
    for (let i = 0; i < 3; i++) {
      const id = await paid()
      states.push((await requestRefund(bob, { paymentId: id, amount: eur('40.00'), desk: 'desk-b' })).state)
    }
    expect(states).toEqual(['queued', 'queued', 'waiting-approval'])
  })

  it('lets a lead approve a colleague but never their own request; a runner then sends the approved one', async () => {
    const id = await paid()
    const own = await requestRefund(lena, { paymentId: id, amount: eur('30.00'), desk: 'desk-l' })
    expect(own.state).toBe('waiting-approval')
    const direct = await lena.query(`UPDATE paydesk.write_requests SET state = 'queued' WHERE id = $1`, [own.id])
    expect(direct.rowCount).toBe(0)
    await expect(decideRequest(lena, own.id, { approve: true }, readPayment)).rejects.toThrow(/yourself/)
    const decided = await decideRequest(kai, own.id, { approve: true }, readPayment)
    expect(decided.request).toMatchObject({ state: 'queued', decidedBy: 'kai' })
    await expect(decideRequest(kai, own.id, { approve: false, reason: 'again' }, readPayment)).rejects.toThrow(
      /no longer waiting/,
    )
    await drainQueue(await runnerClient(), runnerApi(), 'runner-test')
    expect((await requestById(lena, own.id))?.state).toBe('done')
    const summary = await lena.query<{ outcome_summary: string; agent: string }>(
      `SELECT outcome_summary, agent FROM paydesk.action_record WHERE idempotency_key = $1`,
      [own.idempotencyKey],
    )
    expect(summary.rows[0]?.agent).toBe('lena')
    expect(summary.rows[0]?.outcome_summary).toContain('approved by kai')
  })

  it('refuses a lead approval of a request that no longer applies, with the reason', async () => {
    const id = await paid('70.00')
    const request = await requestRefund(anna, { paymentId: id, amount: eur('60.00'), desk: 'desk-a' })
    expect(request.state).toBe('waiting-approval')
    const other = await sandbox.api('POST', `/payments/${id}/refunds`, { amount: eur('20.00') })
    expect(other.status).toBe(201)
    const decided = await decideRequest(kai, request.id, { approve: true }, readPayment)
    expect(decided.words).toMatch(/no longer applies.*higher than what is left to refund \(50\.00 EUR\)/)
    expect(decided.request).toMatchObject({ state: 'refused', resultBy: 'lead' })
  })

  it('re-checks a queued request on a payment that changed meanwhile and refuses it unsent', async () => {
    const id = await paid('30.00')
    const request = await requestRefund(anna, { paymentId: id, amount: eur('25.00'), desk: 'desk-a' })
    expect(request.state).toBe('queued')
    expect((await sandbox.api('POST', `/payments/${id}/refunds`, { amount: eur('30.00') })).status).toBe(201)
    const api = runnerApi()
    await drainQueue(await runnerClient(), api, 'runner-test')
    const after = await requestById(anna, request.id)
    expect(after).toMatchObject({ state: 'refused', resultBy: 'runner' })
    expect(after?.resultSummary).toMatch(/^Not sent: The whole amount is being refunded/)
    expect(api.sent).toEqual([])
  })
})

describe('an open chargeback', () => {
  it('holds a queued refund: the runner refuses it unsent, with the reason', async () => {
    const id = await paid()
    const request = await requestRefund(anna, { paymentId: id, amount: eur('10.00'), desk: 'desk-a' })
    expect(request.state).toBe('queued')
    await sandbox.admin.openChargeback(id, eur('20.00'))
    const api = runnerApi()
    await drainQueue(await runnerClient(), api, 'runner-test')
    const after = await requestById(anna, request.id)
    expect(after).toMatchObject({ state: 'refused', resultBy: 'runner' })
    expect(after?.resultSummary).toMatch(/^Not sent: the customer's bank opened a chargeback of €20\.00/)
    expect(api.sent).toEqual([])
  })
})

describe('sent once', () => {
  it('sends each request once with two runners racing (SKIP LOCKED)', async () => {
    const ids: number[] = []
    for (let i = 0; i < 8; i++) {
      const id = await paid()
      ids.push((await requestRefund(anna, { paymentId: id, amount: eur('1.00'), desk: 'desk-a' })).id)
    }
    const a = runnerApi()
    const b = runnerApi()
    await Promise.all([
      drainQueue(await runnerClient(), a, 'runner-a'),
      drainQueue(await runnerClient(), b, 'runner-b'),
    ])
    const keys = [...a.sent, ...b.sent]
    expect(new Set(keys).size).toBe(keys.length)
    for (const id of ids) {
      const request = await requestById(anna, id)
      expect(request?.state).toBe('done')
      expect(keys).toContain(request?.idempotencyKey)
      const payment = await readPayment(request?.paymentId ?? '')
      expect(payment._embedded?.refunds).toHaveLength(1)
    }
    // The runner's rows (named after the asking agent) chain like every other row.
    expect((await verifyTeamRecord(anna)).problems).toEqual([])
  })

  it('sends nothing twice after a runner stopped between the send and the commit', async () => {
    const id = await paid()
    const request = await requestRefund(anna, { paymentId: id, amount: eur('5.00'), desk: 'desk-a' })
    const crashing = runnerApi()
    const first = await runnerClient()
    const admin = await team.admin()
    // The runner's database session ends right after the service answered: nothing is committed.
    const dying: RunnerApi = {
      getPayment: crashing.getPayment,
      createRefund: async (...args) => {
        const refund = await crashing.createRefund(...args)
        await admin.query('SELECT pg_terminate_backend($1)', [(first as unknown as { processID: number }).processID])
        return refund
      },
    }
    await expect(runOneRequest(first, dying, 'runner-1')).rejects.toThrow()
    expect((await requestById(anna, request.id))?.state).toBe('queued')
    expect(crashing.sent).toHaveLength(1)
    const restarted = runnerApi()
    await drainQueue(await runnerClient(), restarted, 'runner-2')
    expect(restarted.sent).toEqual([])
    const after = await requestById(anna, request.id)
    expect(after?.state).toBe('done')
    expect((await readPayment(id))._embedded?.refunds).toHaveLength(1)
    const recorded = await anna.query(`SELECT 1 FROM paydesk.action_record WHERE idempotency_key = $1`, [
      request.idempotencyKey,
    ])
    expect(recorded.rowCount).toBe(1)
  })
})

describe('the runner down', () => {
  it('keeps requests waiting, visibly, and sends each once when a runner starts', async () => {
    const id = await paid()
    const request = await requestRefund(anna, { paymentId: id, amount: eur('3.00'), desk: 'desk-a' })
    expect(await runnerOnline(anna)).toBe(false)
    expect(requestStateWords(request, false)).toMatch(/not running now; it is sent once the runner is back/)
    const api = runnerApi()
    const runner = await startRunner({
      config: { connectionString: team.cluster.urlFor('runner', runnerPassword) },
      api,
      pollMs: 60_000,
    })
    try {
      await runner.idle()
      expect(await runnerOnline(anna)).toBe(true)
      expect((await requestById(anna, request.id))?.state).toBe('done')
      expect(api.sent).toEqual([request.idempotencyKey])
      // Woken by the database's notice (the poll is a minute away): a new request is sent at once.
      const next = await requestRefund(anna, { paymentId: await paid(), amount: eur('2.00'), desk: 'desk-a' })
      await expect.poll(async () => (await requestById(anna, next.id))?.state, { timeout: 10_000 }).toBe('done')
    } finally {
      await runner.stop()
    }
  })
})
