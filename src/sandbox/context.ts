// What every part of the sandbox is handed: the context (store, clock, limiter, faults, status events,
// the webhook log, credentials), and reading a request's credential and body. Below the server, its routes and pages,
// so they all import it and none imports the server.
import type { IncomingMessage } from 'node:http'
import type { Mode } from '../shared/api-types'
import { CREDENTIAL_PATTERN, type CredentialKind } from '../shared/service/credentials'
import { isPermission, type Permission } from '../shared/service/permissions'
import type { SandboxClock } from './clock'
import type { FaultRegistry } from './faults'
import type { IdFactory } from './ids'
import type { SandboxRateLimiter } from './rate-limit'
import type { SandboxStore } from './store'

export interface Credential {
  secret: string
  kind: CredentialKind
  /** fixed mode of an API key; organization tokens choose per request (`testmode`) */
  mode?: Mode
  /** an organization token's permissions when it was given some (`access_…:payments.read,…`); else all */
  permissions?: ReadonlySet<Permission>
}

export interface SandboxContext {
  store: SandboxStore
  ids: IdFactory
  limiter: SandboxRateLimiter
  faults: FaultRegistry
  /** the sandbox clock (clock.ts); `now` is its reading */
  clock: SandboxClock
  /** status changes, for the webhook sender (lifecycle.ts) */
  events: SandboxEvents
  /** every webhook delivery and its attempts (webhooks.ts) */
  webhooks: WebhookLog
  /** whether webhook URLs on loopback or private networks may be called (and accepted) */
  allowLocalWebhooks: boolean
  /** the host's decision whether a webhook URL may be called at all (SandboxOptions.webhookPolicy); null: any */
  webhookPolicy: WebhookPolicy | null
  /** resolves a webhook's host name once per attempt (SandboxOptions.resolveWebhookHost) */
  resolveWebhookHost: ResolveHost
  /** how long the shop has to answer one call */
  webhookTimeoutMs: number
  now: () => number
  /** set once the server listens */
  origin: string
  profileId: string
  credentials: Map<string, Credential>
  adminToken: string
  /** names besides IP addresses and loopback names that a `Host` header may carry (guards.ts) */
  allowedHosts: ReadonlySet<string>
  /** keys the checkout form's per-payment token */
  checkoutSecret: Uint8Array
}

/** Request bodies above this size are refused with 413 (docs/SANDBOX.md). */
export const MAX_BODY_BYTES = 1_000_000

/**
 * Spec 5: the prefix of a secret decides its kind and mode. An organization token may name its
 * permissions after a colon (`access_xyz:payments.read,refunds.read`, the names of
 * shared/service/permissions.ts); without them it has every permission.
 */
export function parseCredential(given: string): Credential {
  const colon = given.indexOf(':')
  const secret = colon < 0 ? given : given.slice(0, colon)
  // The same characters the app accepts after the prefix (spec module, service/credentials.ts).
  const match = CREDENTIAL_PATTERN.exec(secret)
  if (!match) {
    throw new Error(`credential must look like test_…, live_… or access_… (letters, digits, "_", "-"): ${secret}`)
  }
  if (match[1] !== 'access') {
    if (colon >= 0) throw new Error(`only an organization token (access_…) names permissions: ${secret}`)
    return { secret, kind: 'api-key', mode: match[1] as Mode }
  }
  if (colon < 0) return { secret, kind: 'organization-token' }
  const names = given
    .slice(colon + 1)
    .split(',')
    .map((n) => n.trim())
    .filter(Boolean)
  const unknown = names.filter((n) => !isPermission(n))
  if (unknown.length > 0) throw new Error(`unknown permission(s) ${unknown.join(', ')} for ${secret}`)
  return { secret, kind: 'organization-token', permissions: new Set(names.filter(isPermission)) }
}

export async function readBody(req: IncomingMessage, limit = MAX_BODY_BYTES): Promise<Buffer | null> {
  const chunks: Buffer[] = []
  let size = 0
  let tooLarge = false
  for await (const chunk of req as AsyncIterable<Buffer>) {
    size += chunk.length
    if (size > limit) tooLarge = true
    else chunks.push(chunk)
  }
  return tooLarge ? null : Buffer.concat(chunks)
}

// Status changes and webhook deliveries: the context carries both (lifecycle.ts emits, webhooks.ts sends).

export type ChangedKind = 'payment' | 'order' | 'refund' | 'chargeback'

/** Listeners told about every status change (the webhook sender subscribes). */
type StatusListener = (ctx: SandboxContext, kind: ChangedKind, id: string) => void

export class SandboxEvents {
  private readonly listeners: StatusListener[] = []

  on(listener: StatusListener): void {
    this.listeners.push(listener)
  }

  emit(ctx: SandboxContext, kind: ChangedKind, id: string): void {
    for (const listener of this.listeners) listener(ctx, kind, id)
  }
}

interface WebhookAttempt {
  at: string
  /** HTTP status the shop answered, or null when there was no answer */
  status: number | null
  durationMs: number
  error: string | null
}

export interface WebhookDelivery {
  objectId: string
  kind: ChangedKind
  url: string
  /**
   * `refused`: the address is on this machine or a private network (without allowLocalWebhooks);
   * `not-allowed`: the host running the sandbox did not allow this host (webhookPolicy). Both are final.
   */
  state: 'delivering' | 'retrying' | 'delivered' | 'failed' | 'refused' | 'not-allowed'
  attempts: WebhookAttempt[]
  nextAttemptAt: string | null
}

/** One address a name resolves to, as `dns.lookup` answers with `all: true`. */
export interface ResolvedAddress {
  address: string
  family: number
}

/** Every address a host name resolves to (rejects when it resolves to none). */
export type ResolveHost = (hostname: string) => Promise<ResolvedAddress[]>

/**
 * Whether the sandbox may call this webhook URL at all. Asked before the name is even looked up
 * (a name can carry data to whoever answers for its domain); false records "not sent: host not allowed".
 */
export type WebhookPolicy = (url: string) => Promise<boolean>

export class WebhookLog {
  readonly deliveries: WebhookDelivery[] = []

  forObject(id: string): WebhookDelivery[] {
    return this.deliveries.filter((d) => d.objectId === id)
  }
}
