// What every /v2 handler shares (docs/SANDBOX.md): the parsed request, its scope (spec 5.3/5.4),
// list paging (spec 4.3), embeds and the first rule violation as a 422.
import { DEFAULT_PAGE_SIZE, EMBED_VALUES, MAX_PAGE_SIZE, type ListResponse, type Mode } from '../shared/api-types'
import type { RuleContext } from '../shared/order-rules'
import type { Operation } from '../shared/service/operations'
import { isPageSize } from '../shared/service/pagination'
import { scopeForOperation, testmodeUse, type RequestScope } from '../shared/service/scope'
import { HAL_JSON, SandboxError, type Reply } from './errors'
import { serviceTimestamp, type EmbedSet, type Scope } from './resources'
import type { Credential, SandboxContext } from './context'
import type { ListPage, ListQuery } from './store'

export interface ApiRequest {
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
  /** the operation the path and method name (src/shared/service/operations.ts) */
  operation: Operation
  /** its path parameters, e.g. `{ paymentId: 'tr_…' }` */
  params: Record<string, string>
}

/** The operation of a request before routing found it. */
export const UNROUTED: Operation = {
  id: 'unrouted',
  method: 'GET',
  path: '',
  kind: 'read',
  idempotent: false,
  profileId: 'unused',
  docs: '',
}

/** A /v2 operation's implementation: the request (with its path parameters) to the reply. */
export type Handler = (ctx: SandboxContext, request: ApiRequest) => Reply

export function todayUtc(nowMs: number): string {
  return new Date(nowMs).toISOString().slice(0, 10)
}

export function isoNow(ctx: SandboxContext): string {
  return serviceTimestamp(ctx.now())
}

export function parsedBody(request: ApiRequest): unknown {
  return request.body
}

export function ruleContext(ctx: SandboxContext, credential: Credential): RuleContext {
  return { today: todayUtc(ctx.now()), credential: credential.kind, allowLocalWebhookUrl: ctx.allowLocalWebhooks }
}

export function firstViolation(violations: { field: string; message: string }[]): never | void {
  const first = violations[0]
  if (first) throw new SandboxError(422, first.message, first.field === '' ? undefined : first.field)
}

/**
 * Spec 5.3/5.4: API keys carry profile and mode; organization tokens may ask for test mode and
 * name the profile where the operation takes one (`scope`, from src/shared/service/scope.ts).
 * Unknown profiles answer 422 with field `profileId` (docs/SANDBOX.md).
 */
function resolveScope(
  ctx: SandboxContext,
  credential: Credential,
  source: { profileId?: unknown; testmode?: unknown },
  scope: RequestScope,
): Scope {
  if (scope.profileId === 'forbidden' || scope.testmode === 'forbidden') {
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
  if (scope.profileId === 'required' && !given) {
    throw new SandboxError(422, 'The profileId is required with an organization access token.', 'profileId')
  }
  // `unused`: the operation takes no profileId (the object names its profile); one sent is ignored.
  if (scope.profileId !== 'unused' && given && source.profileId !== ctx.profileId) {
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

export function queryScope(ctx: SandboxContext, request: ApiRequest): Scope {
  const params = request.url.searchParams
  const testmode = params.get('testmode')
  return resolveScope(
    ctx,
    request.credential,
    {
      profileId: params.get('profileId') ?? undefined,
      testmode: testmode === null ? undefined : testmode === 'true' ? true : testmode === 'false' ? false : testmode,
    },
    requestScope(request),
  )
}

export function bodyScope(
  ctx: SandboxContext,
  request: ApiRequest,
  source: { profileId?: unknown; testmode?: unknown },
) {
  return resolveScope(ctx, request.credential, source, requestScope(request))
}

/** The scope of a routed request: its credential's kind and its operation's row. */
function requestScope(request: ApiRequest): RequestScope {
  return scopeForOperation(request.credential.kind, request.operation)
}

/**
 * The `embed` query parameter of a request, each comma-separated value checked against what the
 * endpoint embeds: an unknown value is a 400 naming it and the values allowed.
 */
export function embedValues<T extends string>(request: ApiRequest, allowed: readonly T[]): Set<T> {
  const raw = request.url.searchParams.get('embed')
  const embed = new Set<T>()
  if (raw === null || raw === '') return embed
  for (const part of raw.split(',').map((p) => p.trim())) {
    if (!(allowed as readonly string[]).includes(part)) {
      const expected = allowed.length === 1 ? String(allowed[0]) : `one of ${allowed.join(', ')}`
      throw new SandboxError(400, `The embed value ${JSON.stringify(part)} is not ${expected}.`, 'embed')
    }
    embed.add(part as T)
  }
  return embed
}

/** `embed` of the order endpoints (payments, refunds, shipments). */
export function parseEmbed(request: ApiRequest): EmbedSet {
  return embedValues(request, EMBED_VALUES)
}

/** `embed=payment` of a refund or chargeback. */
export function embedsPayment(request: ApiRequest): boolean {
  return embedValues(request, ['payment'] as const).has('payment')
}

/** Spec 4.3 `limit`/`sort`/`from` of a list request. Query errors answer 400 with `field` (docs/SANDBOX.md). */
export function listQuery(request: ApiRequest): ListQuery {
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
/**
 * An account-wide list (GET /v2/refunds, /v2/chargebacks): the credential's scope, the cursor walk,
 * and `embed=payment` passed to each item's JSON.
 */
export function scopeListReply<T>(
  ctx: SandboxContext,
  request: ApiRequest,
  key: string,
  list: (scope: Scope, query: ListQuery) => ListPage<{ data: T }> | null,
  itemJson: (data: T, embedPayment: boolean) => unknown,
): Reply {
  const embed = embedsPayment(request)
  const query = listQuery(request)
  const page = list(queryScope(ctx, request), query)
  return listReply(ctx, request, query, page, key, (item) => JSON.stringify(itemJson(item.data, embed)))
}

export function listReply<T>(
  ctx: SandboxContext,
  request: ApiRequest,
  query: ListQuery,
  page: ListPage<T> | null,
  key: string,
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
    return { href: `${ctx.origin}${request.path}?${next.toString()}`, type: HAL_JSON }
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

/** The scope of a write on an existing object: testmode from the body, or the query (DELETE). */
export function actScope(ctx: SandboxContext, request: ApiRequest): Scope {
  if (request.method === 'DELETE' && request.url.searchParams.has('testmode')) return queryScope(ctx, request)
  const body = parsedBody(request)
  const source =
    typeof body === 'object' && body !== null && !Array.isArray(body) ? (body as Record<string, unknown>) : {}
  return bodyScope(ctx, request, source)
}

/** A DELETE may carry a body with `testmode` only (with a token); anything else is ignored. */
export function validateActBody(body: unknown, rules: RuleContext) {
  if (typeof body !== 'object' || body === null || Array.isArray(body)) {
    return [{ field: '', message: 'The request body must be a JSON object.' }]
  }
  const testmode = (body as { testmode?: unknown }).testmode
  if (testmode !== undefined && testmodeUse(rules.credential) === 'forbidden') {
    return [{ field: 'testmode', message: 'The field testmode may only be sent with organization-level credentials.' }]
  }
  return []
}
