// The sandbox: a stateful local implementation of the payment service v2 (docs/SANDBOX.md).
// Started in-process by the main process and by tests; never imports electron.
import { randomBytes, randomInt } from 'node:crypto'
import { createServer, type Server } from 'node:http'
import { createServer as createHttpsServer } from 'node:https'
import type { AddressInfo } from 'node:net'
import { CREDENTIAL_PREFIXES } from '../shared/service/credentials'
import { SandboxClock } from './clock'
import { FaultRegistry } from './faults'
import { BASE62, createRandom, IdFactory, randomBase62 } from './ids'
import { SandboxRateLimiter, type SandboxQuotas } from './rate-limit'
import { API_BASE } from './links'
import { scheduleExpiry } from './lifecycle'
import { releaseQueuedRefunds } from './ledger'
import { scheduleRefund } from './routes/refunds'
import { seedMerchant } from './seed/merchant'
import { scheduleCharge } from './subscription-charges'
import type { SeedResult } from './seed/plan'
import {
  parseCredential,
  SandboxEvents,
  WebhookLog,
  type Credential,
  type ResolveHost,
  type SandboxContext,
  type WebhookPolicy,
} from './context'
import { createRequestHandler } from './server'
import { SandboxStore } from './store'
import { seedFailedDelivery, startWebhooks, systemResolver, WEBHOOK_TIMEOUT_MS } from './webhooks'
import { certificateNames, loadOrCreateTls, type SandboxTlsMaterial } from './tls'

export { completeCheckout, createSandboxAdmin, type SandboxAdmin } from './admin-client'
export type { FaultSpec } from './faults'
export type { ResolveHost, ResolvedAddress, WebhookPolicy } from './context'
export type { Quota, SandboxQuotas } from './rate-limit'
export { DEFAULT_QUOTAS } from './rate-limit'
export { practiceCalls } from './seed/stories'

export interface SandboxOptions {
  /** default 127.0.0.1 */
  host?: string
  /** default 0 (ephemeral) */
  port?: number
  /** test-mode payments to seed; live gets a tenth of that. Default 1200. */
  seedPayments?: number
  /**
   * Whether some seeded payments belong to orders (and the practice stories are seeded). Default
   * true; tests about orders they create themselves may turn it off.
   */
  seedOrders?: boolean
  /**
   * PRNG seed: the same seed gives the same data set, ids and profile id. Default: a random seed per
   * launch (issue 22 item 8: ids and the profile cannot be guessed from an earlier run).
   */
  seed?: number
  /**
   * credentials (`test_…`, `live_…` API keys, `access_…` organization tokens, a token's permissions
   * after a colon: `access_xyz:payments.read,refunds.read`); default one generated test_ key
   */
  keys?: string[]
  /** default: generated per launch */
  adminToken?: string
  quotas?: SandboxQuotas
  /** wall clock in ms under the sandbox clock (rate limits, timestamps, "today" of the rules) */
  now?: () => number
  /**
   * Where the sandbox clock starts (ms since the epoch); default: the wall clock. The clock then
   * runs with wall time and moves forward through the admin API (docs/SANDBOX.md "The sandbox clock").
   */
  clockStartMs?: number
  /**
   * Serve HTTPS with a self-signed certificate kept in `dir` (made there on first use, reused while
   * valid for the host; docs/SANDBOX.md "HTTPS and links").
   */
  tls?: { dir: string }
  /**
   * Host names (besides IP addresses, `localhost`, the listening host and the certificate's names)
   * that requests may name in `Host`, e.g. a proxy's name in front of the sandbox. Any other name is
   * answered 421: a web page cannot reach the sandbox by rebinding its own name to loopback.
   */
  allowedHosts?: string[]
  /**
   * Accept and call webhook URLs on this machine or a private network (a developer's local shop).
   * Default false: like the real service, such URLs are refused (docs/SANDBOX.md "Webhooks").
   */
  allowLocalWebhooks?: boolean
  /**
   * The host's say over every webhook call: asked with the full URL before the host name is looked
   * up; false records the delivery as "not sent: host not allowed". The app asks the person once per
   * host (src/main/services/sandbox-webhooks.ts). Default (the standalone sandbox): any public host.
   */
  webhookPolicy?: WebhookPolicy
  /** Resolves a webhook's host name (default: the system resolver); tests inject one. */
  resolveWebhookHost?: ResolveHost
  /** How long the shop has to answer one webhook call, in ms (default WEBHOOK_TIMEOUT_MS, 15 s). */
  webhookTimeoutMs?: number
}

export interface RunningSandbox {
  /** 'http://127.0.0.1:PORT/v2' */
  baseUrl: string
  /** 'http://127.0.0.1:PORT' */
  origin: string
  adminToken: string
  profileId: string
  /** the PRNG seed in use (given, or drawn at launch): start again with it to get the same data */
  seed: number
  credentials: {
    secret: string
    kind: 'api-key' | 'organization-token'
    mode?: 'test' | 'live'
    permissions?: ReadonlySet<string>
  }[]
  /** With `tls`: the certificate (PEM, its path and SHA-256 fingerprint), to trust as a CA. */
  tls?: Omit<SandboxTlsMaterial, 'key'>
  close(): Promise<void>
}

const DEFAULT_SEED_PAYMENTS = 1200

function secureToken(length: number): string {
  const bytes = randomBytes(length)
  let out = ''
  for (const byte of bytes) out += BASE62[byte % 62]
  return out
}

function credentialMap(keys: string[] | undefined): Map<string, Credential> {
  const secrets = keys && keys.length > 0 ? keys : [`${CREDENTIAL_PREFIXES.test}${secureToken(30)}`]
  const credentials = new Map<string, Credential>()
  for (const given of secrets) {
    const credential = parseCredential(given)
    credentials.set(credential.secret, credential)
  }
  return credentials
}

async function listen(
  handler: ReturnType<typeof createRequestHandler>,
  tls: SandboxTlsMaterial | undefined,
  port: number,
  host: string,
): Promise<Server> {
  const server: Server = tls
    ? createHttpsServer({ keepAliveTimeout: 30_000, key: tls.key, cert: tls.cert }, handler)
    : createServer({ keepAliveTimeout: 30_000 }, handler)
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject)
    server.listen(port, host, () => {
      server.off('error', reject)
      resolve()
    })
  })
  return server
}

/** Seeded objects that are still moving go on the clock like objects made through the API. */
function scheduleSeeded(ctx: SandboxContext, seeded: SeedResult): void {
  for (const record of seeded.open) scheduleExpiry(ctx, record)
  for (const { paymentId, refundId } of seeded.movingRefunds) {
    const refund = ctx.store.refundsOf(paymentId).find((r) => r.id === refundId)
    if (refund) scheduleRefund(ctx, refund)
  }
  for (const { objectId, url, fromMs } of seeded.webhookDown) seedFailedDelivery(ctx, objectId, url, fromMs)
  for (const subscription of seeded.subscriptions ?? []) scheduleCharge(ctx, subscription)
}

/** What a caller may know of the TLS material: everything but the private key. */
function publicTls(tls: SandboxTlsMaterial): Omit<SandboxTlsMaterial, 'key'> {
  const { key: _key, ...rest } = tls
  return rest
}

/** After every change of money, queued refunds that the balance now covers leave the queue (ledger.ts). */
function watchRefundQueue(ctx: SandboxContext): void {
  ctx.events.on((c, kind) => {
    if (kind !== 'order') releaseQueuedRefunds(c, (refund, fromMs) => scheduleRefund(c, refund, fromMs))
  })
}

export async function startSandbox(options: SandboxOptions = {}): Promise<RunningSandbox> {
  const clock = new SandboxClock(options.now ?? Date.now, options.clockStartMs)
  const now = clock.now
  const seed = options.seed ?? randomInt(1, 2 ** 31)
  if (!Number.isInteger(seed) || seed < 0) throw new Error('seed must be a non-negative integer')
  const random = createRandom(seed)
  const profileId = `pfl_${randomBase62(random, 10)}`
  const ids = new IdFactory(random)
  const store = new SandboxStore()
  const testPayments = options.seedPayments ?? DEFAULT_SEED_PAYMENTS
  if (!Number.isInteger(testPayments) || testPayments < 0)
    throw new Error('seedPayments must be a non-negative integer')
  const seeded = seedMerchant(store, {
    testPayments,
    livePayments: Math.round(testPayments / 10),
    profileId,
    nowMs: now(),
    random,
    ids,
    orders: options.seedOrders !== false,
  })
  const credentials = credentialMap(options.keys)
  const ctx: SandboxContext = {
    store,
    ids,
    limiter: new SandboxRateLimiter(now, options.quotas),
    faults: new FaultRegistry(seed),
    clock,
    events: new SandboxEvents(),
    webhooks: new WebhookLog(),
    allowLocalWebhooks: options.allowLocalWebhooks === true,
    webhookPolicy: options.webhookPolicy ?? null,
    resolveWebhookHost: options.resolveWebhookHost ?? systemResolver,
    webhookTimeoutMs: options.webhookTimeoutMs ?? WEBHOOK_TIMEOUT_MS,
    now,
    origin: '',
    profileId,
    credentials,
    adminToken: options.adminToken ?? `admin_${secureToken(30)}`,
    allowedHosts: new Set(),
    checkoutSecret: randomBytes(32),
  }
  const host = options.host ?? '127.0.0.1'
  const tls = options.tls ? loadOrCreateTls(options.tls.dir, certificateNames(host), now()) : undefined
  ctx.allowedHosts = new Set(
    [host, ...(tls?.names ?? []), ...(options.allowedHosts ?? [])].map((n) => n.trim().toLowerCase()).filter(Boolean),
  )
  scheduleSeeded(ctx, seeded)
  startWebhooks(ctx)
  watchRefundQueue(ctx)
  const handler = createRequestHandler(ctx)
  const server = await listen(handler, tls, options.port ?? 0, host)
  const { port } = server.address() as AddressInfo
  const hostPart = host.includes(':') ? `[${host}]` : host
  ctx.origin = `${tls ? 'https' : 'http'}://${hostPart}:${port}`
  return {
    baseUrl: ctx.origin + API_BASE,
    origin: ctx.origin,
    adminToken: ctx.adminToken,
    profileId,
    seed,
    credentials: [...credentials.values()].map((c) => ({ ...c })),
    ...(tls ? { tls: publicTls(tls) } : {}),
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.close((error) => (error ? reject(error) : resolve()))
        server.closeAllConnections()
      }),
  }
}
