// Who may talk to the sandbox (src/sandbox/guards.ts; SECURITY.md, issue 11 item 9): a web page in
// the user's browser reaches loopback too, so the sandbox checks the Host header (DNS rebinding),
// the admin token (constant time) and where a checkout form came from (cross-site submission).
import { request } from 'node:http'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { completeCheckout, startSandbox, type RunningSandbox } from '../../../src/sandbox/index'
import { validPaymentBody } from '../../helpers/sandbox-fixtures'
import { constantTimeEquals, hostAllowed, hostnameOf } from '../../../src/sandbox/guards'
import { present } from '../../helpers/present'

const KEY = 'test_SandboxGuardsKey0123456789'
let sandbox: RunningSandbox

beforeAll(async () => {
  sandbox = await startSandbox({ keys: [KEY], seedPayments: 3, allowedHosts: ['proxy.internal'] })
})

afterAll(async () => {
  await sandbox.close()
})

/** A raw request with the Host header a browser would send after a DNS rebinding. */
function rawGet(path: string, host: string, headers: Record<string, string> = {}) {
  const url = new URL(sandbox.origin)
  return new Promise<{ status: number; body: string }>((resolve, reject) => {
    const req = request(
      { host: url.hostname, port: url.port, path, method: 'GET', headers: { Host: host, ...headers } },
      (res) => {
        let body = ''
        res.setEncoding('utf8')
        res.on('data', (c: string) => (body += c))
        res.on('end', () => resolve({ status: res.statusCode ?? 0, body }))
      },
    )
    req.on('error', reject)
    req.end()
  })
}

async function createPayment(): Promise<{ id: string; checkout: string }> {
  const response = await fetch(`${sandbox.baseUrl}/payments`, {
    method: 'POST',
    headers: { Authorization: `Bearer ${KEY}`, 'Content-Type': 'application/json' },
    body: JSON.stringify(validPaymentBody()),
  })
  const json = (await response.json()) as { id: string; _links: { checkout: { href: string } } }
  return { id: json.id, checkout: json._links.checkout.href }
}

async function statusOf(id: string): Promise<string> {
  const response = await fetch(`${sandbox.baseUrl}/payments/${id}`, { headers: { Authorization: `Bearer ${KEY}` } })
  return ((await response.json()) as { status: string }).status
}

describe('Host header (DNS rebinding)', () => {
  it('answers a rebound name with 421 and nothing of the account', async () => {
    const { id } = await createPayment()
    for (const path of [`/dashboard/payments/${id}`, '/v2/payments', '/__admin/stats', `/checkout/${id}`]) {
      const answer = await rawGet(path, `evil.example:${new URL(sandbox.origin).port}`, {
        Authorization: `Bearer ${KEY}`,
      })
      expect(answer.status, path).toBe(421)
      expect(answer.body, path).not.toContain(id)
      expect(answer.body, path).not.toContain('"_embedded"')
    }
  })

  it('answers IP addresses, loopback names, its own names and the allowed proxy name', async () => {
    const port = new URL(sandbox.origin).port
    for (const host of [`127.0.0.1:${port}`, `localhost:${port}`, `app.localhost:${port}`, 'proxy.internal']) {
      const answer = await rawGet('/v2/payments?limit=1', host, { Authorization: `Bearer ${KEY}` })
      expect(answer.status, host).toBe(200)
    }
  })

  it('reads Host headers exactly', () => {
    const allowed = new Set(['proxy.internal'])
    expect(hostnameOf('[::1]:8080')).toBe('::1')
    expect(hostnameOf('Example.COM:443')).toBe('example.com')
    expect(hostnameOf('a b')).toBeNull()
    expect(hostAllowed(undefined, allowed)).toBe(true)
    expect(hostAllowed('[::1]', allowed)).toBe(true)
    expect(hostAllowed('10.0.0.7:4010', allowed)).toBe(true)
    expect(hostAllowed('localhost.', allowed)).toBe(true)
    expect(hostAllowed('PROXY.internal:80', allowed)).toBe(true)
    expect(hostAllowed('localhost.evil.example', allowed)).toBe(false)
    expect(hostAllowed('127.0.0.1.nip.io', allowed)).toBe(false)
    expect(hostAllowed('', allowed)).toBe(false)
    expect(hostAllowed('[::1', allowed)).toBe(false)
  })
})

describe('admin token', () => {
  it('lets in only the exact token', async () => {
    const call = (token: string) =>
      fetch(`${sandbox.origin}/__admin/stats`, { headers: { Authorization: `Bearer ${token}` } })
    expect((await call(sandbox.adminToken)).status).toBe(200)
    expect((await call(`${sandbox.adminToken}x`)).status).toBe(401)
    expect((await call(sandbox.adminToken.slice(0, -1))).status).toBe(401)
    expect((await fetch(`${sandbox.origin}/__admin/stats`)).status).toBe(401)
  })

  it('compares without regard to where the strings differ', () => {
    expect(constantTimeEquals('abc', 'abc')).toBe(true)
    expect(constantTimeEquals('abc', 'abd')).toBe(false)
    expect(constantTimeEquals('abc', 'abcd')).toBe(false)
    expect(constantTimeEquals('', '')).toBe(true)
  })
})

describe('checkout form (cross-site submission)', () => {
  it('refuses a form without the page token, and the payment stays open', async () => {
    const { id, checkout } = await createPayment()
    const forged = await fetch(checkout, {
      method: 'POST',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
      body: 'outcome=paid',
      redirect: 'manual',
    })
    expect(forged.status).toBe(403)
    expect(await statusOf(id)).toBe('open')
  })

  it('refuses a form sent from another site even with a valid token', async () => {
    const { id, checkout } = await createPayment()
    const html = await (await fetch(checkout)).text()
    const token = /name="token" value="([^"]*)"/.exec(html)?.[1]
    expect(token).toBeTruthy()
    for (const headers of [{ Origin: 'https://evil.example' }, { 'Sec-Fetch-Site': 'cross-site' }]) {
      const response = await fetch(checkout, {
        method: 'POST',
        headers: { 'Content-Type': 'application/x-www-form-urlencoded', ...headers },
        body: new URLSearchParams({ token: present(token), outcome: 'paid' }).toString(),
        redirect: 'manual',
      })
      expect(response.status).toBe(403)
    }
    // Another payment's token does not fit this one.
    const other = await createPayment()
    const wrong = await fetch(other.checkout, {
      method: 'POST',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ token: present(token), outcome: 'paid' }).toString(),
      redirect: 'manual',
    })
    expect(wrong.status).toBe(403)
    expect(await statusOf(id)).toBe('open')
    expect(await statusOf(other.id)).toBe('open')
  })

  it('accepts the page’s own form, as a customer’s browser submits it', async () => {
    const { id, checkout } = await createPayment()
    const result = await completeCheckout(checkout, 'paid')
    expect(result.status).toBe(303)
    expect(await statusOf(id)).toBe('paid')
  })
})
