import { AsyncLocalStorage } from 'node:async_hooks'
import type { RequestOrigin } from '../../../shared/api-events'
import type { Payment, PaymentList } from '../../../shared/api-types'
import { UserFacingError } from '../../errors'
import type { PaymentsServiceOptions } from './types'

interface CallTrace {
  requestId: string | null
}

/** What the payments browser keeps between calls; every function of the service takes it explicitly. */
export interface PaymentsContext {
  readonly options: PaymentsServiceOptions
  readonly maxPerSession: number
  readonly maxSessions: number
  readonly maxRefetch: number
  readonly maxLinks: number
  readonly now: () => Date
  /** The payments served per browsing session (most recently used session last). */
  readonly sessions: Map<string, Map<string, Payment>>
  /** The `_links` hrefs main served per session: the only links `list` will follow. */
  readonly servedLinks: Map<string, Set<string>>
  readonly inFlight: Map<string, AbortController>
  readonly trace: AsyncLocalStorage<CallTrace>
  readonly stopObserving: (() => void) | undefined
}

export function createPaymentsContext(options: PaymentsServiceOptions): PaymentsContext {
  const trace = new AsyncLocalStorage<CallTrace>()
  const stopObserving = options.observeRequestIds?.((requestId) => {
    const current = trace.getStore()
    if (current && current.requestId === null) current.requestId = requestId
  })
  return {
    options,
    maxPerSession: options.maxPaymentsPerSession ?? 120_000,
    maxSessions: options.maxSessions ?? 4,
    maxRefetch: options.maxExportRefetch ?? 2_000,
    maxLinks: options.maxLinksPerSession ?? 20_000,
    now: options.clock ?? (() => new Date()),
    sessions: new Map(),
    servedLinks: new Map(),
    inFlight: new Map(),
    trace,
    stopObserving,
  }
}

/** Drops the oldest keys (insertion order) of `items` until at most `size` are left. */
function dropOldest<K>(items: Map<K, unknown> | Set<K>, size: number, dropped?: (key: K) => void): void {
  for (const key of items.keys()) {
    if (items.size <= size) return
    items.delete(key)
    dropped?.(key)
  }
}

export function session(ctx: PaymentsContext, id: string): Map<string, Payment> {
  let s = ctx.sessions.get(id)
  if (s) {
    ctx.sessions.delete(id) // re-insert: most recently used last
  } else {
    s = new Map()
    dropOldest(ctx.sessions, ctx.maxSessions - 1, (oldest) => ctx.servedLinks.delete(oldest))
  }
  ctx.sessions.set(id, s)
  return s
}

export function rememberServed(ctx: PaymentsContext, sessionId: string, payments: readonly Payment[]): void {
  const s = session(ctx, sessionId)
  for (const p of payments) {
    if (!p || typeof p.id !== 'string') continue
    s.delete(p.id)
    s.set(p.id, p)
  }
  dropOldest(s, ctx.maxPerSession)
}

export function rememberLinks(ctx: PaymentsContext, sessionId: string, page: PaymentList): void {
  session(ctx, sessionId) // keeps the session (and so its links) most recently used
  let links = ctx.servedLinks.get(sessionId)
  if (!links) ctx.servedLinks.set(sessionId, (links = new Set()))
  for (const link of Object.values(page._links ?? {})) {
    const href = (link as { href?: unknown } | null)?.href
    if (typeof href !== 'string' || !isPaymentsListLink(href)) continue
    links.delete(href)
    links.add(href)
  }
  dropOldest(links, ctx.maxLinks)
}

export function checkServedLink(ctx: PaymentsContext, sessionId: string, link: string): void {
  if (!isPaymentsListLink(link) || ctx.servedLinks.get(sessionId)?.has(link) !== true) {
    throw new UserFacingError(
      'invalid-input',
      'That page link was not one Paydesk was given for this list, so nothing was sent. Start again from the newest payments.',
    )
  }
}

/** Runs a client call, returning its result and the request id the request log reported. */
export async function tracedCall<T>(
  ctx: PaymentsContext,
  run: () => Promise<T>,
): Promise<{ value: T; requestId: string | null }> {
  const t: CallTrace = { requestId: null }
  try {
    const value = await ctx.trace.run(t, run)
    return { value, requestId: t.requestId }
  } catch (error) {
    throw asUserError(error, t.requestId)
  }
}

export function origin(action: string): RequestOrigin {
  return { screen: 'payments', action }
}

const LIST_QUERY_KEYS = new Set(['from', 'limit', 'sort'])

/** A link that names the payments list: `…/payments` with no query but from/limit/sort. */
export function isPaymentsListLink(link: string): boolean {
  let url: URL
  try {
    url = new URL(link)
  } catch {
    return false
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') return false
  if (url.username || url.password || url.hash) return false
  if (!/\/payments$/.test(url.pathname)) return false
  for (const key of url.searchParams.keys()) if (!LIST_QUERY_KEYS.has(key)) return false
  return true
}

/** The client's ApiError as the renderer's `api-error` (title/detail/request id), a cancel as `canceled`. */
function asUserError(error: unknown, requestId: string | null): unknown {
  const e = error as { name?: string; kind?: string; message?: string; toView?: () => unknown } | null
  if (e && e.name === 'ApiError' && typeof e.toView === 'function') {
    if (e.kind === 'aborted') return new UserFacingError('canceled', 'The request was cancelled.')
    const view = e.toView() as { requestId?: string | null }
    if (!view.requestId && requestId) view.requestId = requestId
    return new UserFacingError('api-error', e.message ?? 'The payment service refused the request.', { api: view })
  }
  return error
}
