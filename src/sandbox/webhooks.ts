// Webhooks (spec 6; https://docs.mollie.com/overview/webhooks): on each status change of a payment or
// an order (and of a refund or chargeback, through its payment's webhook) the sandbox POSTs
// `id=<object id>` as a form to the object's webhookUrl, waits at most WEBHOOK_TIMEOUT_MS, and retries a
// delivery not answered 2xx on RETRY_SCHEDULE_MS, on the sandbox clock: each retry is stamped with its
// own due time, and a clock jump runs every retry that came due, one after another. Every attempt is
// logged (GET /__admin/webhooks). Before each attempt, in this order: a literal local address is refused
// without `allowLocalWebhooks`; the host's webhookPolicy (the app asks the person once per host) may
// say no, before any name is looked up; the name is resolved once, every address it gave is checked
// (shared/host-scope.ts), and the request connects to the address that was checked, never to a
// second lookup's answer (DNS rebinding).
import { lookup as dnsLookup } from 'node:dns/promises'
import { request as httpRequest } from 'node:http'
import { request as httpsRequest } from 'node:https'
import type { LookupFunction } from 'node:net'
import { hostScope, normalizedAddress } from '../shared/host-scope'
import { serviceTimestamp } from './resources'
import { SEEDED_SHOP_HOSTS } from './seed/plan'
import type { ChangedKind, ResolvedAddress, ResolveHost, SandboxContext, WebhookDelivery } from './context'

/** https://docs.mollie.com/overview/webhooks "Retry schema": "Our webhook calls time out after 15 seconds." */
export const WEBHOOK_TIMEOUT_MS = 15_000
/**
 * https://docs.mollie.com/overview/webhooks "Retry schema": "In total we will call your webhook 10
 * times" (the first call and nine retries), the waits between attempts 1, 2, 4, 8, 16 and 29 minutes,
 * then 1, 2 and 22 hours: the tenth call at 26:00 after the status change.
 */
export const RETRY_SCHEDULE_MS: readonly number[] = [1, 2, 4, 8, 16, 29, 60, 120, 1320].map((m) => m * 60_000)

/** The object whose webhook is called, and its URL, for a change. */
function target(ctx: SandboxContext, kind: ChangedKind, id: string): { objectId: string; url: string } | null {
  if (kind === 'order') {
    const order = ctx.store.getOrderAnyScope(id)
    return order?.data.webhookUrl ? { objectId: id, url: order.data.webhookUrl } : null
  }
  // A refund's or chargeback's change calls its payment's webhook with the payment id.
  const paymentId =
    kind === 'refund'
      ? (ctx.store.getRefundAnyScope(id)?.paymentId ?? id)
      : kind === 'chargeback'
        ? (ctx.store.getChargebackAnyScope(id)?.paymentId ?? id)
        : id
  const payment = ctx.store.getPaymentAnyScope(paymentId)
  return payment?.data.webhookUrl ? { objectId: paymentId, url: payment.data.webhookUrl } : null
}

/** The system resolver: every address of the name, in the order it gives them. */
export const systemResolver: ResolveHost = (hostname) => dnsLookup(hostname, { all: true, order: 'verbatim' })

const LOCAL_REFUSAL =
  'The webhook URL points at this machine or a private network; start the sandbox with --allow-local-webhooks to call it.'

/** What the log says when the host running the sandbox did not allow the webhook's host. */
function notAllowedError(host: string): string {
  return `Not sent: host not allowed. ${host} was not allowed to receive the Sandbox's webhook calls.`
}

/** A `lookup` for http.request that answers the address already checked, whatever it is asked. */
function pinnedLookup(vetted: ResolvedAddress): LookupFunction {
  return (_hostname, options, callback) => {
    if (options.all) callback(null, [{ address: vetted.address, family: vetted.family }])
    else callback(null, vetted.address, vetted.family)
  }
}

/**
 * The one address this attempt connects to: resolved once, and refused (`local`) when any address
 * the name gave is on this machine or a private network and local targets are not allowed.
 */
async function vetAddress(
  ctx: SandboxContext,
  hostname: string,
): Promise<{ address: ResolvedAddress } | { local: true } | { error: string }> {
  const literal = normalizedAddress(hostname)
  let addresses: ResolvedAddress[]
  if (literal !== null) addresses = [{ address: literal, family: literal.includes(':') ? 6 : 4 }]
  else {
    try {
      addresses = await ctx.resolveWebhookHost(hostname)
    } catch (error) {
      return { error: error instanceof Error ? error.message : String(error) }
    }
  }
  const [first] = addresses
  if (first === undefined) return { error: `getaddrinfo ENOTFOUND ${hostname}` }
  // An answer that is no address at all ('name') is not trusted either.
  if (!ctx.allowLocalWebhooks && addresses.some((a) => hostScope(a.address) !== 'public')) return { local: true }
  return { address: first }
}

/** One POST of `id=…` to the vetted address; resolves with the status, or null and the error. */
function post(
  url: URL,
  objectId: string,
  vetted: ResolvedAddress,
  timeoutMs: number,
): Promise<{ status: number | null; error: string | null }> {
  const body = new URLSearchParams({ id: objectId }).toString()
  const send = url.protocol === 'https:' ? httpsRequest : httpRequest
  return new Promise((resolve) => {
    const req = send(
      url,
      {
        method: 'POST',
        timeout: timeoutMs,
        // TLS still checks the certificate against the URL's host name; only the address is fixed.
        lookup: pinnedLookup(vetted),
        headers: {
          'Content-Type': 'application/x-www-form-urlencoded',
          'Content-Length': String(Buffer.byteLength(body)),
          'User-Agent': 'Paydesk-Sandbox-Webhook/1',
        },
      },
      (res) => {
        res.resume()
        res.on('end', () => resolve({ status: res.statusCode ?? null, error: null }))
      },
    )
    req.on('timeout', () => req.destroy(new Error(`no answer within ${timeoutMs / 1000} s`)))
    req.on('error', (error) => resolve({ status: null, error: error.message }))
    req.end(body)
  })
}

/** Sends one attempt, or says why it was not sent (`final`: no retry). */
async function send(
  ctx: SandboxContext,
  url: URL,
  objectId: string,
): Promise<{ status: number | null; error: string | null; final?: 'refused' | 'not-allowed' }> {
  const literal = hostScope(url.hostname)
  if (!ctx.allowLocalWebhooks && literal !== 'public' && literal !== 'name') {
    return { status: null, error: LOCAL_REFUSAL, final: 'refused' }
  }
  if (ctx.webhookPolicy && !(await ctx.webhookPolicy(url.href))) {
    return { status: null, error: notAllowedError(url.hostname), final: 'not-allowed' }
  }
  const vetted = await vetAddress(ctx, url.hostname.replace(/^\[|\]$/g, ''))
  if ('local' in vetted) return { status: null, error: LOCAL_REFUSAL, final: 'refused' }
  if ('error' in vetted) return { status: null, error: vetted.error }
  return post(url, objectId, vetted.address, ctx.webhookTimeoutMs)
}

/** A seeded shop's answer to every call, without a lookup or a question (seed/plan.ts): none. */
function seededShopError(url: URL): string | null {
  return SEEDED_SHOP_HOSTS.has(url.hostname) ? `getaddrinfo ENOTFOUND ${url.hostname}` : null
}

/** One call of a delivery, stamped `atMs` (its due time on the sandbox clock; now for the first call). */
async function attempt(ctx: SandboxContext, delivery: WebhookDelivery, atMs = ctx.now()): Promise<void> {
  const url = new URL(delivery.url)
  const startedMs = atMs
  const wall = Date.now()
  const seeded = seededShopError(url)
  const { status, error, final } =
    seeded === null ? await send(ctx, url, delivery.objectId) : { status: null, error: seeded, final: undefined }
  delivery.attempts.push({ at: serviceTimestamp(startedMs), status, durationMs: Date.now() - wall, error })
  if (final !== undefined) {
    delivery.state = final
    delivery.nextAttemptAt = null
    return
  }
  if (status !== null && status >= 200 && status < 300) {
    delivery.state = 'delivered'
    delivery.nextAttemptAt = null
    return
  }
  const retry = RETRY_SCHEDULE_MS[delivery.attempts.length - 1]
  if (retry === undefined) {
    delivery.state = 'failed'
    delivery.nextAttemptAt = null
    return
  }
  delivery.state = 'retrying'
  const dueMs = startedMs + retry
  delivery.nextAttemptAt = serviceTimestamp(dueMs)
  ctx.clock.schedule(dueMs, (at) => void attempt(ctx, delivery, at))
  // The call was awaited, so the clock's run that started it is over: a retry already due (the
  // clock was moved past it) runs now, not at the next request.
  ctx.clock.runDue()
}

/**
 * A delivery that already failed before the sandbox started (the seeded "webhook-down" story):
 * attempts on the schedule from `fromMs` up to now, then retries on the clock as usual (the story's
 * shop is one of the seeded, made-up ones: they fail the same way).
 */
export function seedFailedDelivery(ctx: SandboxContext, objectId: string, url: string, fromMs: number): void {
  const delivery: WebhookDelivery = {
    objectId,
    kind: 'order',
    url,
    state: 'retrying',
    attempts: [],
    nextAttemptAt: null,
  }
  const error = `getaddrinfo ENOTFOUND ${new URL(url).hostname}`
  let at = fromMs
  for (const wait of [0, ...RETRY_SCHEDULE_MS]) {
    at += wait
    if (at > ctx.now()) break
    delivery.attempts.push({
      at: serviceTimestamp(at),
      status: null,
      durationMs: 12,
      error,
    })
  }
  const next = RETRY_SCHEDULE_MS[delivery.attempts.length - 1]
  if (next === undefined) delivery.state = 'failed'
  else {
    delivery.nextAttemptAt = serviceTimestamp(at)
    ctx.clock.schedule(at, (due) => void attempt(ctx, delivery, due))
  }
  ctx.webhooks.deliveries.push(delivery)
}

/** Subscribes the sender to the sandbox's status changes. */
export function startWebhooks(ctx: SandboxContext): void {
  ctx.events.on((c, kind, id) => {
    const found = target(c, kind, id)
    if (!found) return
    const delivery: WebhookDelivery = { ...found, kind, state: 'delivering', attempts: [], nextAttemptAt: null }
    c.webhooks.deliveries.push(delivery)
    void attempt(c, delivery)
  })
}
