// A started sandbox with a plain HTTP caller, its admin client and a checkout helper, for the
// integration tests of the sandbox's routes (each test file starts its own).
import { afterAll, beforeAll } from 'vitest'
import {
  completeCheckout,
  createSandboxAdmin,
  startSandbox,
  type RunningSandbox,
  type SandboxAdmin,
  type SandboxOptions,
} from '../../../src/sandbox/index'
import { GENEROUS_QUOTAS, validPaymentBody } from '../../helpers/sandbox-fixtures'

// Response bodies are checked field by field; one loose type keeps those assertions readable.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type Json = any

export interface Harness {
  sandbox: RunningSandbox
  admin: SandboxAdmin
  key: string
  /** A call with the harness's key, or with `key` (another credential the sandbox was started with). */
  api(
    method: string,
    path: string,
    body?: unknown,
    headers?: Record<string, string>,
    key?: string,
  ): Promise<{ status: number; headers: Headers; json: Json }>
  /** a new payment paid through the checkout page */
  paidPayment(overrides?: Record<string, unknown>): Promise<Json>
  choose(paymentId: string, outcome: string, extra?: Record<string, string>): Promise<unknown>
  /** Every item of a list, page after page (250 a page) by its `next` links: `listAll('/customers', 'customers')`. */
  listAll(path: string, key: string): Promise<Json[]>
  close(): Promise<void>
}

export async function startHarness(options: SandboxOptions = {}, key = 'test_harnessKey00000001'): Promise<Harness> {
  const sandbox = await startSandbox({
    seedPayments: 0,
    seed: 11,
    keys: [key],
    quotas: GENEROUS_QUOTAS,
    ...options,
  })
  const admin = createSandboxAdmin(sandbox.origin, sandbox.adminToken)
  const api: Harness['api'] = async (method, path, body, headers = {}, as = key) => {
    const response = await fetch(`${sandbox.baseUrl}${path}`, {
      method,
      headers: {
        Authorization: `Bearer ${as}`,
        ...(body === undefined ? {} : { 'Content-Type': 'application/json' }),
        ...headers,
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    })
    const text = await response.text()
    return { status: response.status, headers: response.headers, json: text ? JSON.parse(text) : null }
  }
  const choose: Harness['choose'] = (paymentId, outcome, extra) =>
    completeCheckout(`${sandbox.origin}/checkout/${paymentId}`, outcome, extra)
  const listAll: Harness['listAll'] = async (path, embedded) => {
    const out: Json[] = []
    let url: string | null = `${path}${path.includes('?') ? '&' : '?'}limit=250`
    while (url) {
      const page: Json = (await api('GET', url.replace(sandbox.baseUrl, ''))).json
      out.push(...page._embedded[embedded])
      url = page._links.next?.href ?? null
    }
    return out
  }
  return {
    sandbox,
    admin,
    key,
    api,
    choose,
    listAll,
    paidPayment: async (overrides = {}) => {
      const created = await api('POST', '/payments', { ...validPaymentBody(), ...overrides })
      if (created.status !== 201) throw new Error(`create payment: ${created.status} ${JSON.stringify(created.json)}`)
      await choose(created.json.id as string, 'paid')
      return (await api('GET', `/payments/${created.json.id as string}`)).json
    },
    close: () => sandbox.close(),
  }
}

/**
 * The harness of a test file: started before its tests (beforeAll) and closed after them (afterAll).
 * What it returns stands for the started harness, so `h.api(…)` reads as it would on a variable set
 * in beforeAll.
 */
export function useHarness(options: SandboxOptions = {}, key?: string): Harness {
  let started: Harness | undefined
  beforeAll(async () => {
    started = await startHarness(options, key)
  })
  afterAll(async () => {
    await started?.close()
  })
  return new Proxy({} as Harness, {
    get(_, name) {
      if (!started) throw new Error('The sandbox harness starts in beforeAll: use it inside a test or hook.')
      return started[name as keyof Harness]
    },
  })
}
