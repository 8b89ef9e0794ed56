// The payments browser's main-side logic (spec 4.2, 4.3): list pages by query or by a link the
// service gave, get one payment, cancel a waiting request, and export what a browsing session
// was served. Electron-free; the API client comes from the active connection.
//
// Paging trust: the renderer may follow only a link main itself handed it. Every `_links` href of a
// page main returned is remembered for that browsing session (bounded); `list({link})` with any
// other string is refused before anything is sent, and a link must also name the payments list
// (path `…/payments`, query from/limit/sort only), so a compromised page cannot use the credential
// to read another resource on the API origin (a review fetched `/v2/customers` that way).
//
// Export trust: the renderer sends only payment ids and a format. Main writes its OWN copies of
// the payments it served to that browsing session (kept per session, bounded), fetching again by
// id the few it no longer holds; renderer-provided row data is never written, so a compromised
// renderer cannot put arbitrary content into a file. The user picks the path in the OS dialog.

import { AsyncLocalStorage } from 'node:async_hooks'
import type { RequestOrigin } from '../../shared/api-events'
import type { Payment, PaymentList } from '../../shared/api-types'
import type {
  PaymentsExportFormat,
  PaymentsExportResult,
  PaymentResult,
  PaymentsPageResult,
} from '../../shared/ipc/payments'
import type { CallOptions, GetPaymentOptions, ListPaymentsInput } from '../api/client'
import { loadPaymentContext, type PaymentContextDeps } from './payment-context'
import { choosePersonalData, type QuestionPort } from './main-questions'
import { createPersonalDataMasker, personalValuesIn, withoutPersonalData } from './personal-data'
import { UserFacingError } from '../ipc/errors'
import { writeExport } from './payments-export'

/** The part of the API client the browser uses. */
export interface PaymentsClient extends Pick<PaymentContextDeps, 'getOrder'> {
  listPayments(input?: ListPaymentsInput, opts?: CallOptions): Promise<PaymentList>
  getPayment(id: string, opts?: GetPaymentOptions): Promise<Payment>
}

export interface SavePathChooser {
  (options: {
    title: string
    defaultName: string
    filters: { name: string; extensions: string[] }[]
  }): Promise<string | null>
}

export interface PaymentsServiceOptions {
  getClient: () => Promise<PaymentsClient>
  chooseSavePath: SavePathChooser
  /** Main's own questions: whether the export may contain customers' personal data (default: no). */
  questions?: QuestionPort
  onExportProgress?: (progress: { exportId: string; written: number; total: number; done: boolean }) => void
  /**
   * Reports the request id of each API attempt, synchronously from inside the client's call (the
   * request log's event). The service ties it to the call that caused it through async context,
   * because the client returns only the data on success.
   */
  observeRequestIds?: (listener: (requestId: string) => void) => () => void
  /** The built-in Sandbox's webhook calls for an object (payment-context.ts); null elsewhere. */
  deliveries?: PaymentContextDeps['deliveries']
  /** Payments kept per browsing session for export (oldest served dropped first). Default 120,000. */
  maxPaymentsPerSession?: number
  /** Sessions kept (least recently used dropped). Default 4. */
  maxSessions?: number
  /** Page links remembered per browsing session (oldest dropped first). Default 20,000. */
  maxLinksPerSession?: number
  /** Ids an export may fetch again because main no longer holds them. Default 2,000. */
  maxExportRefetch?: number
  clock?: () => Date
}

export interface ListRequest {
  sessionId: string
  requestKey: string
  query?: { from?: string; limit?: number; sort?: 'asc' | 'desc' }
  link?: string
  action?: string
}

export interface PaymentsService {
  list(request: ListRequest): Promise<PaymentsPageResult>
  get(sessionId: string, id: string, requestKey?: string): Promise<PaymentResult>
  cancel(requestKey: string): { canceled: boolean }
  exportPayments(request: {
    sessionId: string
    exportId: string
    format: PaymentsExportFormat
    ids: string[]
  }): Promise<PaymentsExportResult>
  /** Payments the session holds (for tests and diagnostics). */
  sessionSize(sessionId: string): number
  dispose(): void
}

interface CallTrace {
  requestId: string | null
}

/** Drops the oldest keys (insertion order) of `items` until at most `size` are left. */
function dropOldest<K>(items: Map<K, unknown> | Set<K>, size: number, dropped?: (key: K) => void): void {
  for (const key of items.keys()) {
    if (items.size <= size) return
    items.delete(key)
    dropped?.(key)
  }
}

export function createPaymentsService(options: PaymentsServiceOptions): PaymentsService {
  const maxPerSession = options.maxPaymentsPerSession ?? 120_000
  const maxSessions = options.maxSessions ?? 4
  const maxRefetch = options.maxExportRefetch ?? 2_000
  const now = options.clock ?? (() => new Date())
  const maxLinks = options.maxLinksPerSession ?? 20_000
  const sessions = new Map<string, Map<string, Payment>>()
  /** The `_links` hrefs main served per session: the only links `list` will follow. */
  const servedLinks = new Map<string, Set<string>>()
  const inFlight = new Map<string, AbortController>()
  const trace = new AsyncLocalStorage<CallTrace>()
  const stopObserving = options.observeRequestIds?.((requestId) => {
    const current = trace.getStore()
    if (current && current.requestId === null) current.requestId = requestId
  })

  function session(id: string): Map<string, Payment> {
    let s = sessions.get(id)
    if (s) {
      sessions.delete(id) // re-insert: most recently used last
    } else {
      s = new Map()
      dropOldest(sessions, maxSessions - 1, (oldest) => servedLinks.delete(oldest))
    }
    sessions.set(id, s)
    return s
  }

  function remember(sessionId: string, payments: readonly Payment[]): void {
    const s = session(sessionId)
    for (const p of payments) {
      if (!p || typeof p.id !== 'string') continue
      s.delete(p.id)
      s.set(p.id, p)
    }
    dropOldest(s, maxPerSession)
  }

  function rememberLinks(sessionId: string, page: PaymentList): void {
    session(sessionId) // keeps the session (and so its links) most recently used
    let links = servedLinks.get(sessionId)
    if (!links) servedLinks.set(sessionId, (links = new Set()))
    for (const link of Object.values(page._links ?? {})) {
      const href = (link as { href?: unknown } | null)?.href
      if (typeof href !== 'string' || !isPaymentsListLink(href)) continue
      links.delete(href)
      links.add(href)
    }
    dropOldest(links, maxLinks)
  }

  function checkServedLink(sessionId: string, link: string): void {
    if (!isPaymentsListLink(link) || servedLinks.get(sessionId)?.has(link) !== true) {
      throw new UserFacingError(
        'invalid-input',
        'That page link was not one Paydesk was given for this list, so nothing was sent. Start again from the newest payments.',
      )
    }
  }

  /** Runs a client call, returning its result and the request id the request log reported. */
  async function traced<T>(run: () => Promise<T>): Promise<{ value: T; requestId: string | null }> {
    const t: CallTrace = { requestId: null }
    try {
      const value = await trace.run(t, run)
      return { value, requestId: t.requestId }
    } catch (error) {
      throw asUserError(error, t.requestId)
    }
  }

  function origin(action: string): RequestOrigin {
    return { screen: 'payments', action }
  }

  function client(): Promise<PaymentsClient> {
    return options.getClient()
  }

  return {
    async list(request) {
      const controller = new AbortController()
      // Registered before any await so a cancel right after the call finds it.
      inFlight.get(request.requestKey)?.abort()
      inFlight.set(request.requestKey, controller)
      try {
        if (request.link !== undefined) checkServedLink(request.sessionId, request.link)
        const api = await client()
        const input: ListPaymentsInput = request.link !== undefined ? { link: request.link } : { ...request.query }
        const { value: page, requestId } = await traced(() =>
          api.listPayments(input, {
            signal: controller.signal,
            priority: 'user',
            origin: origin(request.action ?? 'list'),
          }),
        )
        remember(request.sessionId, page._embedded.payments)
        rememberLinks(request.sessionId, page)
        return { pageText: JSON.stringify(page), requestId }
      } finally {
        if (inFlight.get(request.requestKey) === controller) inFlight.delete(request.requestKey)
      }
    },

    async get(sessionId, id, requestKey) {
      const controller = new AbortController()
      if (requestKey) {
        inFlight.get(requestKey)?.abort()
        inFlight.set(requestKey, controller)
      }
      try {
        const api = await client()
        const call = { signal: controller.signal, priority: 'user' as const, origin: origin('get') }
        // One request tells the whole money story: the payment with its refunds and chargebacks.
        const { value: payment, requestId } = await traced(() =>
          api.getPayment(id, { ...call, embed: ['refunds', 'chargebacks'] }),
        )
        // An export holds the payment as the list serves it, without what was embedded for the view.
        const { _embedded: _view, ...listed } = payment
        remember(sessionId, [listed])
        const context = await loadPaymentContext(
          payment,
          { getOrder: api.getOrder?.bind(api), deliveries: options.deliveries },
          call,
        )
        return { payment, requestId, context }
      } finally {
        if (requestKey && inFlight.get(requestKey) === controller) inFlight.delete(requestKey)
      }
    },

    cancel(requestKey) {
      const controller = inFlight.get(requestKey)
      if (!controller) return { canceled: false }
      controller.abort()
      inFlight.delete(requestKey)
      return { canceled: true }
    },

    async exportPayments({ sessionId, exportId, format, ids }) {
      const held = sessions.get(sessionId)
      const unique = [...new Set(ids)]
      const missing = unique.filter((id) => !held?.has(id))
      if (missing.length > maxRefetch) {
        throw new UserFacingError(
          'not-found',
          `${missing.length} of these payments are no longer held by Paydesk (it keeps the most recent ${maxPerSession.toLocaleString('en-US')} per session). Load them again, or export fewer.`,
        )
      }
      const personalData = await choosePersonalData(options.questions, 'the exported payments')
      if (personalData === null) return { path: null, rows: 0, refetched: 0, personalData: null }
      const stamp = now().toISOString().slice(0, 16).replace(/[-:]/g, '').replace('T', '-')
      const path = await options.chooseSavePath({
        title: `Export ${unique.length} payments as ${format.toUpperCase()}`,
        defaultName: `payments-${stamp}.${format}`,
        filters:
          format === 'csv'
            ? [{ name: 'CSV (comma-separated)', extensions: ['csv'] }]
            : [{ name: 'JSON', extensions: ['json'] }],
      })
      if (!path) return { path: null, rows: 0, refetched: 0, personalData: null }
      const progress = (written: number, total: number, done: boolean) =>
        options.onExportProgress?.({ exportId, written, total, done })
      progress(0, unique.length, false)

      if (missing.length > 0) {
        const api = await client()
        for (const id of missing) {
          // Background priority: a user's paging goes first (spec 8.1.8: avoid bursts).
          const { value } = await traced(() => api.getPayment(id, { priority: 'background', origin: origin('export') }))
          remember(sessionId, [value])
        }
      }
      const s = session(sessionId)
      const found = unique.map((id) => s.get(id)).filter((p): p is Payment => p !== undefined)
      const rows = personalData === 'included' ? found : paymentsWithoutPersonalData(found)
      try {
        await writeExport({ path, format, payments: rows, onProgress: (w, t) => progress(w, t, false) })
      } catch (error) {
        progress(0, unique.length, true)
        const code = (error as { code?: string }).code
        throw new UserFacingError(
          'conflict',
          `The export could not be written${code ? ` (${code})` : ''}. Choose another folder or file name and try again.`,
        )
      }
      progress(rows.length, rows.length, true)
      return { path, rows: rows.length, refetched: missing.length, personalData }
    },

    sessionSize(sessionId) {
      return sessions.get(sessionId)?.size ?? 0
    },

    dispose() {
      stopObserving?.()
      for (const controller of inFlight.values()) controller.abort()
      inFlight.clear()
      sessions.clear()
      servedLinks.clear()
    },
  }
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

/** Payments with every personal field (and any echo of one) replaced (personal-data.ts). */
function paymentsWithoutPersonalData(payments: readonly Payment[]): Payment[] {
  const mask = createPersonalDataMasker(personalValuesIn(payments))
  return payments.map((payment) => withoutPersonalData(payment, mask))
}
