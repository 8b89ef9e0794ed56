import type { HandlersFor } from '../../shared/ipc/define'
import type { draftChannels } from '../../shared/ipc/drafts'
import type { orderChannels } from '../../shared/ipc/orders'
import type { DraftsStore } from './drafts'
import type { actionChannels } from '../../shared/ipc/actions'
import type { ActionsService } from './actions'
import type { OrdersService } from './orders'

/** The `orders.*` and `payments.create` IPC handlers: thin, the rules live in the service. */
export function createOrderHandlers(
  service: OrdersService,
  actions: Pick<ActionsService, 'getOrder'>,
): HandlersFor<typeof orderChannels> {
  return {
    'orders.create': (input) => service.createOrder(input),
    // The order view: the order with its payments and the request id (services/actions/).
    'orders.get': ({ id }) => actions.getOrder(id),
    'payments.create': (input) => service.createPayment(input),
  }
}

/** The `drafts.*` IPC handlers. */
export function createDraftHandlers(store: DraftsStore): HandlersFor<typeof draftChannels> {
  return {
    'drafts.list': () => store.list(),
    'drafts.get': ({ id }) => store.get(id),
    'drafts.save': (input) => store.save(input),
    'drafts.rename': ({ id, name }) => store.rename(id, name),
    'drafts.delete': ({ id }) => store.delete(id),
    'drafts.moveToActive': ({ id }) => store.moveToActive(id),
  }
}

/** Refunds, cancels and updates from the payment and order views (services/actions/). */
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
