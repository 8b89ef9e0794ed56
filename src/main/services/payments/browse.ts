import type { PaymentResult, PaymentsPageResult } from '../../../shared/ipc/payments'
import { toPageResult } from '../../../shared/payments-page'
import type { ListPaymentsInput } from '../../api/client'
import { loadPaymentContext } from '../payment-context'
import { checkServedLink, origin, rememberServed, rememberLinks, tracedCall, type PaymentsContext } from './context'
import type { ListRequest } from './types'

/** Registers a call that `cancel(requestKey)` can stop; a newer call with the same key stops the older. */
function track(ctx: PaymentsContext, requestKey: string | undefined): { signal: AbortSignal; done: () => void } {
  const controller = new AbortController()
  if (requestKey) {
    ctx.inFlight.get(requestKey)?.abort()
    ctx.inFlight.set(requestKey, controller)
  }
  return {
    signal: controller.signal,
    done: () => {
      if (requestKey && ctx.inFlight.get(requestKey) === controller) ctx.inFlight.delete(requestKey)
    },
  }
}

/** One page of the list, by query or by a link main served this session. */
export async function readListPage(ctx: PaymentsContext, request: ListRequest): Promise<PaymentsPageResult> {
  // Registered before any await so a cancel right after the call finds it.
  const call = track(ctx, request.requestKey)
  try {
    if (request.link !== undefined) checkServedLink(ctx, request.sessionId, request.link)
    const api = await ctx.options.getClient()
    const input: ListPaymentsInput = request.link !== undefined ? { link: request.link } : { ...request.query }
    const { value: page, requestId } = await tracedCall(ctx, () =>
      api.listPayments(input, { signal: call.signal, priority: 'user', origin: origin(request.action ?? 'list') }),
    )
    rememberServed(ctx, request.sessionId, page._embedded.payments)
    rememberLinks(ctx, request.sessionId, page)
    return toPageResult(page, requestId)
  } finally {
    call.done()
  }
}

/** One payment with its money story (refunds, chargebacks) and its context (order, webhook calls). */
export async function getPayment(
  ctx: PaymentsContext,
  sessionId: string,
  id: string,
  requestKey: string | undefined,
): Promise<PaymentResult> {
  const tracked = track(ctx, requestKey)
  try {
    const api = await ctx.options.getClient()
    const call = { signal: tracked.signal, priority: 'user' as const, origin: origin('get') }
    // The order of the copy the list served is read beside the payment, not after it (one round
    // trip less before the view can tell the story); it is used only if it is still the payment's.
    const servedOrderId = ctx.sessions.get(sessionId)?.get(id)?.orderId
    const early =
      servedOrderId && api.getOrder
        ? { orderId: servedOrderId, order: api.getOrder(servedOrderId, call).catch(() => null) }
        : undefined
    // One request tells the whole money story: the payment with its refunds and chargebacks.
    const { value: payment, requestId } = await tracedCall(ctx, () =>
      api.getPayment(id, { ...call, embed: ['refunds', 'chargebacks'] }),
    )
    // An export holds the payment as the list serves it, without what was embedded for the view.
    const { _embedded: _view, ...listed } = payment
    rememberServed(ctx, sessionId, [listed])
    const context = await loadPaymentContext(
      payment,
      { getOrder: api.getOrder?.bind(api), deliveries: ctx.options.deliveries },
      call,
      early,
    )
    return { payment, requestId, context }
  } finally {
    tracked.done()
  }
}

export function cancelRequest(ctx: PaymentsContext, requestKey: string): { canceled: boolean } {
  const controller = ctx.inFlight.get(requestKey)
  if (!controller) return { canceled: false }
  controller.abort()
  ctx.inFlight.delete(requestKey)
  return { canceled: true }
}
