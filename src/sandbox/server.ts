// Routing of the sandbox: the /v2 API (spec 4), the hosted checkout and dashboard pages, and the
// admin interface. Order of checks for /v2 (docs/SANDBOX.md): authentication (401) → rate limit
// (429) → injected fault → route (404/405) → media type (415) → JSON (400) → idempotency (409 or
// replay) → the operation (422 with the first rule violation, or success).
import { createHash } from 'node:crypto'
import type { IncomingMessage, ServerResponse } from 'node:http'
import {
  DEFAULT_PAGE_SIZE,
  EMBED_VALUES,
  MAX_PAGE_SIZE,
  PAYMENT_METHODS,
  type CreateOrderRequest,
  type CreatePaymentRequest,
  type CreateRefundRequest,
  type EmbedValue,
  type Mode,
  type ListResponse,
  type Refund,
} from '../shared/api-types'
import {
  validateCreateOrder,
  validateCreatePayment,
  validateCreateRefund,
  validateUpdatePayment,
  type RuleContext,
} from '../shared/order-rules'
import {
  cancelOrder,
  cancelPayment,
  createRefund,
  listRefunds,
  paymentInScope,
  refundJson,
  updatePayment,
} from './actions'
import { newOrderPaymentBlocker } from '../shared/payment-actions'
import { handleAdmin } from './admin'
import { checkoutPostRefusal, checkoutToken, hostAllowed } from './guards'
import { checkoutPage, dashboardPage, documentationPage, messagePage, resultPage } from './checkout-page'
import { errorReply, HAL_JSON, jsonReply, SandboxError, type Reply } from './errors'
import { deliver, delay, type Fault, type FaultRegistry } from './faults'
import { parseFormBody } from './form-body'
import type { IdFactory } from './ids'
import { CREDENTIAL_PATTERN, type CredentialKind } from '../shared/service/credentials'
import { isPageSize } from '../shared/service/pagination'
import { profileIdUseWithToken, type ProfileIdUse } from '../shared/service/scope'
import type { RateLimiter } from './rate-limit'
import {
  buildOrder,
  buildOrderPayment,
  buildPayment,
  orderJson,
  paymentJson,
  paymentJsonText,
  serviceTimestamp,
  type EmbedSet,
  type Scope,
} from './resources'
import {
  CHECKOUT_OUTCOMES,
  listPage,
  type CheckoutOutcome,
  type ListPage,
  type ListQuery,
  type OrderRecord,
  type SandboxStore,
} from './store'

export interface Credential {
  secret: string
  kind: CredentialKind
  /** fixed mode of an API key; organization tokens choose per request (`testmode`) */
  mode?: Mode
}

export interface SandboxContext {
  store: SandboxStore
  ids: IdFactory
  limiter: RateLimiter
  faults: FaultRegistry
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

/** https://docs.mollie.com/reference/v2/orders-api/create-order-payment */
const MAX_PAYMENTS_PER_ORDER = 25

/**
 * Methods that change something; they may carry a body and an Idempotency-Key
 * (https://docs.mollie.com/overview/api-idempotency: POST, PATCH and DELETE requests).
 */
const WRITE_METHODS: ReadonlySet<string> = new Set(['POST', 'PATCH', 'DELETE'])

/** Request bodies above this size are refused with 413 (docs/SANDBOX.md). */
export const MAX_BODY_BYTES = 1_000_000

/** Spec 5: the prefix of a secret decides its kind and mode. */
export function parseCredential(secret: string): Credential {
  // The same characters the app accepts after the prefix (spec module, service/credentials.ts).
  const match = CREDENTIAL_PATTERN.exec(secret)
  if (!match) {
    throw new Error(`credential must look like test_…, live_… or access_… (letters, digits, "_", "-"): ${secret}`)
  }
  if (match[1] === 'access') return { secret, kind: 'organization-token' }
  return { secret, kind: 'api-key', mode: match[1] as Mode }
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

function bearer(req: IncomingMessage): string | undefined {
  const header = req.headers.authorization
  if (!header) return undefined
  const match = /^Bearer\s+(\S+)\s*$/i.exec(header)
  return match?.[1]
}

function todayUtc(nowMs: number): string {
  return new Date(nowMs).toISOString().slice(0, 10)
}

function isoNow(ctx: SandboxContext): string {
  return serviceTimestamp(ctx.now())
}

/** host[:port] with a DNS name, IPv4 or bracketed IPv6 host: what a Host header may carry. */
const HOST_HEADER =
  /^(?:[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?(?:\.[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?)*|\[[0-9A-Fa-f:.]+\])(?::\d{1,5})?$/

/**
 * The origin a request arrived on, for the absolute links in its answer (docs/SANDBOX.md, "HTTPS
 * and links"): the scheme of the connection, or `X-Forwarded-Proto` (http/https) from a proxy or
 * TLS front; the host and port of the `Host` header when it is well-formed, else the listening origin.
 */
export function requestOrigin(ctx: SandboxContext, req: IncomingMessage): string {
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

async function handle(ctx: SandboxContext, req: IncomingMessage, res: ServerResponse): Promise<void> {
  const url = new URL(req.url ?? '/', ctx.origin)
  const path = url.pathname
  if (path === '/v2' || path.startsWith('/v2/')) return handleApi(ctx, req, res, url)
  if (path === '/__admin' || path.startsWith('/__admin/')) {
    const body = await readBody(req)
    return sendPlain(res, handleAdmin(ctx, req, url, body))
  }
  if (path.startsWith('/checkout/')) return handleCheckout(ctx, req, res, url)
  if (path.startsWith('/dashboard/')) return sendPlain(res, handleDashboard(ctx, url))
  if (path.startsWith('/docs/')) return sendPlain(res, htmlReply(200, documentationPage(path.slice('/docs/'.length))))
  await readBody(req)
  sendPlain(res, errorReply(ctx.origin, 404, `No resource at ${path}; the API lives under /v2.`))
}

function sendPlain(res: ServerResponse, reply: Reply): void {
  const body = Buffer.from(reply.body)
  res.writeHead(reply.status, { ...reply.headers, 'Content-Length': String(body.length) })
  res.end(body)
}

/**
 * Every hosted page refuses to be framed (issue 22 item 8): a page of another site cannot put the
 * checkout's buttons under its own and have a tester click "Pay" unknowingly (clickjacking).
 */
export const PAGE_FRAMING_HEADERS: Readonly<Record<string, string>> = {
  'Content-Security-Policy': "frame-ancestors 'none'",
  'X-Frame-Options': 'DENY',
}

function htmlReply(status: number, html: string, headers: Record<string, string> = {}): Reply {
  return {
    status,
    headers: { 'Content-Type': 'text/html; charset=utf-8', ...PAGE_FRAMING_HEADERS, ...headers },
    body: html,
  }
}

// ---------------------------------------------------------------------------------------------
// /v2

interface ApiRequest {
  method: string
  url: URL
  path: string
  segments: string[]
  rawBody: Buffer
  /** the parsed body (`{}` when empty), set once media type and syntax are checked */
  body: unknown
  contentType: string | undefined
  credential: Credential
  idempotencyKey: string | undefined
  mode: Mode
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
    return form.ok ? form : { ok: false, status: 400, message: form.message }
  }
  return {
    ok: false,
    status: 415,
    message: `The request body must be sent as application/json or application/x-www-form-urlencoded, not ${contentType ?? 'without a Content-Type'}.`,
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
    }
    const prepared = prepareApi(ctx, request)
    if ('status' in prepared) {
      if (fault?.kind === 'latency') await delay(fault.latencyMs ?? 1000)
      reply = prepared
    } else {
      const { route } = prepared
      const run = async () => {
        // A latency fault holds the request "in processing" (after the idempotency key is taken).
        if (fault?.kind === 'latency') await delay(fault.latencyMs ?? 1000)
        return runSafely(ctx, route, request)
      }
      reply =
        WRITE_METHODS.has(request.method) && route.idempotent && request.idempotencyKey !== undefined
          ? await withIdempotency(ctx, request, run)
          : await run()
    }
  }
  // Every kind other than `status` runs the operation first and then spoils the delivery.
  return deliver(res, withHeaders(reply, rate.headers), fault?.kind === 'latency' ? undefined : fault)
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

interface Route {
  allow: string[]
  run: (ctx: SandboxContext, request: ApiRequest) => Reply
  /** routes whose writes (POST, PATCH, DELETE) take part in idempotency */
  idempotent?: boolean
}

function findRoute(segments: string[]): { route: Route; params: string[] } | undefined {
  const [, resource, id = '', sub, subId = ''] = segments
  if (segments.length === 2 && resource === 'payments') {
    return { route: { allow: ['GET', 'HEAD', 'POST'], run: paymentsCollection, idempotent: true }, params: [] }
  }
  if (segments.length === 3 && resource === 'payments') {
    return {
      route: {
        allow: ['GET', 'HEAD', 'PATCH', 'DELETE'],
        run: (c, r) =>
          r.method === 'PATCH'
            ? patchPayment(c, r, id)
            : r.method === 'DELETE'
              ? deletePayment(c, r, id)
              : getPayment(c, r, id),
        idempotent: true,
      },
      params: [id],
    }
  }
  if (segments.length === 4 && resource === 'payments' && sub === 'refunds') {
    return {
      route: {
        allow: ['GET', 'HEAD', 'POST'],
        run: (c, r) => (r.method === 'POST' ? postRefund(c, r, id) : getRefunds(c, r, id)),
        idempotent: true,
      },
      params: [id],
    }
  }
  if (segments.length === 5 && resource === 'payments' && sub === 'refunds') {
    return { route: { allow: ['GET', 'HEAD'], run: (c, r) => getRefund(c, r, id, subId) }, params: [id, subId] }
  }
  if (segments.length === 2 && resource === 'orders') {
    return {
      route: {
        allow: ['GET', 'HEAD', 'POST'],
        run: (c, r) => (r.method === 'POST' ? createOrder(c, r) : listOrders(c, r)),
        idempotent: true,
      },
      params: [],
    }
  }
  if (segments.length === 3 && resource === 'orders') {
    return {
      route: {
        allow: ['GET', 'HEAD', 'DELETE'],
        run: (c, r) => (r.method === 'DELETE' ? deleteOrder(c, r, id) : getOrder(c, r, id)),
        idempotent: true,
      },
      params: [id],
    }
  }
  if (segments.length === 2 && resource === 'profiles') {
    return { route: { allow: ['GET', 'HEAD'], run: listProfiles }, params: [] }
  }
  if (segments.length === 4 && resource === 'orders' && sub === 'payments') {
    return { route: { allow: ['POST'], run: (c, r) => createOrderPayment(c, r, id), idempotent: true }, params: [id] }
  }
  return undefined
}

/**
 * Route (404/405/OPTIONS), media type (415) and body syntax (400). Returns the reply to send, or
 * the route to run with `request.body` set to the parsed body.
 */
function prepareApi(ctx: SandboxContext, request: ApiRequest): Reply | { route: Route } {
  const found = findRoute(request.segments)
  if (!found) return errorReply(ctx.origin, 404, `The resource path ${request.path} does not exist.`)
  const { route } = found
  // Allow names every method the path supports, OPTIONS included (405 and OPTIONS alike).
  const allow = [...route.allow, 'OPTIONS'].join(', ')
  if (request.method === 'OPTIONS') return { status: 204, headers: { Allow: allow }, body: '' }
  if (!route.allow.includes(request.method)) {
    return errorReply(ctx.origin, 405, `The method ${request.method} is not supported on ${request.path}.`, undefined, {
      Allow: allow,
    })
  }
  request.body = {}
  if (WRITE_METHODS.has(request.method) && request.rawBody.length > 0) {
    const decoded = decodeBody(request.contentType, request.rawBody)
    if (!decoded.ok) return errorReply(ctx.origin, decoded.status, decoded.message)
    request.body = decoded.value
  }
  return { route }
}

function runSafely(ctx: SandboxContext, route: Route, request: ApiRequest): Reply {
  try {
    return route.run(ctx, request)
  } catch (error) {
    if (error instanceof SandboxError) {
      return errorReply(ctx.origin, error.status, error.detail, error.field, error.headers)
    }
    throw error
  }
}

/** JSON text with object keys sorted at every level: equal for equal parsed bodies. */
export function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`
  if (typeof value === 'object' && value !== null) {
    const entries = Object.keys(value)
      .sort()
      .map((k) => `${JSON.stringify(k)}:${canonicalJson((value as Record<string, unknown>)[k])}`)
    return `{${entries.join(',')}}`
  }
  return JSON.stringify(value) ?? 'null'
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

function parsedBody(request: ApiRequest): unknown {
  return request.body
}

function ruleContext(ctx: SandboxContext, credential: Credential): RuleContext {
  return { today: todayUtc(ctx.now()), credential: credential.kind }
}

function firstViolation(violations: { field: string; message: string }[]): never | void {
  const first = violations[0]
  if (first) throw new SandboxError(422, first.message, first.field === '' ? undefined : first.field)
}

/**
 * Spec 5.3/5.4: API keys carry profile and mode; organization tokens may ask for test mode and
 * name the profile where the operation takes one (`use`, from src/shared/service/scope.ts).
 * Unknown profiles answer 422 with field `profileId` (docs/SANDBOX.md).
 */
function resolveScope(
  ctx: SandboxContext,
  credential: Credential,
  source: { profileId?: unknown; testmode?: unknown },
  use: ProfileIdUse,
): Scope {
  if (credential.kind === 'api-key') {
    if (source.profileId !== undefined) {
      throw new SandboxError(
        422,
        'The profileId must not be sent with an API key: the key belongs to one profile.',
        'profileId',
      )
    }
    if (source.testmode !== undefined) {
      throw new SandboxError(
        422,
        'The testmode field must not be sent with an API key: the key belongs to one mode.',
        'testmode',
      )
    }
    return { profileId: ctx.profileId, mode: credential.mode ?? 'test' }
  }
  const given = source.profileId !== undefined && source.profileId !== null && source.profileId !== ''
  if (use === 'required' && !given) {
    throw new SandboxError(422, 'The profileId is required with an organization access token.', 'profileId')
  }
  // `unused`: the operation takes no profileId (the object names its profile); one sent is ignored.
  if (use !== 'unused' && given && source.profileId !== ctx.profileId) {
    throw new SandboxError(
      422,
      `The profile ${String(source.profileId)} does not exist or is not accessible.`,
      'profileId',
    )
  }
  if (source.testmode !== undefined && source.testmode !== null && typeof source.testmode !== 'boolean') {
    throw new SandboxError(422, 'The testmode field must be true or false.', 'testmode')
  }
  return { profileId: ctx.profileId, mode: source.testmode === true ? 'test' : 'live' }
}

function queryScope(ctx: SandboxContext, request: ApiRequest): Scope {
  const params = request.url.searchParams
  const testmode = params.get('testmode')
  return resolveScope(
    ctx,
    request.credential,
    {
      profileId: params.get('profileId') ?? undefined,
      testmode: testmode === null ? undefined : testmode === 'true' ? true : testmode === 'false' ? false : testmode,
    },
    profileIdUseWithToken(request.method, request.path),
  )
}

function bodyScope(ctx: SandboxContext, request: ApiRequest, source: { profileId?: unknown; testmode?: unknown }) {
  return resolveScope(ctx, request.credential, source, profileIdUseWithToken(request.method, request.path))
}

function parseEmbed(request: ApiRequest): EmbedSet {
  const raw = request.url.searchParams.get('embed')
  const embed: EmbedSet = new Set()
  if (raw === null || raw === '') return embed
  for (const part of raw.split(',')) {
    const value = part.trim()
    if (!(EMBED_VALUES as readonly string[]).includes(value)) {
      throw new SandboxError(
        400,
        `The embed value ${JSON.stringify(value)} is not one of ${EMBED_VALUES.join(', ')}.`,
        'embed',
      )
    }
    embed.add(value as EmbedValue)
  }
  return embed
}

function paymentsCollection(ctx: SandboxContext, request: ApiRequest): Reply {
  return request.method === 'POST' ? createPayment(ctx, request) : listPayments(ctx, request)
}

function createPayment(ctx: SandboxContext, request: ApiRequest): Reply {
  const body = parsedBody(request)
  firstViolation(validateCreatePayment(body, ruleContext(ctx, request.credential)))
  const input = body as CreatePaymentRequest
  const scope = bodyScope(ctx, request, input)
  // https://docs.mollie.com/reference/v2/payments-api/create-payment: a recurring payment is
  // charged on a valid mandate of its customer (made by a paid `first` payment).
  const mandate =
    input.sequenceType === 'recurring'
      ? ctx.store.validMandate(scope.profileId, scope.mode, input.customerId ?? '', input.mandateId)
      : undefined
  if (input.sequenceType === 'recurring' && !mandate) {
    throw input.mandateId === undefined
      ? new SandboxError(
          422,
          `The customer ${input.customerId} has no valid mandate; a paid first payment creates one.`,
          'customerId',
        )
      : new SandboxError(
          422,
          `The mandate ${input.mandateId} is not a valid mandate of ${input.customerId}.`,
          'mandateId',
        )
  }
  const record = buildPayment(input, scope, ctx.ids, ctx.now())
  if (mandate) ctx.store.completeRecurring(record, mandate, record.data.createdAt)
  ctx.store.addPayment(record)
  return jsonReply(201, paymentJson(ctx.origin, record.data))
}

function getPayment(ctx: SandboxContext, request: ApiRequest, id: string): Reply {
  const scope = queryScope(ctx, request)
  const record = ctx.store.getPayment(id, scope.profileId, scope.mode)
  if (!record) throw new SandboxError(404, `No payment exists with id ${id}.`)
  return { status: 200, headers: { 'Content-Type': HAL_JSON }, body: paymentJsonText(ctx.origin, record) }
}

/** Spec 4.3 `limit`/`sort`/`from` of a list request. Query errors answer 400 with `field` (docs/SANDBOX.md). */
function listQuery(request: ApiRequest): ListQuery {
  const params = request.url.searchParams
  const limitRaw = params.get('limit')
  let limit = DEFAULT_PAGE_SIZE
  if (limitRaw !== null) {
    if (!/^\d{1,6}$/.test(limitRaw) || !isPageSize(Number(limitRaw))) {
      throw new SandboxError(400, `The limit must be an integer from 1 to ${MAX_PAGE_SIZE}.`, 'limit')
    }
    limit = Number(limitRaw)
  }
  const sortRaw = params.get('sort')
  if (sortRaw !== null && sortRaw !== 'asc' && sortRaw !== 'desc') {
    throw new SandboxError(400, 'The sort must be asc or desc.', 'sort')
  }
  return { from: params.get('from') ?? undefined, limit, sort: sortRaw ?? 'desc' }
}

/** The list body (spec 4.3): count, `_embedded[key]` built from each item's JSON text, `_links`. */
function listReply<T>(
  ctx: SandboxContext,
  request: ApiRequest,
  query: ListQuery,
  page: ListPage<T> | null,
  key: 'payments' | 'orders' | 'profiles',
  itemJson: (item: T) => string,
): Reply {
  if (!page) {
    const noun = key.slice(0, -1)
    throw new SandboxError(400, `The from cursor ${JSON.stringify(query.from)} is not a ${noun} of this list.`, 'from')
  }
  const params = request.url.searchParams
  const link = (cursor: string | null) => {
    if (cursor === null) return null
    const next = new URLSearchParams()
    for (const [name, value] of params)
      if (name !== 'from' && name !== 'limit' && name !== 'sort') next.append(name, value)
    next.set('from', cursor)
    next.set('limit', String(query.limit))
    next.set('sort', query.sort)
    return { href: `${ctx.origin}/v2/${key}?${next.toString()}`, type: HAL_JSON }
  }
  const links: ListResponse<unknown>['_links'] = {
    self: { href: `${ctx.origin}${request.path}${request.url.search}`, type: HAL_JSON },
    previous: link(page.previousFrom),
    next: link(page.nextFrom),
    documentation: { href: `${ctx.origin}/docs/list-${key}`, type: 'text/html' },
  }
  // Same shape as JSON.stringify of a ListResponse, built from each item's JSON text.
  const items = page.items.map(itemJson).join(',')
  const body = `{"count":${page.items.length},"_embedded":{"${key}":[${items}]},"_links":${JSON.stringify(links)}}`
  return { status: 200, headers: { 'Content-Type': HAL_JSON }, body }
}

function listPayments(ctx: SandboxContext, request: ApiRequest): Reply {
  const scope = queryScope(ctx, request)
  const query = listQuery(request)
  const page = ctx.store.listPayments(scope.profileId, scope.mode, query)
  return listReply(ctx, request, query, page, 'payments', (r) => paymentJsonText(ctx.origin, r))
}

/**
 * GET /v2/orders (https://docs.mollie.com/reference/list-orders): newest first by default, the same
 * `from`/`limit`/`sort` cursor paging as payments; list items carry no embedded payments.
 */
function listOrders(ctx: SandboxContext, request: ApiRequest): Reply {
  const scope = queryScope(ctx, request)
  const query = listQuery(request)
  const page = ctx.store.listOrders(scope.profileId, scope.mode, query)
  return listReply(ctx, request, query, page, 'orders', (r) =>
    JSON.stringify(orderJson(ctx.origin, r, orderPayments(ctx, r.paymentIds), new Set())),
  )
}

/**
 * GET /v2/profiles (https://docs.mollie.com/reference/v2/profiles-api/list-profiles): for organization
 * access tokens ("Authentication: Organization access tokens, App access tokens"); an API key already
 * belongs to one profile, so the sandbox answers it 403 (docs/SANDBOX.md). The sandbox has one profile.
 */
function listProfiles(ctx: SandboxContext, request: ApiRequest): Reply {
  if (request.credential.kind !== 'organization-token') {
    throw new SandboxError(
      403,
      'Listing profiles needs an organization access token; an API key belongs to one profile.',
    )
  }
  const query = listQuery(request)
  const profile = {
    data: {
      resource: 'profile',
      id: ctx.profileId,
      mode: 'live',
      name: 'Sandbox shop',
      website: 'https://shop.example.com',
      email: 'shop@example.com',
      status: 'verified',
      createdAt: '2024-01-01T00:00:00+00:00',
    },
  }
  const page = listPage([profile], query)
  return listReply(ctx, request, query, page, 'profiles', (r) =>
    JSON.stringify({
      ...r.data,
      _links: {
        self: { href: `${ctx.origin}/v2/profiles/${r.data.id}`, type: HAL_JSON },
        dashboard: { href: `${ctx.origin}/dashboard/profiles/${r.data.id}`, type: 'text/html' },
      },
    }),
  )
}

function orderPayments(ctx: SandboxContext, paymentIds: string[]) {
  return paymentIds.flatMap((id) => ctx.store.getPaymentAnyScope(id)?.data ?? [])
}

function createOrder(ctx: SandboxContext, request: ApiRequest): Reply {
  const embed = parseEmbed(request)
  const body = parsedBody(request)
  firstViolation(validateCreateOrder(body, ruleContext(ctx, request.credential)))
  const input = body as CreateOrderRequest
  const scope = bodyScope(ctx, request, input)
  const order = buildOrder(input, scope, ctx.ids, isoNow(ctx))
  const payment = buildOrderPayment(order.data, undefined, ctx.ids, ctx.now())
  order.paymentIds.push(payment.data.id)
  ctx.store.addOrder(order)
  ctx.store.addPayment(payment)
  return jsonReply(201, orderJson(ctx.origin, order, [payment.data], embed))
}

function getOrder(ctx: SandboxContext, request: ApiRequest, id: string): Reply {
  const embed = parseEmbed(request)
  const scope = queryScope(ctx, request)
  const order = ctx.store.getOrder(id, scope.profileId, scope.mode)
  if (!order) throw new SandboxError(404, `No order exists with id ${id}.`)
  return jsonReply(
    200,
    orderJson(ctx.origin, order, orderPayments(ctx, order.paymentIds), embed, refundsOfOrder(ctx, order)),
  )
}

/** POST /v2/orders/{id}/payments (path chosen by the sandbox; spec 1 and 3 rule 2). */
function createOrderPayment(ctx: SandboxContext, request: ApiRequest, id: string): Reply {
  const body = parsedBody(request)
  if (typeof body !== 'object' || body === null || Array.isArray(body)) {
    throw new SandboxError(422, 'The request body must be a JSON object.')
  }
  const input = body as { method?: unknown; profileId?: unknown; testmode?: unknown }
  const scope = bodyScope(ctx, request, input)
  const order = ctx.store.getOrder(id, scope.profileId, scope.mode)
  if (!order) throw new SandboxError(404, `No order exists with id ${id}.`)
  const method = input.method
  const known = (m: unknown) => typeof m === 'string' && (PAYMENT_METHODS as readonly string[]).includes(m)
  if (
    method !== undefined &&
    method !== null &&
    !(known(method) || (Array.isArray(method) && method.length > 0 && method.every(known)))
  ) {
    throw new SandboxError(
      422,
      `The method must be one of ${PAYMENT_METHODS.join(', ')} or an array of them.`,
      'method',
    )
  }
  // https://docs.mollie.com/reference/v2/orders-api/create-order-payment: only while the order is
  // `created` and none of its payments can still complete (open, pending or authorized); at most 25.
  const blocked = newOrderPaymentBlocker(order.data, orderPayments(ctx, order.paymentIds))
  if (blocked) throw new SandboxError(422, blocked)
  if (order.paymentIds.length >= MAX_PAYMENTS_PER_ORDER) {
    throw new SandboxError(422, `An order can have at most ${MAX_PAYMENTS_PER_ORDER} payments.`)
  }
  const payment = buildOrderPayment(order.data, method ?? undefined, ctx.ids, ctx.now())
  order.paymentIds.push(payment.data.id)
  ctx.store.addPayment(payment)
  return jsonReply(201, paymentJson(ctx.origin, payment.data))
}

// ---------------------------------------------------------------------------------------------
// Acting on payments and orders (actions.ts; docs/SANDBOX.md, "Acting on payments and orders")

/** The scope of a write on an existing object: testmode from the body, or the query (DELETE). */
function actScope(ctx: SandboxContext, request: ApiRequest): Scope {
  if (request.method === 'DELETE' && request.url.searchParams.has('testmode')) return queryScope(ctx, request)
  const body = parsedBody(request)
  const source =
    typeof body === 'object' && body !== null && !Array.isArray(body) ? (body as Record<string, unknown>) : {}
  return bodyScope(ctx, request, source)
}

function postRefund(ctx: SandboxContext, request: ApiRequest, id: string): Reply {
  const body = parsedBody(request)
  firstViolation(validateCreateRefund(body, ruleContext(ctx, request.credential)))
  const record = paymentInScope(ctx.store, actScope(ctx, request), id)
  const refund = createRefund(ctx.store, ctx.ids, record, body as CreateRefundRequest, isoNow(ctx))
  return jsonReply(201, refundJson(ctx.origin, refund))
}

function getRefunds(ctx: SandboxContext, request: ApiRequest, id: string): Reply {
  const record = paymentInScope(ctx.store, queryScope(ctx, request), id)
  const self = `${ctx.origin}${request.path}${request.url.search}`
  return jsonReply(200, listRefunds(ctx.origin, ctx.store, record.data.id, request.url.searchParams, self))
}

function getRefund(ctx: SandboxContext, request: ApiRequest, id: string, refundId: string): Reply {
  const record = paymentInScope(ctx.store, queryScope(ctx, request), id)
  const refund = ctx.store.refundsOf(record.data.id).find((r) => r.id === refundId)
  if (!refund) throw new SandboxError(404, `No refund exists with id ${refundId} for payment ${id}.`)
  return jsonReply(200, refundJson(ctx.origin, refund))
}

function deletePayment(ctx: SandboxContext, request: ApiRequest, id: string): Reply {
  firstViolation(validateActBody(parsedBody(request), ruleContext(ctx, request.credential)))
  const record = paymentInScope(ctx.store, actScope(ctx, request), id)
  cancelPayment(record, isoNow(ctx))
  return jsonReply(200, paymentJson(ctx.origin, record.data))
}

function patchPayment(ctx: SandboxContext, request: ApiRequest, id: string): Reply {
  const body = parsedBody(request)
  firstViolation(validateUpdatePayment(body, ruleContext(ctx, request.credential)))
  const record = paymentInScope(ctx.store, actScope(ctx, request), id)
  updatePayment(record, body as Record<string, unknown>)
  return jsonReply(200, paymentJson(ctx.origin, record.data))
}

function deleteOrder(ctx: SandboxContext, request: ApiRequest, id: string): Reply {
  const embed = parseEmbed(request)
  firstViolation(validateActBody(parsedBody(request), ruleContext(ctx, request.credential)))
  const scope = actScope(ctx, request)
  const order = ctx.store.getOrder(id, scope.profileId, scope.mode)
  if (!order) throw new SandboxError(404, `No order exists with id ${id}.`)
  cancelOrder(ctx.store, order, isoNow(ctx))
  return jsonReply(
    200,
    orderJson(ctx.origin, order, orderPayments(ctx, order.paymentIds), embed, refundsOfOrder(ctx, order)),
  )
}

function refundsOfOrder(ctx: SandboxContext, order: OrderRecord): Refund[] {
  return order.paymentIds.flatMap((pid) => ctx.store.refundsOf(pid).map((r) => refundJson(ctx.origin, r)))
}

/** A DELETE may carry a body with `testmode` only (with a token); anything else is ignored. */
function validateActBody(body: unknown, rules: RuleContext) {
  if (typeof body !== 'object' || body === null || Array.isArray(body)) {
    return [{ field: '', message: 'The request body must be a JSON object.' }]
  }
  const testmode = (body as { testmode?: unknown }).testmode
  if (testmode !== undefined && rules.credential !== 'organization-token') {
    return [{ field: 'testmode', message: 'The field testmode may only be sent with organization-level credentials.' }]
  }
  return []
}

// ---------------------------------------------------------------------------------------------
// Hosted pages

async function handleCheckout(ctx: SandboxContext, req: IncomingMessage, res: ServerResponse, url: URL): Promise<void> {
  const body = (await readBody(req, 10_000)) ?? Buffer.alloc(0)
  const id = decodeURIComponent(url.pathname.slice('/checkout/'.length))
  const record = ctx.store.getPaymentAnyScope(id)
  if (!record) return sendPlain(res, htmlReply(404, messagePage('Not found', `There is no payment ${id}.`)))
  const method = (req.method ?? 'GET').toUpperCase()
  const token = checkoutToken(ctx.checkoutSecret, record.data.id)
  if (method === 'GET' || method === 'HEAD') return sendPlain(res, htmlReply(200, checkoutPage(record.data, token)))
  if (method !== 'POST') {
    return sendPlain(
      res,
      htmlReply(405, messagePage('Method not allowed', 'Use GET or POST.'), { Allow: 'GET, HEAD, POST' }),
    )
  }
  const form = new URLSearchParams(body.toString('utf8'))
  const outcome = form.get('outcome')
  if (!CHECKOUT_OUTCOMES.includes(outcome as CheckoutOutcome)) {
    return sendPlain(res, htmlReply(400, messagePage('Bad request', `Choose one of ${CHECKOUT_OUTCOMES.join(', ')}.`)))
  }
  // A payment past its checkout changes for nobody: say so before asking where the form came from.
  if (record.data.status !== 'open') return sendPlain(res, htmlReply(409, checkoutPage(record.data, token)))
  const refusal = checkoutPostRefusal(req, ctx.origin, form.get('token'), token)
  if (refusal !== null) return sendPlain(res, htmlReply(403, messagePage('Not sent from the checkout page', refusal)))
  if (!ctx.store.applyOutcome(id, outcome as CheckoutOutcome, isoNow(ctx), () => ctx.ids.next('mdt'))) {
    return sendPlain(res, htmlReply(409, checkoutPage(record.data, token)))
  }
  const payment = record.data
  // The customer goes to cancelUrl on an explicit cancel when there is one, else to redirectUrl (spec 2.2).
  const target = outcome === 'canceled' && payment.cancelUrl ? payment.cancelUrl : payment.redirectUrl
  if (target) return sendPlain(res, { status: 303, headers: { Location: target }, body: '' })
  return sendPlain(res, htmlReply(200, resultPage(payment)))
}

function handleDashboard(ctx: SandboxContext, url: URL): Reply {
  const [, kind, id = ''] = url.pathname.split('/').filter(Boolean)
  if (kind === 'payments') {
    const record = ctx.store.getPaymentAnyScope(id)
    if (record) return htmlReply(200, dashboardPage('Payment', id, paymentJson(ctx.origin, record.data)))
  }
  if (kind === 'orders') {
    const record = ctx.store.getOrderAnyScope(id)
    if (record) {
      const json = orderJson(ctx.origin, record, orderPayments(ctx, record.paymentIds), new Set(['payments']))
      return htmlReply(200, dashboardPage('Order', id, json))
    }
  }
  return htmlReply(404, messagePage('Not found', `Nothing at ${url.pathname}.`))
}
