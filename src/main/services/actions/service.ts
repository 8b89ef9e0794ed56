import { cancelPaymentRefund } from './cancel-refund'
import { listChargebacks } from './chargebacks'
import { createActionsContext, traced } from './context'
import { cancelQueued, queuedFor, queuedLoaded, resumeQueued } from './queued-refunds'
import { cancelOrder, getOrder, newOrderPayment } from './order-writes'
import { cancelCustomerSubscription, openRecurring, revokeCustomerMandate } from './recurring'
import { cancelPayment, updatePayment } from './payment-changes'
import { listPaymentRefunds, refundGuard, refundPayment, sendQueuedRefund } from './refund'
import type { ActionsService, ActionsServiceOptions } from './types'

/** The actions of the payment and order views, wired to one context (pending keys, request ids). */
export function createActionsService(options: ActionsServiceOptions): ActionsService {
  const ctx = createActionsContext(options)
  // The refunds of the rest held when Paydesk last closed: loaded and scheduled again.
  resumeQueued(ctx, sendQueuedRefund(ctx))
  return {
    getOrder: (id) => getOrder(ctx, id),
    refund: (input) => refundPayment(ctx, input),
    refundGuard: (input) => refundGuard(ctx, input),
    cancelRefund: (input) => cancelPaymentRefund(ctx, input),
    queuedRefunds: (paymentId) => queuedFor(ctx, paymentId),
    listChargebacks: async () =>
      listChargebacks(await options.connections.getActiveClient(), (run) => traced(ctx, run)),
    cancelQueuedRefund: async (queueId) => ({ queued: await cancelQueued(ctx, queueId) }),
    pendingNotice: () => ctx.pending.takeNotice(),
    listRefunds: (paymentId) => listPaymentRefunds(ctx, paymentId),
    cancelPayment: (input) => cancelPayment(ctx, input),
    updatePayment: (input) => updatePayment(ctx, input),
    cancelOrder: (input) => cancelOrder(ctx, input),
    newOrderPayment: (input) => newOrderPayment(ctx, input),
    openRecurring: (customerId) => openRecurring(ctx, customerId),
    revokeMandate: (input) => revokeCustomerMandate(ctx, input),
    cancelSubscription: (input) => cancelCustomerSubscription(ctx, input),
    pendingCount: () => ctx.pending.with((entries) => Object.keys(entries).length),
    dispose() {
      ctx.stopObserving?.()
      const stop = () => {
        for (const entry of ctx.queued.values()) entry.cancel()
      }
      stop()
      // Held refunds still loading are stopped once they are.
      void queuedLoaded(ctx).then(stop)
    },
  }
}
