import type { actionChannels } from '../../../shared/ipc/actions'
import type { ChargebacksView, chargebackChannels } from '../../../shared/ipc/chargebacks'
import type { HandlersFor } from '../../../shared/ipc/define'
import type { ActionsService } from './types'

/** Refunds, cancels and updates from the payment and order views: thin, the rules live in the service. */
export function createActionHandlers(actions: ActionsService): HandlersFor<typeof actionChannels> {
  return {
    'payments.refund': (input) => actions.refund(input),
    'payments.refundGuard': (input) => actions.refundGuard(input),
    'payments.cancelRefund': (input) => actions.cancelRefund(input),
    'payments.queuedRefunds': ({ paymentId }) => actions.queuedRefunds(paymentId),
    'payments.cancelQueuedRefund': ({ queueId }) => actions.cancelQueuedRefund(queueId),
    'payments.refunds': ({ paymentId }) => actions.listRefunds(paymentId),
    'payments.cancelPayment': (input) => actions.cancelPayment(input),
    'payments.update': (input) => actions.updatePayment(input),
    'orders.cancel': (input) => actions.cancelOrder(input),
    'orders.newPayment': (input) => actions.newOrderPayment(input),
  }
}

/** The `chargebacks.*` IPC handlers. */
export function createChargebackHandlers(list: () => Promise<ChargebacksView>): HandlersFor<typeof chargebackChannels> {
  return { 'chargebacks.list': () => list() }
}
