// Webhooks (spec 6; https://docs.mollie.com/overview/webhooks): on each status change of a payment or
// an order (and of a refund or chargeback, through its payment's webhook) the sandbox POSTs
// `id=<object id>` as a form to the object's webhookUrl, waits at most WEBHOOK_TIMEOUT_MS, and retries a
// delivery not answered 2xx on RETRY_SCHEDULE_MS, on the sandbox clock: each retry is stamped with its
// own due time, and a clock jump runs every retry that came due, one after another. Every attempt is logged
// (GET /__admin/webhooks). Loopback and private targets only with `allowLocalWebhooks`.
import { lookup } from 'node:dns/promises'
import { request as httpRequest } from 'node:http'
import { request as httpsRequest } from 'node:https'
import { isLoopbackHost, isPrivateNetworkHost } from '../shared/order-rules'
import { serviceTimestamp } from './resources'
import type { ChangedKind, SandboxContext, WebhookDelivery } from './context'

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

async function localTarget(url: URL): Promise<boolean> {
  const host = url.hostname.replace(/^\[|\]$/g, '')
  if (isLoopbackHost(host) || isPrivateNetworkHost(host)) return true
  try {
    const addresses = await lookup(host, { all: true })
    return addresses.some((a) => isLoopbackHost(a.address) || isPrivateNetworkHost(a.address))
  } catch {
    return false
  }
}

/** One POST of `id=…`; resolves with the status, or null and the error. */
function post(url: URL, objectId: string): Promise<{ status: number | null; error: string | null }> {
  const body = new URLSearchParams({ id: objectId }).toString()
  const send = url.protocol === 'https:' ? httpsRequest : httpRequest
  return new Promise((resolve) => {
    const req = send(
      url,
      {
        method: 'POST',
        timeout: WEBHOOK_TIMEOUT_MS,
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
    req.on('timeout', () => req.destroy(new Error(`no answer within ${WEBHOOK_TIMEOUT_MS / 1000} s`)))
    req.on('error', (error) => resolve({ status: null, error: error.message }))
    req.end(body)
  })
}

/** One call of a delivery, stamped `atMs` (its due time on the sandbox clock; now for the first call). */
async function attempt(ctx: SandboxContext, delivery: WebhookDelivery, atMs = ctx.now()): Promise<void> {
  const url = new URL(delivery.url)
  const startedMs = atMs
  const wall = Date.now()
  if (!ctx.allowLocalWebhooks && (await localTarget(url))) {
    delivery.state = 'refused'
    delivery.attempts.push({
      at: serviceTimestamp(startedMs),
      status: null,
      durationMs: 0,
      error:
        'The webhook URL points at this machine or a private network; start the sandbox with --allow-local-webhooks to call it.',
    })
    return
  }
  const { status, error } = await post(url, delivery.objectId)
  delivery.attempts.push({ at: serviceTimestamp(startedMs), status, durationMs: Date.now() - wall, error })
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
 * attempts on the schedule from `fromMs` up to now, then retries on the clock as usual.
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
  const host = new URL(url).hostname
  let at = fromMs
  for (const wait of [0, ...RETRY_SCHEDULE_MS]) {
    at += wait
    if (at > ctx.now()) break
    delivery.attempts.push({
      at: serviceTimestamp(at),
      status: null,
      durationMs: 12,
      error: `getaddrinfo ENOTFOUND ${host}`,
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
