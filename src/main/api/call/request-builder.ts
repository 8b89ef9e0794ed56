// Builds one HTTP request from a logical call and the current credential: URL (base or a followed
// link, same origin only), headers, JSON body, and the profileId/testmode rules of spec 5.

import {
  ANY_ID_SEGMENT,
  requestClassOf,
  scopeFor,
  type CredentialKind,
  type RequestClass,
  type RequestScope,
} from '../../../shared/service'
import { ApiError } from './errors'

export type { CredentialKind }
export { requestClassOf }

export interface ApiCredential {
  secret: string
  kind: CredentialKind
  profileId?: string
  testmode?: boolean
}

export type QueryValue = string | number | boolean | undefined | null

export interface LogicalRequest {
  method: string
  /** Path below the base URL, e.g. `/payments/tr_123`. Exclusive with `link`. */
  path?: string
  /** An absolute `_links.*.href` to follow verbatim (same origin as the base URL only). */
  link?: string
  query?: Record<string, QueryValue>
  /** JSON body (POST/PUT/PATCH). */
  body?: unknown
  idempotencyKey?: string
}

export interface PreparedRequest {
  method: string
  url: URL
  cls: RequestClass
  /** Method + path with ids replaced, the key the limiter maps to a learned policy. */
  endpointKey: string
  headers: Record<string, string>
  bodyText: string | null
  notes: string[]
}

/** `/v2/payments/tr_abc` below base `/v2` → `/payments/:id`. */
export function endpointKeyOf(method: string, url: URL, base: URL): string {
  const basePath = base.pathname.replace(/\/+$/, '')
  let path = url.pathname
  if (basePath && path.startsWith(basePath)) path = path.slice(basePath.length)
  const normalized = path
    .split('/')
    .map((seg) => (ANY_ID_SEGMENT.test(seg) ? ':id' : seg))
    .join('/')
  return `${method.toUpperCase()} ${normalized || '/'}`
}

/** The URL of a call: a followed link (same origin only) or a path below the base URL. */
function requestUrl(base: URL, req: LogicalRequest, method: string): URL {
  let url: URL
  if (req.link !== undefined) {
    try {
      url = new URL(req.link, base)
    } catch {
      throw new ApiError({ kind: 'invalid-request', message: `The link "${req.link}" is not a valid URL.`, method })
    }
    // The bearer secret goes only to the configured service (SECURITY.md "Secrets").
    if (url.origin !== base.origin) {
      throw new ApiError({
        kind: 'foreign-origin',
        message: `Refused to follow a link to ${url.origin}: only ${base.origin} receives this connection's credential. Nothing was sent.`,
        method,
        url: url.origin + url.pathname,
      })
    }
  } else {
    const path = req.path ?? '/'
    if (!path.startsWith('/') || path.startsWith('//')) {
      throw new ApiError({ kind: 'invalid-request', message: `Invalid request path "${path}".`, method })
    }
    url = new URL(base.href.replace(/\/+$/, '') + path)
    if (url.origin !== base.origin) {
      throw new ApiError({ kind: 'foreign-origin', message: 'The request path left the service origin.', method })
    }
  }
  return url
}

export function buildRequest(
  base: URL,
  credential: ApiCredential,
  req: LogicalRequest,
  extraHeaders: Record<string, string> = {},
): PreparedRequest {
  const method = req.method.toUpperCase()
  const notes: string[] = []
  const url = requestUrl(base, req, method)
  for (const [k, v] of Object.entries(req.query ?? {})) {
    if (v === undefined || v === null) continue
    url.searchParams.set(k, String(v))
  }

  let body: Record<string, unknown> | null = null
  if (req.body !== undefined && req.body !== null) {
    if (typeof req.body !== 'object' || Array.isArray(req.body)) {
      throw new ApiError({ kind: 'invalid-request', message: 'The request body must be a JSON object.', method })
    }
    // Shallow copy: the caller's object is never modified.
    body = { ...(req.body as Record<string, unknown>) }
  }

  // Spec 5.3/5.4 (src/shared/service/scope.ts, from the operation table): profile-bound credentials
  // must not send profileId/testmode; organization-level ones send profileId where the operation
  // takes one (required to create, optional on lists, unused on one object) and may set testmode.
  const basePath = base.pathname.replace(/\/+$/, '')
  const relative = url.pathname.startsWith(basePath) ? url.pathname.slice(basePath.length) : url.pathname
  const scope = scopeFor(credential.kind, method, relative)
  if (scope.profileId === 'forbidden') body = stripScope(body, url, notes)
  else body = applyTokenScope(scope, credential, body, url, method)

  const bodyText = body ? JSON.stringify(body) : null
  const headers: Record<string, string> = {
    accept: 'application/hal+json, application/json',
    ...extraHeaders,
    authorization: `Bearer ${credential.secret}`,
  }
  if (bodyText !== null) {
    headers['content-type'] = 'application/json'
    headers['content-length'] = String(Buffer.byteLength(bodyText))
  }
  if (req.idempotencyKey) headers['idempotency-key'] = req.idempotencyKey

  return {
    method,
    url,
    cls: requestClassOf(method),
    endpointKey: endpointKeyOf(method, url, base),
    headers,
    bodyText,
    notes,
  }
}

/** API keys: profileId/testmode are removed from body and query, each removal noted. */
function stripScope(body: Record<string, unknown> | null, url: URL, notes: string[]): Record<string, unknown> | null {
  for (const key of ['profileId', 'testmode'] as const) {
    if (body && key in body) {
      delete body[key]
      notes.push(`Removed ${key} from the body: not allowed with an API key (spec 5.3).`)
    }
    if (url.searchParams.has(key)) {
      url.searchParams.delete(key)
      notes.push(`Removed ${key} from the query: not allowed with an API key (spec 5.3).`)
    }
  }
  return body
}

/** Organization tokens: the connection's profileId where the operation takes one, testmode when set. */
function applyTokenScope(
  scope: RequestScope,
  credential: ApiCredential,
  body: Record<string, unknown> | null,
  url: URL,
  method: string,
): Record<string, unknown> | null {
  const profileId = credential.profileId ?? (typeof body?.profileId === 'string' ? body.profileId : undefined)
  if (scope.profileId === 'required' && !profileId) {
    throw new ApiError({
      kind: 'invalid-request',
      message:
        'Creating with an organization access token needs a profile id (pfl_…); choose a profile for this connection.',
      method,
    })
  }
  const sendProfile = scope.profileId !== 'unused' && profileId ? profileId : undefined
  if (scope.inQuery) {
    if (sendProfile) url.searchParams.set('profileId', sendProfile)
    else url.searchParams.delete('profileId')
    if (credential.testmode) url.searchParams.set('testmode', 'true')
    else url.searchParams.delete('testmode')
    return body
  }
  const out = body ?? {}
  if (sendProfile) out.profileId = sendProfile
  else delete out.profileId
  if (credential.testmode) out.testmode = true
  else delete out.testmode
  return out
}

/** Headers for events and logs: the Authorization value is never shown. */
export function redactHeaders(headers: Record<string, string>): Record<string, string> {
  const out: Record<string, string> = {}
  for (const [k, v] of Object.entries(headers)) {
    const lower = k.toLowerCase()
    if (lower === 'authorization' || lower === 'proxy-authorization')
      out[k] = /^bearer /i.test(v) ? 'Bearer ***' : '***'
    else if (lower === 'cookie' || lower === 'set-cookie') out[k] = '***'
    else out[k] = v
  }
  return out
}
