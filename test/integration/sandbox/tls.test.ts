// `--tls`: HTTPS with a locally made self-signed certificate, kept and reused; absolute links use
// the scheme and host the request arrived on (docs/SANDBOX.md, "HTTPS and links"). SDKs insist on
// https (e.g. https://docs.mollie.com/overview/authentication: "all API requests over HTTPS").
import { spawn } from 'node:child_process'
import { mkdtempSync, rmSync, statSync } from 'node:fs'
import http from 'node:http'
import https from 'node:https'
import os from 'node:os'
import path from 'node:path'
import { X509Certificate } from 'node:crypto'
import { afterAll, describe, expect, it } from 'vitest'
import { startSandbox, type RunningSandbox } from '../../../src/sandbox/index'
import { validPaymentBody } from '../../helpers/sandbox-fixtures'
import { present } from '../../helpers/present'
import { spawnSandboxCli } from '../helpers/sandbox-cli'

const KEY = 'test_tlsKey0000000001'
const dirs: string[] = []
const running: RunningSandbox[] = []

function tempDir(): string {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'paydesk-tls-'))
  dirs.push(dir)
  return dir
}

afterAll(async () => {
  for (const s of running) await s.close()
  for (const d of dirs) rmSync(d, { recursive: true, force: true })
})

/** One request over node:https trusting only `ca`. */
function httpsRequest(
  url: string,
  options: { ca: string; method?: string; body?: string; headers?: Record<string, string>; servername?: string },
): Promise<{ status: number; json: Record<string, unknown> }> {
  return new Promise((resolve, reject) => {
    const req = https.request(
      url,
      {
        method: options.method ?? 'GET',
        ca: options.ca,
        servername: options.servername,
        headers: { Authorization: `Bearer ${KEY}`, ...options.headers },
      },
      (res) => {
        let text = ''
        res.on('data', (c: Buffer) => (text += c.toString()))
        res.on('end', () => resolve({ status: res.statusCode ?? 0, json: JSON.parse(text) as Record<string, unknown> }))
      },
    )
    req.on('error', reject)
    req.end(options.body)
  })
}

describe('sandbox over HTTPS', () => {
  it('serves HTTPS that a client trusting the printed certificate accepts; links use https', async () => {
    const dir = tempDir()
    const sandbox = await startSandbox({ seedPayments: 3, keys: [KEY], tls: { dir } })
    running.push(sandbox)
    expect(sandbox.origin).toMatch(/^https:\/\/127\.0\.0\.1:\d+$/)
    const tls = present(sandbox.tls)
    expect(tls.created).toBe(true)
    expect(tls.certPath).toBe(path.join(dir, 'sandbox-cert.pem'))
    expect(new X509Certificate(tls.cert).fingerprint256).toBe(tls.fingerprint256)
    expect(statSync(tls.keyPath).mode & 0o077).toBe(0)

    const created = await httpsRequest(`${sandbox.baseUrl}/payments`, {
      ca: tls.cert,
      method: 'POST',
      body: JSON.stringify(validPaymentBody()),
      headers: { 'Content-Type': 'application/json' },
    })
    expect(created.status).toBe(201)
    const links = created.json._links as Record<string, { href: string }>
    expect(links.self?.href).toBe(`${sandbox.baseUrl}/payments/${created.json.id as string}`)
    expect(links.checkout?.href.startsWith(`${sandbox.origin}/checkout/`)).toBe(true)

    // The certificate names localhost too: links follow the Host the request used.
    const port = new URL(sandbox.origin).port
    const viaName = await httpsRequest(`https://localhost:${port}/v2/payments?limit=2`, { ca: tls.cert })
    expect(viaName.status).toBe(200)
    expect(present((viaName.json._links as Record<string, { href: string }>).next).href).toMatch(
      new RegExp(`^https://localhost:${port}/v2/payments\\?`),
    )
    // Without the certificate as a trust anchor the connection is refused.
    await expect(httpsRequest(`${sandbox.baseUrl}/payments`, { ca: '' })).rejects.toThrow()
  })

  it('reuses the stored certificate on the next start', async () => {
    const dir = tempDir()
    const first = await startSandbox({ seedPayments: 0, keys: [KEY], tls: { dir } })
    const fingerprint = present(first.tls).fingerprint256
    await first.close()
    const second = await startSandbox({ seedPayments: 0, keys: [KEY], tls: { dir } })
    running.push(second)
    expect(present(second.tls).created).toBe(false)
    expect(present(second.tls).fingerprint256).toBe(fingerprint)
    expect((await httpsRequest(`${second.baseUrl}/payments`, { ca: present(second.tls).cert })).status).toBe(200)
  })

  it('behind a TLS front: X-Forwarded-Proto and Host decide the links of a plain-HTTP sandbox', async () => {
    // The front's name is one the sandbox is told about (any other name is refused: DNS rebinding).
    const sandbox = await startSandbox({ seedPayments: 0, keys: [KEY], allowedHosts: ['pay.example.test'] })
    running.push(sandbox)
    // node:http, because fetch does not let a caller set Host (a proxy does).
    const json = await new Promise<{ id: string; _links: Record<string, { href: string }> }>((resolve, reject) => {
      const req = http.request(
        `${sandbox.baseUrl}/payments`,
        {
          method: 'POST',
          headers: {
            Authorization: `Bearer ${KEY}`,
            'Content-Type': 'application/json',
            Host: 'pay.example.test:8443',
            'X-Forwarded-Proto': 'https',
          },
        },
        (res) => {
          let text = ''
          res.on('data', (c: Buffer) => (text += c.toString()))
          res.on('end', () => resolve(JSON.parse(text) as { id: string; _links: Record<string, { href: string }> }))
        },
      )
      req.on('error', reject)
      req.end(JSON.stringify(validPaymentBody()))
    })
    expect(json._links.self?.href).toBe(`https://pay.example.test:8443/v2/payments/${json.id}`)
    expect(json._links.checkout?.href).toBe(`https://pay.example.test:8443/checkout/${json.id}`)
    // The plain request still gets links on the listening origin.
    const plain = (await (
      await fetch(`${sandbox.baseUrl}/payments/${json.id}`, { headers: { Authorization: `Bearer ${KEY}` } })
    ).json()) as { _links: Record<string, { href: string }> }
    expect(plain._links.self?.href).toBe(`${sandbox.baseUrl}/payments/${json.id}`)
  })

  it('the CLI prints the certificate path and fingerprint; NODE_EXTRA_CA_CERTS makes node trust it', async () => {
    const dir = tempDir()
    const child = spawnSandboxCli(['--tls', '--tls-dir', dir, '--payments', '2', '--key', KEY])
    let output = ''
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()))
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()))
    const exited = new Promise<void>((resolve) => child.on('exit', () => resolve()))
    try {
      await new Promise<void>((resolve, reject) => {
        const timer = setInterval(() => {
          if (/SHA-256:\s+\S+/.test(output)) {
            clearInterval(timer)
            resolve()
          }
        }, 50)
        child.on('exit', () => {
          clearInterval(timer)
          reject(new Error(`CLI exited: ${output}`))
        })
      })
      const baseUrl = present(present(/base URL:\s+(\S+)/.exec(output))[1])
      const certPath = present(present(/certificate:\s+(\S+)/.exec(output))[1])
      const fingerprint = present(present(/SHA-256:\s+(\S+)/.exec(output))[1])
      expect(baseUrl).toMatch(/^https:\/\//)
      expect(certPath).toBe(path.join(dir, 'sandbox-cert.pem'))
      expect(fingerprint).toMatch(/^([0-9A-F]{2}:){31}[0-9A-F]{2}$/)
      // A separate node process that only has NODE_EXTRA_CA_CERTS, as an SDK would run.
      const probe = spawn(
        process.execPath,
        [
          '-e',
          `require('node:https').get(process.argv[1] + '/payments?limit=1', { headers: { Authorization: 'Bearer ${KEY}' } }, (r) => { process.stdout.write(String(r.statusCode)); r.resume() }).on('error', (e) => { process.stdout.write(e.code || e.message) })`,
          baseUrl,
        ],
        { env: { ...process.env, NODE_EXTRA_CA_CERTS: certPath }, stdio: ['ignore', 'pipe', 'inherit'] },
      )
      let probeOut = ''
      probe.stdout.on('data', (c: Buffer) => (probeOut += c.toString()))
      await new Promise((resolve) => probe.on('exit', resolve))
      expect(probeOut).toBe('200')
    } finally {
      child.kill('SIGTERM')
      await exited
    }
  })
})
