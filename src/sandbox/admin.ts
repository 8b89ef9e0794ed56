// The admin interface (outside /v2, its own bearer token): faults, quotas, counters and oracles
// for tests. Fixed API (docs/SANDBOX.md "Admin API"); the typed client is admin-client.ts.
import type { IncomingMessage } from 'node:http'
import type { Mode } from '../shared/api-types'
import { errorReply, type Reply } from './errors'
import type { Amount } from '../shared/api-types'
import { parseMoment } from './clock'
import { SandboxError } from './errors'
import { chargebackJson, openChargeback, reverseChargeback } from './routes/chargebacks'
import { failRefund } from './routes/refunds'
import { refundJson } from './actions'
import { serviceTimestamp } from './resources'
import { isFailureReason } from './subscription-charges'
import { parseFaultSpec } from './faults'
import { constantTimeEquals } from './guards'
import type { Quota, SandboxQuotas } from './rate-limit'
import type { SandboxContext } from './context'

function json(status: number, body: unknown): Reply {
  return { status, headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(body) }
}

function noContent(): Reply {
  return { status: 204, headers: {}, body: '' }
}

function parseQuota(value: unknown): Quota | string | undefined {
  if (value === undefined) return undefined
  if (typeof value !== 'object' || value === null) return 'must be an object {q, burst}'
  const { q, burst } = value as { q?: unknown; burst?: unknown }
  if (typeof q !== 'number' || !Number.isInteger(q) || q < 1) return 'q must be an integer >= 1'
  if (typeof burst !== 'number' || !Number.isInteger(burst) || burst < 1) return 'burst must be an integer >= 1'
  return { q, burst }
}

export function handleAdmin(ctx: SandboxContext, req: IncomingMessage, url: URL, rawBody: Buffer | null): Reply {
  const auth = req.headers.authorization
  if (auth === undefined || !constantTimeEquals(auth, `Bearer ${ctx.adminToken}`)) {
    return errorReply(ctx.origin, 401, 'The admin interface needs Authorization: Bearer <adminToken>.')
  }
  const method = (req.method ?? 'GET').toUpperCase()
  const path = url.pathname.replace(/\/+$/, '')
  let body: unknown = undefined
  if (rawBody && rawBody.length > 0) {
    try {
      body = JSON.parse(rawBody.toString('utf8'))
    } catch {
      return errorReply(ctx.origin, 400, 'The admin request body is not valid JSON.')
    }
  }
  const notAllowed = (allow: string) =>
    errorReply(ctx.origin, 405, `${method} is not supported on ${path}.`, undefined, { Allow: allow })

  if (path.startsWith('/__admin/chargebacks')) return chargebackAdmin(ctx, method, path, body)
  if (path.startsWith('/__admin/subscriptions/')) return subscriptionAdmin(ctx, method, path, body)
  if (path.startsWith('/__admin/refunds/')) return refundAdmin(ctx, method, path)
  switch (path) {
    case '/__admin/faults': {
      if (method === 'GET') return json(200, { faults: ctx.faults.list() })
      if (method === 'DELETE') {
        ctx.faults.clear()
        return noContent()
      }
      if (method === 'POST') {
        const parsed = parseFaultSpec(body)
        if ('error' in parsed) return errorReply(ctx.origin, 422, parsed.error, parsed.field)
        return json(201, ctx.faults.add(parsed.spec))
      }
      return notAllowed('GET, POST, DELETE')
    }
    case '/__admin/quotas': {
      if (method === 'GET') return json(200, ctx.limiter.currentQuotas())
      if (method !== 'PUT') return notAllowed('GET, PUT')
      const b = (body ?? {}) as { mode?: unknown; read?: unknown; write?: unknown }
      if (b.mode !== undefined && b.mode !== 'test' && b.mode !== 'live') {
        return errorReply(ctx.origin, 422, 'mode must be test or live', 'mode')
      }
      const read = parseQuota(b.read)
      if (typeof read === 'string') return errorReply(ctx.origin, 422, `read ${read}`, 'read')
      const write = parseQuota(b.write)
      if (typeof write === 'string') return errorReply(ctx.origin, 422, `write ${write}`, 'write')
      const patch: SandboxQuotas = {}
      const modes: Mode[] = b.mode === undefined ? ['test', 'live'] : [b.mode]
      for (const mode of modes) {
        patch[mode] = {}
        if (read) patch[mode].read = read
        if (write) patch[mode].write = write
      }
      ctx.limiter.setQuotas(patch)
      return json(200, ctx.limiter.currentQuotas())
    }
    case '/__admin/reset-buckets':
      if (method !== 'POST') return notAllowed('POST')
      ctx.limiter.reset()
      return noContent()
    case '/__admin/stats':
      if (method !== 'GET') return notAllowed('GET')
      return json(200, {
        orders: ctx.store.orderCount,
        payments: ctx.store.paymentCount,
        customers: ctx.store.customers.count,
        requests: ctx.store.requests,
        idempotencyInFlight: ctx.store.idempotencyInFlight,
        ordersByNumber: Object.fromEntries(ctx.store.ordersByNumber),
      })
    case '/__admin/payments':
      return paymentIdList(ctx, method, url)
    case '/__admin/webhooks':
      return webhookLog(ctx, method, url)
    case '/__admin/clock':
      return clockAdmin(ctx, method, body)
    default:
      return errorReply(ctx.origin, 404, `No admin resource at ${path}.`)
  }
}

function clockJson(ctx: SandboxContext) {
  return {
    now: serviceTimestamp(ctx.clock.now()),
    nowMs: ctx.clock.now(),
    offsetMs: ctx.clock.offset,
    due: ctx.clock.pending,
  }
}

/**
 * GET /__admin/clock reads the sandbox clock; POST moves it forward, by `{ "advanceSeconds": n }` or to
 * `{ "to": "2026-03-01T09:00:00Z" }`, and runs what became due (docs/SANDBOX.md "The sandbox clock").
 */
function clockAdmin(ctx: SandboxContext, method: string, body: unknown): Reply {
  if (method === 'GET') return json(200, clockJson(ctx))
  if (method !== 'POST') {
    return errorReply(ctx.origin, 405, `${method} is not supported on /__admin/clock.`, undefined, {
      Allow: 'GET, POST',
    })
  }
  const b = (typeof body === 'object' && body !== null ? body : {}) as { advanceSeconds?: unknown; to?: unknown }
  let target: number
  if (b.advanceSeconds !== undefined) {
    if (typeof b.advanceSeconds !== 'number' || !Number.isFinite(b.advanceSeconds) || b.advanceSeconds < 0) {
      return errorReply(ctx.origin, 422, 'advanceSeconds must be a number of seconds >= 0', 'advanceSeconds')
    }
    target = ctx.clock.now() + b.advanceSeconds * 1000
  } else if (b.to !== undefined) {
    const ms = typeof b.to === 'string' ? parseMoment(b.to) : null
    if (ms === null) return errorReply(ctx.origin, 422, 'to must be an ISO 8601 date or moment with a zone', 'to')
    target = ms
  } else {
    return errorReply(ctx.origin, 422, 'Send advanceSeconds or to.', 'advanceSeconds')
  }
  if (target < ctx.clock.now()) {
    return errorReply(ctx.origin, 422, 'The sandbox clock only moves forward (ids grow with creation time).', 'to')
  }
  ctx.clock.moveTo(target)
  return json(200, clockJson(ctx))
}

/**
 * POST /__admin/chargebacks `{ paymentId, amount? }` opens a chargeback (201);
 * POST /__admin/chargebacks/{id}/reverse reverses it (docs/SANDBOX.md "Chargebacks").
 */
function chargebackAdmin(ctx: SandboxContext, method: string, path: string, body: unknown): Reply {
  if (method !== 'POST') {
    return errorReply(ctx.origin, 405, `${method} is not supported on ${path}.`, undefined, { Allow: 'POST' })
  }
  try {
    const reverse = /^\/__admin\/chargebacks\/([A-Za-z0-9_]+)\/reverse$/.exec(path)
    if (reverse) {
      const chargeback = ctx.store.getChargebackAnyScope(reverse[1] ?? '')
      if (!chargeback) return errorReply(ctx.origin, 404, `No chargeback ${reverse[1]}.`)
      reverseChargeback(ctx, chargeback, ctx.now())
      return json(200, chargebackJson(ctx, chargeback))
    }
    if (path !== '/__admin/chargebacks') return errorReply(ctx.origin, 404, `No admin resource at ${path}.`)
    const b = (typeof body === 'object' && body !== null ? body : {}) as { paymentId?: unknown; amount?: unknown }
    const record = typeof b.paymentId === 'string' ? ctx.store.getPaymentAnyScope(b.paymentId) : undefined
    if (!record) return errorReply(ctx.origin, 422, 'paymentId must name a payment of the sandbox.', 'paymentId')
    const amount = b.amount as Amount | undefined
    if (
      amount !== undefined &&
      (typeof amount !== 'object' ||
        amount === null ||
        typeof amount.value !== 'string' ||
        !/^\d+(\.\d+)?$/.test(amount.value) ||
        typeof amount.currency !== 'string')
    ) {
      return errorReply(ctx.origin, 422, 'amount must be { currency, value } with a decimal string value.', 'amount')
    }
    return json(201, chargebackJson(ctx, openChargeback(ctx, record, amount, ctx.now())))
  } catch (error) {
    if (error instanceof SandboxError) return errorReply(ctx.origin, error.status, error.detail, error.field)
    throw error
  }
}

/** POST /__admin/refunds/{id}/fail: a processing refund fails (the customer's account was closed). */
function refundAdmin(ctx: SandboxContext, method: string, path: string): Reply {
  const fail = /^\/__admin\/refunds\/([A-Za-z0-9_]+)\/fail$/.exec(path)
  if (!fail) return errorReply(ctx.origin, 404, `No admin resource at ${path}.`)
  if (method !== 'POST') {
    return errorReply(ctx.origin, 405, `${method} is not supported on ${path}.`, undefined, { Allow: 'POST' })
  }
  const refund = ctx.store.getRefundAnyScope(fail[1] ?? '')
  if (!refund) return errorReply(ctx.origin, 404, `No refund ${fail[1]}.`)
  try {
    failRefund(ctx, refund)
  } catch (error) {
    if (error instanceof SandboxError) return errorReply(ctx.origin, error.status, error.detail, error.field)
    throw error
  }
  return json(200, refundJson(ctx.origin, refund))
}

/** GET /__admin/payments?mode&sort: every payment id of a mode (tests compare lists with it). */
function paymentIdList(ctx: SandboxContext, method: string, url: URL): Reply {
  if (method !== 'GET')
    return errorReply(ctx.origin, 405, `${method} is not supported on /__admin/payments.`, undefined, { Allow: 'GET' })
  const mode = url.searchParams.get('mode') ?? 'test'
  const sort = url.searchParams.get('sort') ?? 'desc'
  if (mode !== 'test' && mode !== 'live') return errorReply(ctx.origin, 422, 'mode must be test or live', 'mode')
  if (sort !== 'asc' && sort !== 'desc') return errorReply(ctx.origin, 422, 'sort must be asc or desc', 'sort')
  return json(200, { ids: ctx.store.allPaymentIds(ctx.profileId, mode, sort) })
}

/** GET /__admin/webhooks[?objectId=]: the webhook delivery log (docs/SANDBOX.md "Webhooks"). */
function webhookLog(ctx: SandboxContext, method: string, url: URL): Reply {
  if (method !== 'GET') {
    return errorReply(ctx.origin, 405, `${method} is not supported on /__admin/webhooks.`, undefined, { Allow: 'GET' })
  }
  const objectId = url.searchParams.get('objectId')
  return json(200, { deliveries: objectId === null ? ctx.webhooks.deliveries : ctx.webhooks.forObject(objectId) })
}

/**
 * POST /__admin/subscriptions/{id}/fail-next-charge `{ failureReason? }`: the subscription's next
 * charge fails (docs/SANDBOX.md "Subscriptions"), with a documented card failure reason (default
 * `insufficient_funds`); a tester's way to the failed charge a bank or card would cause.
 */
function subscriptionAdmin(ctx: SandboxContext, method: string, path: string, body: unknown): Reply {
  const match = /^\/__admin\/subscriptions\/([A-Za-z0-9_]+)\/fail-next-charge$/.exec(path)
  if (!match) return errorReply(ctx.origin, 404, `No admin resource at ${path}.`)
  if (method !== 'POST')
    return errorReply(ctx.origin, 405, `${method} is not supported on ${path}.`, undefined, { Allow: 'POST' })
  const record = ctx.store.recurring.subscriptionAnyScope(match[1] ?? '')
  if (!record) return errorReply(ctx.origin, 404, `No subscription exists with id ${match[1] ?? ''}.`)
  const reason = (body as { failureReason?: unknown } | undefined)?.failureReason ?? 'insufficient_funds'
  if (!isFailureReason(reason)) {
    return errorReply(
      ctx.origin,
      422,
      'The failureReason must be one of the documented card failure reasons.',
      'failureReason',
    )
  }
  record.failNext = reason
  return json(200, { id: record.data.id, failNextCharge: reason })
}
