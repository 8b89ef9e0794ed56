// Routing of the sandbox: the /v2 API (spec 4), the hosted checkout and dashboard pages, and the
// admin interface. Order of checks for /v2 (docs/SANDBOX.md): authentication (401) → rate limit
// (429) → injected fault → route (404/405) → media type (415) → JSON (400) → idempotency (409 or
// replay) → the operation (422 with the first rule violation, or success).
import { createHash } from 'node:crypto'
import type { IncomingMessage, ServerResponse } from 'node:http'
import type { Mode } from '../shared/api-types'
import { canonicalJson } from '../shared/canonical-json'
import { matchOperation } from '../shared/service/operations'
import { missingPermissionDetail, permissionFor } from '../shared/service/permissions'
import { handleAdmin } from './admin'
import { documentationPage } from './checkout-page'
import { MAX_BODY_BYTES, readBody, type Credential, type SandboxContext } from './context'
import { errorReply, SandboxError, type Reply } from './errors'
import { deliver, delay, type Fault } from './faults'
import { parseFormBody } from './form-body'
import { hostAllowed } from './guards'
import { handleCheckout, handleDashboard, handlePaymentLinkPage, htmlReply, sendPlain } from './pages'
import { UNROUTED, type ApiRequest, type Handler } from './request'
import { HANDLERS } from './routes/index'

function bearer(req: IncomingMessage): string | undefined {
  const header = req.headers.authorization
  if (!header) return undefined
  const match = /^Bearer\s+(\S+)\s*$/i.exec(header)
  return match?.[1]
}

/** host[:port] with a DNS name, IPv4 or bracketed IPv6 host: what a Host header may carry. */
const HOST_HEADER =
  /^(?:[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?(?:\.[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?)*|\[[0-9A-Fa-f:.]+\])(?::\d{1,5})?$/

/**
 * The origin a request arrived on, for the absolute links in its answer (docs/SANDBOX.md, "HTTPS
 * and links"): the scheme of the connection, or `X-Forwarded-Proto` (http/https) from a proxy or
 * TLS front; the host and port of the `Host` header when it is well-formed, else the listening origin.
 */
function requestOrigin(ctx: SandboxContext, req: IncomingMessage): string {
  const listening = new URL(ctx.origin)
  const forwarded = req.headers['x-forwarded-proto']
  const proto = (Array.isArray(forwarded) ? forwarded[0] : forwarded)?.split(',')[0]?.trim().toLowerCase()
  const encrypted = (req.socket as { encrypted?: boolean }).encrypted === true
  const scheme = proto === 'https' || proto === 'http' ? proto : encrypted ? 'https' : 'http'
  const host = req.headers.host
  return `${scheme}://${host !== undefined && HOST_HEADER.test(host) ? host.toLowerCase() : listening.host}`
}

export function createRequestHandler(base: SandboxContext) {
  return (req: IncomingMessage, res: ServerResponse): void => {
    if (!hostAllowed(req.headers.host, base.allowedHosts)) {
      // DNS rebinding: a page whose own name now resolves to loopback. Answer nothing it could use.
      const reply = errorReply(
        base.origin,
        421,
        `The sandbox does not answer to the host name ${JSON.stringify(req.headers.host)}. Use its address (${base.origin}), or start it with --allow-host for a proxy in front.`,
      )
      req.resume()
      res.writeHead(reply.status, { ...reply.headers, Connection: 'close' })
      res.end(reply.body)
      return
    }
    const ctx: SandboxContext = { ...base, origin: requestOrigin(base, req) }
    handle(ctx, req, res).catch((error: unknown) => {
      if (!res.headersSent) {
        const reply = errorReply(ctx.origin, 500, `Internal sandbox error: ${String(error)}`)
        res.writeHead(reply.status, reply.headers)
        res.end(reply.body)
      } else {
        res.destroy()
      }
    })
  }
}

const MALFORMED_PATH =
  'The request path has a malformed percent escape: each % must be followed by two hexadecimal digits of UTF-8.'

/** Whether every `%` escape of a path decodes (as UTF-8); checked once, before any route decodes it. */
function wellEncoded(path: string): boolean {
  try {
    decodeURIComponent(path)
    return true
  } catch {
    return false
  }
}

async function handle(ctx: SandboxContext, req: IncomingMessage, res: ServerResponse): Promise<void> {
  // What became due since the last request (refunds moving on, expiry, webhook retries) happens first.
  ctx.clock.runDue()
  const url = new URL(req.url ?? '/', ctx.origin)
  const path = url.pathname
  if (!wellEncoded(path)) {
    // The decoder's own message is not the caller's business; say what is wrong in our words.
    await readBody(req)
    return sendPlain(res, errorReply(ctx.origin, 400, MALFORMED_PATH))
  }
  if (path === '/v2' || path.startsWith('/v2/')) return handleApi(ctx, req, res, url)
  if (path === '/__admin' || path.startsWith('/__admin/')) {
    const body = await readBody(req)
    return sendPlain(res, handleAdmin(ctx, req, url, body))
  }
  if (path.startsWith('/checkout/')) return handleCheckout(ctx, req, res, url)
  if (path.startsWith('/payment-link/')) return handlePaymentLinkPage(ctx, req, res, url)
  if (path.startsWith('/dashboard/')) return sendPlain(res, handleDashboard(ctx, url))
  if (path.startsWith('/docs/')) return sendPlain(res, htmlReply(200, documentationPage(path.slice('/docs/'.length))))
  await readBody(req)
  sendPlain(res, errorReply(ctx.origin, 404, `No resource at ${path}; the API lives under /v2.`))
}

/**
 * A request body by its media type: JSON, or a form with bracket notation (form-body.ts), which
 * becomes the same object. Anything else is a 415; a body that does not parse, a 400.
 */
function decodeBody(
  contentType: string | undefined,
  raw: Buffer,
): { ok: true; value: unknown } | { ok: false; status: number; message: string } {
  const mediaType = contentType?.split(';')[0]?.trim().toLowerCase()
  const text = raw.toString('utf8')
  if (mediaType === 'application/json') {
    try {
      return { ok: true, value: JSON.parse(text) as unknown }
    } catch (error) {
      return { ok: false, status: 400, message: `The request body is not valid JSON: ${(error as Error).message}` }
    }
  }
  if (mediaType === 'application/x-www-form-urlencoded') {
    const form = parseFormBody(text)
    if (!form.ok) return { ok: false, status: 400, message: form.message }
    return { ok: true, value: metadataFromJsonText(form.value) }
  }
  return {
    ok: false,
    status: 415,
    message: `The request body must be sent as application/json or application/x-www-form-urlencoded, not ${contentType ?? 'without a Content-Type'}.`,
  }
}

/**
 * A form field `metadata` holding JSON text (an object or array) is that JSON, as with a JSON body
 * (issue 24 item 8: the service returns it as an object); other text stays text.
 */
function metadataFromJsonText(value: unknown): unknown {
  if (typeof value !== 'object' || value === null) return value
  const metadata = (value as { metadata?: unknown }).metadata
  if (typeof metadata !== 'string' || !/^\s*[[{]/.test(metadata)) return value
  try {
    return { ...value, metadata: JSON.parse(metadata) as unknown }
  } catch {
    return value
  }
}

/** The mode a request acts in, before full validation (rate-limit buckets are per mode, spec 8.1.6). */
function peekMode(
  credential: Credential,
  method: string,
  url: URL,
  body: Buffer,
  contentType: string | undefined,
): Mode {
  if (credential.mode) return credential.mode
  if (method === 'GET' || method === 'HEAD' || url.searchParams.get('testmode') === 'true') {
    return url.searchParams.get('testmode') === 'true' ? 'test' : 'live'
  }
  const decoded = decodeBody(contentType, body)
  const parsed = decoded.ok ? decoded.value : undefined
  return typeof parsed === 'object' && parsed !== null && (parsed as { testmode?: unknown }).testmode === true
    ? 'test'
    : 'live'
}

async function handleApi(ctx: SandboxContext, req: IncomingMessage, res: ServerResponse, url: URL): Promise<void> {
  ctx.store.requests += 1
  const method = (req.method ?? 'GET').toUpperCase()
  const path = url.pathname
  const rawBody = await readBody(req)
  const secret = bearer(req)
  const credential = secret === undefined ? undefined : ctx.credentials.get(secret)
  if (!credential) {
    // Unauthenticated callers have no merchant: they share a bucket per client address.
    const rate = ctx.limiter.take(`anonymous:${req.socket.remoteAddress ?? ''}`, 'test', method, path)
    const reply = rate.allowed
      ? errorReply(
          ctx.origin,
          401,
          secret === undefined
            ? 'Missing authentication. Send an API key or access token as Authorization: Bearer <token>.'
            : 'Authentication failed: the API key or access token is unknown.',
          undefined,
          { 'WWW-Authenticate': 'Bearer realm="payment-service"' },
        )
      : errorReply(ctx.origin, 429, 'Too many requests. Wait and retry with backoff.')
    return deliver(res, withHeaders(reply, rate.headers), undefined)
  }
  const forbidden = permissionProblem(credential, method, path)
  if (forbidden !== null) return deliver(res, errorReply(ctx.origin, 403, forbidden), undefined)
  const mode = peekMode(credential, method, url, rawBody ?? Buffer.alloc(0), req.headers['content-type'])
  const rate = ctx.limiter.take(ctx.profileId, mode, method, path)
  if (!rate.allowed) {
    const reply = errorReply(ctx.origin, 429, 'Too many requests. Wait for Retry-After seconds and slow down.')
    return deliver(res, withHeaders(reply, rate.headers), undefined)
  }
  const fault = ctx.faults.match(method, path)
  if (fault?.kind === 'status') {
    return deliver(res, withHeaders(statusFaultReply(ctx, fault), rate.headers), undefined)
  }
  let reply: Reply
  if (rawBody === null) {
    if (fault?.kind === 'latency') await delay(fault.latencyMs ?? 1000)
    reply = errorReply(ctx.origin, 413, `The request body is larger than ${MAX_BODY_BYTES} bytes.`)
  } else {
    const header = req.headers['idempotency-key']
    const request: ApiRequest = {
      method,
      url,
      path,
      segments: path.split('/').filter(Boolean),
      rawBody,
      body: undefined,
      contentType: req.headers['content-type'],
      credential,
      idempotencyKey: Array.isArray(header) ? header[0] : header,
      mode,
      operation: UNROUTED,
      params: {},
    }
    const prepared = prepareApi(ctx, request)
    if ('status' in prepared) {
      if (fault?.kind === 'latency') await delay(fault.latencyMs ?? 1000)
      reply = prepared
    } else {
      const { handler } = prepared
      const run = async () => {
        // A latency fault holds the request "in processing" (after the idempotency key is taken).
        if (fault?.kind === 'latency') await delay(fault.latencyMs ?? 1000)
        return runSafely(ctx, handler, request)
      }
      reply =
        // The operation's row says whether an Idempotency-Key applies (src/shared/service/operations.ts).
        request.operation.idempotent && request.idempotencyKey !== undefined
          ? await withIdempotency(ctx, request, run)
          : await run()
    }
  }
  // Every kind other than `status` runs the operation first and then spoils the delivery.
  return deliver(res, withHeaders(reply, rate.headers), fault?.kind === 'latency' ? undefined : fault)
}

/**
 * Why an organization token given named permissions may not make this request (403, the service's
 * error shape: https://docs.mollie.com/docs/connect-permissions), or null. A path the operation table
 * does not know is left to the router (404/405).
 */
function permissionProblem(credential: Credential, method: string, path: string): string | null {
  if (credential.permissions === undefined) return null
  const below = path.startsWith('/v2/') ? path.slice(3) : path
  const match = matchOperation(method === 'HEAD' ? 'GET' : method, below)
  if (!match.found) return null
  const needed = permissionFor(match.operation)
  return needed === null || credential.permissions.has(needed) ? null : missingPermissionDetail(needed)
}

function withHeaders(reply: Reply, headers: Record<string, string>): Reply {
  return { ...reply, headers: { ...reply.headers, ...headers } }
}

function statusFaultReply(ctx: SandboxContext, fault: Fault): Reply {
  const status = fault.status ?? 500
  const headers: Record<string, string> = {}
  if (status === 429 || fault.retryAfter !== undefined) headers['Retry-After'] = String(fault.retryAfter ?? 1)
  const detail =
    status === 429
      ? 'Too many requests (injected fault). Wait for Retry-After seconds.'
      : `The service is temporarily unavailable (injected ${status} fault); retry later.`
  return errorReply(ctx.origin, status, detail, undefined, headers)
}

/**
 * Route (404/405/OPTIONS) from the operation table (src/shared/service/operations.ts), media type
 * (415) and body syntax (400). Returns the reply to send, or the handler to run with `request.body`
 * set to the parsed body and `request.params` to the path parameters.
 */
function prepareApi(ctx: SandboxContext, request: ApiRequest): Reply | { handler: Handler } {
  const match = matchOperation(request.method === 'OPTIONS' ? 'GET' : request.method, request.path.slice(3))
  if (match.allow.length === 0) {
    // Choice (docs/SANDBOX.md): the sandbox implements part of the service; it does not claim the
    // real service lacks the path.
    return errorReply(
      ctx.origin,
      404,
      `The sandbox does not implement ${request.path}; see docs/SANDBOX.md for the endpoints it serves.`,
    )
  }
  // Allow names every method the path supports, OPTIONS included (405 and OPTIONS alike).
  const allow = [...match.allow, 'OPTIONS'].join(', ')
  if (request.method === 'OPTIONS') return { status: 204, headers: { Allow: allow }, body: '' }
  if (!match.found || (request.method !== match.operation.method && request.method !== 'HEAD')) {
    return errorReply(ctx.origin, 405, `The method ${request.method} is not supported on ${request.path}.`, undefined, {
      Allow: allow,
    })
  }
  request.operation = match.operation
  request.params = match.params
  request.body = {}
  // Writes may carry a body (the row's kind); a body sent with a read is not read.
  if (match.operation.kind === 'write' && request.rawBody.length > 0) {
    const decoded = decodeBody(request.contentType, request.rawBody)
    if (!decoded.ok) return errorReply(ctx.origin, decoded.status, decoded.message)
    request.body = decoded.value
  }
  return { handler: HANDLERS[match.operation.id] }
}

function runSafely(ctx: SandboxContext, handler: Handler, request: ApiRequest): Reply {
  try {
    return handler(ctx, request)
  } catch (error) {
    if (error instanceof SandboxError) {
      return errorReply(ctx.origin, error.status, error.detail, error.field, error.headers)
    }
    throw error
  }
}

/**
 * Idempotency-Key (https://docs.mollie.com/overview/api-idempotency): one key space per merchant
 * and mode, kept IDEMPOTENCY_TTL_MS. The same key with the same endpoint and parameters (the body
 * compared as parsed JSON) replays the first response with `Idempotent-Replayed: true`; with
 * another endpoint or other parameters it is a 400; while the first is still processing, a 409.
 */
async function withIdempotency(ctx: SandboxContext, request: ApiRequest, run: () => Promise<Reply>): Promise<Reply> {
  const key = `${ctx.profileId}|${request.mode}|${request.idempotencyKey}`
  const query = [...request.url.searchParams].sort(([a, av], [b, bv]) =>
    a === b ? (av < bv ? -1 : 1) : a < b ? -1 : 1,
  )
  const fingerprint = createHash('sha256')
    .update(`${request.method} ${request.path}\n${JSON.stringify(query)}\n${canonicalJson(request.body)}`)
    .digest('hex')
  const nowMs = ctx.now()
  const seen = ctx.store.getIdempotency(key, nowMs)
  if (seen) {
    if (seen.fingerprint !== fingerprint) {
      return errorReply(
        ctx.origin,
        400,
        'The Idempotency-Key was already used for a request to another endpoint or with other parameters. Use a new key for a new request.',
      )
    }
    if (seen.result === null) {
      return errorReply(
        ctx.origin,
        409,
        'A request with this Idempotency-Key is still being processed. Retry later with the same key to get its result.',
        undefined,
        // The documentation gives no wait; the sandbox suggests one second (docs/SANDBOX.md).
        { 'Retry-After': '1' },
      )
    }
    const { status, headers, body } = seen.result
    return { status, headers: { ...headers, 'Idempotent-Replayed': 'true' }, body }
  }
  ctx.store.setIdempotency(key, { fingerprint, storedAtMs: nowMs, result: null })
  let reply: Reply | undefined
  try {
    reply = await run()
    return reply
  } finally {
    // Every non-5xx result is kept (a replayed 422 stays 422); a 5xx or a crash frees the key.
    if (reply && reply.status < 500) ctx.store.setIdempotency(key, { fingerprint, storedAtMs: nowMs, result: reply })
    else ctx.store.deleteIdempotency(key)
  }
}
