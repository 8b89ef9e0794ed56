// Shared setup of the API client integration tests: a sandbox with generous quotas (so only the
// injected faults fail), a client with short timeouts and fast backoff, and an event recorder.
import http from 'node:http'
import type { AddressInfo } from 'node:net'
import { afterAll, afterEach, beforeAll } from 'vitest'
import { createApiClient, type ApiClient, type ApiClientOptions } from '../../../src/main/api/client'
import { ApiError } from '../../../src/main/api/call/errors'
import type { ApiCredential } from '../../../src/main/api/call/request-builder'
import type { AttemptEvent } from '../../../src/shared/api-events'
import { createSandboxAdmin, startSandbox } from '../../../src/sandbox/index'
import type { RunningSandbox, SandboxAdmin, SandboxOptions } from '../../../src/sandbox/index'
import { GENEROUS_QUOTAS } from '../../helpers/sandbox-fixtures'

export const TEST_KEY = 'test_apiClientIntegration01'
export const ORG_TOKEN = 'access_apiClientIntegration01'

export const FAST: Partial<ApiClientOptions> = {
  timeouts: { connectMs: 1000, headersMs: 400, bodyMs: 400 },
  retry: { baseDelayMs: 20, maxDelayMs: 100, maxAttempts: 4 },
  pauseJitterMs: 100,
  default429PauseMs: 300,
}

/** The organization token's credential for test mode on `profileId` (ORG_TOKEN, which the sandbox is started with). */
export function orgTokenCredential(profileId: string): ApiCredential {
  return { secret: ORG_TOKEN, kind: 'organization-token', profileId, testmode: true }
}

export function recordingClient(
  baseUrl: string,
  overrides: Partial<ApiClientOptions> = {},
  credential: ApiCredential = { secret: TEST_KEY, kind: 'api-key' },
): { client: ApiClient; events: AttemptEvent[] } {
  const events: AttemptEvent[] = []
  const client = createApiClient({
    baseUrl,
    getCredential: async () => credential,
    onAttempt: (e) => events.push(e),
    ...FAST,
    ...overrides,
  })
  return { client, events }
}

/** Resolves with the ApiError `p` rejects with (fails the test if it resolves or throws anything else). */
export async function rejection(p: Promise<unknown>): Promise<ApiError> {
  try {
    await p
  } catch (e) {
    if (e instanceof ApiError) return e
    throw new Error(`expected an ApiError, got ${String(e)}`)
  }
  throw new Error('expected the call to fail')
}

export interface TinyServer {
  origin: string
  requests: { method: string; url: string; headers: http.IncomingHttpHeaders }[]
  close(): Promise<void>
}

/** A throw-away HTTP server on 127.0.0.1 that records every request. */
export async function startTinyServer(
  handler: (req: http.IncomingMessage, res: http.ServerResponse, origin: string, index: number) => void,
): Promise<TinyServer> {
  const requests: TinyServer['requests'] = []
  let origin = ''
  const server = http.createServer((req, res) => {
    requests.push({ method: req.method ?? '', url: req.url ?? '', headers: req.headers })
    handler(req, res, origin, requests.length - 1)
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
  return {
    origin,
    requests,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections()
        server.close(() => resolve())
      }),
  }
}

/**
 * A sandbox started before the file's tests and closed after them, with its admin client: no seeded
 * payments, TEST_KEY and ORG_TOKEN, generous quotas, unless `options` says otherwise.
 */
export function sandboxForFile(options: SandboxOptions = {}): { sb: RunningSandbox; admin: SandboxAdmin } {
  const started = {} as { sb: RunningSandbox; admin: SandboxAdmin }
  beforeAll(async () => {
    started.sb = await startSandbox({
      seedPayments: 0,
      keys: [TEST_KEY, ORG_TOKEN],
      quotas: GENEROUS_QUOTAS,
      ...options,
    })
    started.admin = createSandboxAdmin(started.sb.origin, started.sb.adminToken)
  })
  afterAll(async () => {
    await started.sb.close()
  })
  return started
}

/** `serve(handler)`: a tiny server that is closed after the test that started it. */
export function tinyServersPerTest(): (handler: Parameters<typeof startTinyServer>[0]) => Promise<TinyServer> {
  const servers: TinyServer[] = []
  afterEach(async () => {
    for (const s of servers.splice(0)) await s.close()
  })
  return async (handler) => {
    const s = await startTinyServer(handler)
    servers.push(s)
    return s
  }
}

export const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms))
