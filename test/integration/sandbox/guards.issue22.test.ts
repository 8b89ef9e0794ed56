// Issue 22 item 8, one test per threat (SECURITY.md "The sandbox's own defences"): framing of the
// hosted pages, ids guessable from an earlier run, and a CA planted in the certificate folder.
import { execFileSync } from 'node:child_process'
import { X509Certificate } from 'node:crypto'
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { startSandbox, type RunningSandbox } from '../../../src/sandbox/index'
import { CERT_COMMON_NAME, CERT_FILE, KEY_FILE, RECORD_FILE } from '../../../src/sandbox/tls'
import { validPaymentBody } from '../../helpers/sandbox-fixtures'
import { present } from '../../helpers/present'

const KEY = 'test_guardsIssue22Key01'
const running: RunningSandbox[] = []
const dirs: string[] = []

afterAll(async () => {
  for (const s of running) await s.close()
  for (const d of dirs) rmSync(d, { recursive: true, force: true })
})

async function start(options: Parameters<typeof startSandbox>[0] = {}): Promise<RunningSandbox> {
  const sandbox = await startSandbox({ seedPayments: 5, keys: [KEY], ...options })
  running.push(sandbox)
  return sandbox
}

async function createPayment(sandbox: RunningSandbox): Promise<string> {
  const response = await fetch(`${sandbox.baseUrl}/payments`, {
    method: 'POST',
    headers: { Authorization: `Bearer ${KEY}`, 'Content-Type': 'application/json' },
    body: JSON.stringify(validPaymentBody()),
  })
  return ((await response.json()) as { id: string }).id
}

describe('sandbox defences (issue 22 item 8)', () => {
  it('threat: a foreign page frames the checkout and has a tester click Pay (clickjacking) — every hosted page refuses framing', async () => {
    const sandbox = await start()
    const id = await createPayment(sandbox)
    for (const page of [`/checkout/${id}`, `/dashboard/payments/${id}`, '/docs/payments', '/checkout/tr_nope']) {
      const response = await fetch(`${sandbox.origin}${page}`)
      expect(response.headers.get('content-security-policy'), page).toBe("frame-ancestors 'none'")
      expect(response.headers.get('x-frame-options'), page).toBe('DENY')
    }
  })

  it('threat: ids and the profile of one launch predict those of the next — random per launch unless a seed is given', async () => {
    const a = await start()
    const b = await start()
    expect(a.profileId).not.toBe(b.profileId)
    expect(a.seed).not.toBe(b.seed)
    const idA = await createPayment(a)
    const idB = await createPayment(b)
    expect(idA).not.toBe(idB)
    // With an explicit seed, two launches give the same profile and the same data.
    const c = await start({ seed: 42 })
    const d = await start({ seed: 42 })
    expect(c.profileId).toBe(d.profileId)
    expect(c.seed).toBe(42)
    const list = async (s: RunningSandbox) =>
      (await (
        await fetch(`${s.baseUrl}/payments?limit=5`, { headers: { Authorization: `Bearer ${KEY}` } })
      ).json()) as {
        _embedded: { payments: { id: string }[] }
      }
    expect((await list(c))._embedded.payments.map((p) => p.id)).toEqual(
      (await list(d))._embedded.payments.map((p) => p.id),
    )
  })

  it('threat: a CA planted in the certificate folder gets served and trusted — only a certificate the sandbox recorded making is reused', async () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'paydesk-planted-'))
    dirs.push(dir)
    // An unconstrained CA for localhost, with the sandbox's own subject and a record that names it.
    execFileSync(
      'openssl',
      [
        'req',
        '-x509',
        '-newkey',
        'ec',
        '-pkeyopt',
        'ec_paramgen_curve:prime256v1',
        '-nodes',
        '-days',
        '30',
        '-subj',
        `/CN=${CERT_COMMON_NAME}`,
        '-addext',
        'basicConstraints=critical,CA:TRUE',
        '-addext',
        'subjectAltName=DNS:localhost,IP:127.0.0.1,IP:::1',
        '-keyout',
        path.join(dir, KEY_FILE),
        '-out',
        path.join(dir, CERT_FILE),
      ],
      { stdio: 'ignore' },
    )
    const planted = new X509Certificate(readFileSync(path.join(dir, CERT_FILE)))
    writeFileSync(
      path.join(dir, RECORD_FILE),
      JSON.stringify({ fingerprint256: planted.fingerprint256, names: ['localhost', '127.0.0.1', '::1'] }),
    )
    const sandbox = await start({ seedPayments: 0, tls: { dir } })
    const tls = present(sandbox.tls)
    expect(tls.created).toBe(true)
    expect(tls.fingerprint256).not.toBe(planted.fingerprint256)
    expect(new X509Certificate(readFileSync(path.join(dir, CERT_FILE))).fingerprint256).toBe(tls.fingerprint256)
    await sandbox.close()
    running.splice(running.indexOf(sandbox), 1)
    // Its own certificate, recorded, is reused; the same certificate without its record is not.
    const again = await start({ seedPayments: 0, tls: { dir } })
    expect(present(again.tls).created).toBe(false)
    await again.close()
    running.splice(running.indexOf(again), 1)
    rmSync(path.join(dir, RECORD_FILE))
    const third = await start({ seedPayments: 0, tls: { dir } })
    expect(present(third.tls).created).toBe(true)
  })
})
