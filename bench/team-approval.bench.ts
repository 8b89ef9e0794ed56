// bench:team-approval — the approval round trip of issue 51 (npm run bench:team-approval [-- --runs 3
// --requests 20]): an agent's desk asks for a refund above its limit (an insert into
// paydesk.write_requests), a lead's desk hears of it (LISTEN), reads the payment fresh with the desk's
// read-only token and approves it, the team runner hears the approval, re-reads the payment with the
// write key, sends the refund to the sandbox over HTTP and records it, and the asking desk hears it is
// done. Timed from the request's insert to the requester hearing "done". A fresh throwaway cluster
// per run (fsync on), the real sandbox on loopback, every party its own connections in this process.
// Every run is printed; the last line is one JSON object.
import { randomBytes } from 'node:crypto'
import os from 'node:os'
import pg from 'pg'
import { startSandbox } from '../src/sandbox/index'
import { createApiClient } from '../src/main/api/client'
import { startRunner } from '../src/main/team/runner-process'
import { addAgent, setRefundLimit, setUpTeamDatabase } from '../src/main/team/team-admin'
import { decideRequest, requestRefund } from '../src/main/team/write-requests'
import type { Payment } from '../src/shared/api-types'
import { startTestCluster } from '../test/helpers/postgres'
import { completeCheckout } from '../src/sandbox/admin-client'
import { median, percentile } from './lib/stats'
import { numberOption } from './lib/args'

const RUNS = numberOption('runs', 3)
const REQUESTS = numberOption('requests', 20)
const WRITE_KEY = 'test_benchRunnerWriteKey1'
const READ_TOKEN = 'access_benchDeskReadToken1'
const GENEROUS = { q: 100_000, burst: 100_000 }

async function oneRun(): Promise<{ times: number[]; done: number; approved: number }> {
  const cluster = await startTestCluster({ fast: false })
  const sandbox = await startSandbox({
    seedPayments: 0,
    keys: [WRITE_KEY, `${READ_TOKEN}:payments.read,refunds.read`],
    quotas: { test: { read: GENEROUS, write: GENEROUS }, live: { read: GENEROUS, write: GENEROUS } },
  })
  const clients: pg.Client[] = []
  const connect = async (url: string) => {
    const client = new pg.Client({ connectionString: url })
    client.on('error', () => {})
    await client.connect()
    clients.push(client)
    return client
  }
  const admin = await connect(cluster.adminUrl)
  await setUpTeamDatabase(admin)
  const pw = (login: string) => `${login}-${randomBytes(8).toString('hex')}`
  const logins = { anna: pw('anna'), lena: pw('lena'), runner: pw('runner') }
  await addAgent(admin, 'anna', 'agent', logins.anna)
  await addAgent(admin, 'lena', 'lead', logins.lena)
  await addAgent(admin, 'runner', 'runner', logins.runner)
  await setRefundLimit(admin, { role: 'agent', currency: 'EUR', perRefund: '10.00', perDay: '10.00' })
  const write = createApiClient({
    baseUrl: sandbox.baseUrl,
    getCredential: async () => ({ secret: WRITE_KEY, kind: 'api-key' }),
  })
  const read = createApiClient({
    baseUrl: sandbox.baseUrl,
    getCredential: async () => ({ secret: READ_TOKEN, kind: 'organization-token', testmode: true }),
  })
  const runner = await startRunner({
    config: { connectionString: cluster.urlFor('runner', logins.runner) },
    api: {
      getPayment: (id) => write.getPayment(id, { embed: ['refunds', 'chargebacks'] }),
      createRefund: (id, body, idempotencyKey) => write.createRefund(id, body, { idempotencyKey }),
    },
  })
  const anna = await connect(cluster.urlFor('anna', logins.anna))
  const annaListen = await connect(cluster.urlFor('anna', logins.anna))
  const lena = await connect(cluster.urlFor('lena', logins.lena))
  const lenaListen = await connect(cluster.urlFor('lena', logins.lena))
  const done = new Map<number, () => void>()
  annaListen.on('notification', (m) => {
    const p = JSON.parse(m.payload ?? '{}') as { id: number; state: string }
    if (p.state !== 'waiting-approval' && p.state !== 'queued') done.get(p.id)?.()
  })
  await annaListen.query('LISTEN paydesk_requests')
  const freshPayment = (id: string): Promise<Payment> => read.getPayment(id, { embed: ['refunds'] })
  lenaListen.on('notification', (m) => {
    const p = JSON.parse(m.payload ?? '{}') as { id: number; state: string }
    if (p.state === 'waiting-approval') void decideRequest(lena, p.id, { approve: true }, freshPayment)
  })
  await lenaListen.query('LISTEN paydesk_requests')
  const payments: string[] = []
  for (let i = 0; i < REQUESTS; i++) {
    const created = await write.createPayment(
      {
        amount: { currency: 'EUR', value: '100.00' },
        description: `Bench ${i}`,
        redirectUrl: 'https://shop.example.com/return',
      },
      { idempotencyKey: `bench-payment-${i}-${randomBytes(4).toString('hex')}` },
    )
    await completeCheckout(`${sandbox.origin}/checkout/${created.id}`, 'paid')
    payments.push(created.id)
  }
  const times: number[] = []
  for (const paymentId of payments) {
    const started = performance.now()
    let heard!: Promise<void>
    const request = await requestRefund(anna, {
      paymentId,
      amount: { currency: 'EUR', value: '25.00' },
      desk: 'bench-desk',
    }).then((r) => {
      heard = new Promise<void>((resolve) => done.set(r.id, resolve))
      return r
    })
    // A notice that arrived before the listener was set: read the row once.
    const now = await anna.query<{ state: string }>('SELECT state FROM paydesk.write_requests WHERE id = $1', [
      request.id,
    ])
    if (now.rows[0]?.state !== 'done') await heard
    times.push(performance.now() - started)
  }
  const counts = await anna.query<{ done: number; approved: number }>(
    `SELECT count(*) FILTER (WHERE state = 'done')::int AS done, count(decided_by)::int AS approved FROM paydesk.write_requests`,
  )
  await runner.stop()
  await Promise.all(clients.map((c) => c.end().catch(() => {})))
  await sandbox.close()
  cluster.destroy()
  return { times, done: counts.rows[0]?.done ?? 0, approved: counts.rows[0]?.approved ?? 0 }
}

async function main(): Promise<void> {
  const p95s: number[] = []
  const all: number[] = []
  for (let run = 1; run <= RUNS; run++) {
    const { times, done, approved } = await oneRun()
    const p95 = percentile(times, 95)
    p95s.push(p95)
    all.push(...times)
    console.log(
      `run ${run}: ${times.length} requests, ${approved} approved by the lead, ${done} sent by the runner, round trip p50 ${median(times).toFixed(0)} ms, p95 ${p95.toFixed(0)} ms, max ${Math.max(...times).toFixed(0)} ms (load ${os.loadavg()[0]?.toFixed(2)})`,
    )
  }
  console.log(
    JSON.stringify({
      bench: 'team-approval',
      runs: RUNS,
      requestsPerRun: REQUESTS,
      p95PerRunMs: p95s.map((v) => Math.round(v)),
      medianOfRunP95Ms: Math.round(median(p95s)),
      budgetMs: 2000,
      withinBudget: median(p95s) <= 2000,
    }),
  )
}

void main().then(
  () => process.exit(0),
  (error: unknown) => {
    console.error(error)
    process.exit(1)
  },
)
