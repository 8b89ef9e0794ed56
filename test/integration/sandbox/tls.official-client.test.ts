// Issue 24 item 1: the service's official Node client (@mollie/api-client, unmodified) works against
// `--tls` exactly as docs/SANDBOX.md says: a separate node process started with
// `--import src/sandbox/trust.mjs` and SANDBOX_CA_CERT. The client brings its own CA list, so
// NODE_EXTRA_CA_CERTS alone fails (shown first). Refunds, chargebacks, customers and methods are
// driven through the client itself (https://docs.mollie.com/reference/refunds-api, chargebacks-api,
// customers-api, list-methods).
import { spawn } from 'node:child_process'
import { mkdtempSync, rmSync } from 'node:fs'
import https from 'node:https'
import os from 'node:os'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startSandbox, type RunningSandbox } from '../../../src/sandbox/index'
import { present } from '../../helpers/present'
import { validPaymentBody } from '../../helpers/sandbox-fixtures'

const root = path.resolve(import.meta.dirname, '../../..')
const KEY = 'test_officialClientKey0001'
let sandbox: RunningSandbox
let dir: string
let ca: string

beforeAll(async () => {
  dir = mkdtempSync(path.join(os.tmpdir(), 'paydesk-official-'))
  sandbox = await startSandbox({ seedPayments: 0, seed: 5, keys: [KEY], tls: { dir } })
  ca = present(sandbox.tls).cert
})
afterAll(async () => {
  await sandbox.close()
  rmSync(dir, { recursive: true, force: true })
})

function httpsCall(
  method: string,
  url: string,
  body?: string,
  headers: Record<string, string> = {},
): Promise<{ status: number; text: string }> {
  return new Promise((resolve, reject) => {
    const req = https.request(url, { method, ca, headers }, (res) => {
      let text = ''
      res.on('data', (c: Buffer) => (text += c.toString()))
      res.on('end', () => resolve({ status: res.statusCode ?? 0, text }))
    })
    req.on('error', reject)
    req.end(body)
  })
}

/** Pays a payment through the sandbox's checkout page over TLS, as the payer's browser would. */
async function payOverTls(id: string): Promise<void> {
  const page = await httpsCall('GET', `${sandbox.origin}/checkout/${id}`)
  const token = present(/name="token" value="([^"]*)"/.exec(page.text)?.[1])
  await httpsCall(
    'POST',
    `${sandbox.origin}/checkout/${id}`,
    new URLSearchParams({ token, outcome: 'paid' }).toString(),
    { 'Content-Type': 'application/x-www-form-urlencoded', Origin: sandbox.origin },
  )
}

async function paidPaymentWithChargeback(): Promise<string> {
  const created = await httpsCall(
    'POST',
    `${sandbox.baseUrl}/payments`,
    JSON.stringify(validPaymentBody({ method: 'creditcard' })),
    {
      Authorization: `Bearer ${KEY}`,
      'Content-Type': 'application/json',
    },
  )
  const id = (JSON.parse(created.text) as { id: string }).id
  await payOverTls(id)
  const chargeback = await httpsCall(
    'POST',
    `${sandbox.origin}/__admin/chargebacks`,
    JSON.stringify({ paymentId: id, amount: { currency: 'EUR', value: '3.00' } }),
    {
      Authorization: `Bearer ${sandbox.adminToken}`,
      'Content-Type': 'application/json',
    },
  )
  expect(chargeback.status).toBe(201)
  return id
}

function runClient(env: Record<string, string>, preload: boolean): Promise<Record<string, unknown>> {
  const args = [
    ...(preload ? ['--import', path.join(root, 'src/sandbox/trust.mjs')] : []),
    path.join(root, 'test/integration/helpers/official-client.mjs'),
  ]
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, args, {
      cwd: root,
      env: {
        ...process.env,
        SANDBOX_ENDPOINT: `https://localhost:${new URL(sandbox.origin).port}/v2/`,
        SANDBOX_KEY: KEY,
        ...env,
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    })
    let stdout = ''
    let stderr = ''
    child.stdout.on('data', (c: Buffer) => (stdout += c.toString()))
    child.stderr.on('data', (c: Buffer) => (stderr += c.toString()))
    child.on('error', reject)
    child.on('exit', () => {
      try {
        resolve(JSON.parse(stdout) as Record<string, unknown>)
      } catch {
        reject(new Error(`client script: ${stdout} ${stderr}`))
      }
    })
  })
}

describe('the official Node client over --tls', () => {
  it('NODE_EXTRA_CA_CERTS alone is not enough: the client passes its own CA list (the failure the recipe fixes)', async () => {
    const result = await runClient({ NODE_EXTRA_CA_CERTS: present(sandbox.tls).certPath, STEP: 'core' }, false)
    expect(JSON.stringify(result.methods)).toMatch(/self-signed certificate/)
  })

  it('with --import src/sandbox/trust.mjs and SANDBOX_CA_CERT it drives methods, customers, refunds and chargebacks (docs.mollie.com/reference)', async () => {
    const paid = await paidPaymentWithChargeback()
    const r = (await runClient(
      { SANDBOX_CA_CERT: present(sandbox.tls).certPath, PAID: paid, STEP: 'core' },
      true,
    )) as Record<string, Record<string, unknown> & unknown[]>
    // Apple Pay only with includeWallets=applepay (https://docs.mollie.com/docs/apple-pay).
    expect(r.methods).toEqual(['ideal', 'creditcard', 'bancontact', 'belfius', 'kbc', 'eps', 'paypal'])
    expect(r.method).toBe('Überweisung')
    const customer = r.customer as Record<string, unknown>
    expect(customer.email).toBe('client@example.org')
    expect(customer.name).toBe('Official Client Renamed')
    expect(customer.paymentCustomer).toBe(customer.id)
    expect((customer.listed as unknown[]).length).toBe(1)
    expect(r.customers).toBe(1)
    const refund = r.refund as Record<string, unknown>
    expect(refund.status).toBe('pending')
    expect(refund.listed).toEqual([refund.id])
    expect(refund.all).toEqual([refund.id])
    expect(refund.canceled).toBe(true)
    expect(refund.after).toBe('canceled')
    expect(JSON.stringify(r.duplicate)).toMatch(/duplicate/)
    const chargebacks = r.chargebacks as Record<string, unknown>
    expect((chargebacks.forPayment as unknown[]).length).toBe(1)
    expect(chargebacks.all).toEqual(chargebacks.forPayment)
    expect(chargebacks.amountChargedBack).toEqual({ currency: 'EUR', value: '3.00' })
    expect(chargebacks.embeddedRefunds).toBe(2)
    expect(r.badInput).toMatchObject({ field: 'email' })
  })

  it('drives captures: create, list, get on a manual-capture payment (docs.mollie.com/reference/captures-api)', async () => {
    const created = await httpsCall(
      'POST',
      `${sandbox.baseUrl}/payments`,
      JSON.stringify({ ...validPaymentBody({ method: 'creditcard' }), captureMode: 'manual' }),
      { Authorization: `Bearer ${KEY}`, 'Content-Type': 'application/json' },
    )
    const id = (JSON.parse(created.text) as { id: string }).id
    await payOverTls(id)
    const r = await runClient(
      { SANDBOX_CA_CERT: present(sandbox.tls).certPath, AUTHORIZED: id, STEP: 'captures' },
      true,
    )
    const capture = r.captureCreate as Record<string, unknown>
    expect(capture.status).toBe('pending')
    expect(capture.amount).toEqual({ currency: 'EUR', value: '4.00' })
    expect(r.captureList).toEqual([capture.id])
    expect(r.captureGet).toBe(capture.id)
    expect(r.payment).toEqual({ status: 'paid', amountCaptured: { currency: 'EUR', value: '4.00' } })
  })

  it('drives subscriptions and payment links through the published client: its customers suite, create/get/list/update/cancel, the account-wide list, the charge on the mandate (docs.mollie.com/reference/subscriptions-api, payment-links-api)', async () => {
    const r = (await runClient(
      { SANDBOX_CA_CERT: present(sandbox.tls).certPath, STEP: 'subscriptions' },
      true,
    )) as Record<string, Record<string, unknown>>
    expect(r.customersSuite).toMatchObject({ subscriptions: expect.any(Number) })
    const s = r.subscription
    expect(s).toMatchObject({
      status: 'active',
      timesRemaining: 3,
      listed: [s?.id],
      inAll: true,
      updated: 'Quarterly box',
      canceled: 'canceled',
      payments: [{ subscriptionId: s?.id, mandateId: s?.mandate, sequenceType: 'recurring', status: 'paid' }],
    })
    expect(r.badSubscription).toMatchObject({ field: 'interval' })
    const link = r.paymentLink
    expect(link?.description).toBe('Bicycle tires')
    expect(link?.listed).toEqual([link?.id])
    expect(String(link?.checkout)).toMatch(/\/payment-link\/pl_/)
  })
})
