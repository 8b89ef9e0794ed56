import { cancelRequest, getPayment, readListPage } from './browse'
import { createPaymentsContext } from './context'
import { exportPayments } from './exporting'
import type { PaymentsService, PaymentsServiceOptions } from './types'

/** The payments browser: one context (sessions, served links, calls in flight), the functions wired to it. */
export function createPaymentsService(options: PaymentsServiceOptions): PaymentsService {
  const ctx = createPaymentsContext(options)
  return {
    list: (request) => readListPage(ctx, request),
    get: (sessionId, id, requestKey) => getPayment(ctx, sessionId, id, requestKey),
    cancel: (requestKey) => cancelRequest(ctx, requestKey),
    exportPayments: (request) => exportPayments(ctx, request),
    sessionSize: (sessionId) => ctx.sessions.get(sessionId)?.size ?? 0,
    dispose() {
      ctx.stopObserving?.()
      for (const controller of ctx.inFlight.values()) controller.abort()
      ctx.inFlight.clear()
      ctx.sessions.clear()
      ctx.servedLinks.clear()
    },
  }
}
