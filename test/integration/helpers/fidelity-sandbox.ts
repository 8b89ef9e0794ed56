// The sandbox the fidelity tests (test/integration/sandbox/server.fidelity*.test.ts) check against the
// real service's public documentation: started once per file with a key, a live key and an
// organization token, a clock the tests move, and plain HTTP callers for the API and the admin routes.
import { afterAll, beforeAll } from 'vitest'
import { completeCheckout, startSandbox, type RunningSandbox } from '../../../src/sandbox/index'
import { GENEROUS_QUOTAS } from '../../helpers/sandbox-fixtures'

// Response bodies are checked field by field; one loose type keeps those assertions readable.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type Json = any

export const KEY = 'test_fidelityKey000001'
export const LIVE_KEY = 'live_fidelityKey000001'
export const TOKEN = 'access_fidelityToken0001'
export const DOCS = 'https://docs.mollie.com'

interface Result {
  status: number
  headers: Headers
  text: string
  json: Json
}

/** Starts the sandbox before the file's tests and stops it after them. */
export function fidelitySandbox() {
  let sandbox: RunningSandbox | undefined
  /** The sandbox's clock: tests move it forward. */
  const clock = { ms: Date.parse('2026-03-20T09:13:37.250Z') }
  const running = (): RunningSandbox => {
    if (!sandbox) throw new Error('the sandbox has not started')
    return sandbox
  }

  beforeAll(async () => {
    sandbox = await startSandbox({
      seedPayments: 5,
      keys: [KEY, LIVE_KEY, TOKEN],
      quotas: GENEROUS_QUOTAS,
      now: () => clock.ms,
    })
  })
  afterAll(async () => {
    await sandbox?.close()
  })

  async function call(
    method: string,
    path: string,
    options: { body?: unknown; raw?: string | Buffer; key?: string; headers?: Record<string, string> } = {},
  ): Promise<Result> {
    const headers: Record<string, string> = { Authorization: `Bearer ${options.key ?? KEY}`, ...options.headers }
    let body: string | Buffer | undefined = options.raw
    if (options.body !== undefined) {
      body = JSON.stringify(options.body)
      headers['Content-Type'] ??= 'application/json'
    }
    const response = await fetch(`${running().origin}${path}`, { method, headers, body })
    const text = await response.text()
    let json: Json
    try {
      json = text ? JSON.parse(text) : undefined
    } catch {
      json = undefined
    }
    return { status: response.status, headers: response.headers, text, json }
  }

  async function admin(path: string, init: RequestInit = {}): Promise<Json> {
    const response = await fetch(`${running().origin}${path}`, {
      ...init,
      headers: { Authorization: `Bearer ${running().adminToken}`, 'Content-Type': 'application/json' },
    })
    const text = await response.text()
    return text ? JSON.parse(text) : undefined
  }

  async function choose(paymentId: string, outcome: string): Promise<number> {
    return (await completeCheckout(`${running().origin}/checkout/${paymentId}`, outcome)).status
  }

  return { call, admin, choose, clock, sandbox: running }
}
