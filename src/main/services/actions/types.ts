import type { DeliveryRecord } from '../../../shared/deliveries'
import type { Order, Payment, Refund } from '../../../shared/api-types'
import type {
  ActionResult,
  CancelRefundResult,
  QueuedRefund,
  RefundGuardResult,
  RefundResult,
} from '../../../shared/ipc/actions'
import type { ChargebacksView } from '../../../shared/ipc/chargebacks'
import type { RecurringView, RecurringWriteResult } from '../../../shared/ipc/recurring'
import type { ApiClient } from '../../api'
import type { ActiveConnectionInfo } from '../connections'
import type { LiveWriteConfirmer } from '../live-write-guard'
import type { SecretStore } from '../../secrets/secret-store'
import type { WriteRecorder } from '../../team/recorded-write'

export type ActionsClient = Pick<
  ApiClient,
  | 'getPayment'
  | 'getOrder'
  | 'listAllChargebacks'
  | 'createRefund'
  | 'getRefund'
  | 'cancelRefund'
  | 'listRefunds'
  | 'cancelPayment'
  | 'updatePayment'
  | 'cancelOrder'
  | 'createOrderPayment'
  | 'request'
>

export interface ActionsServiceOptions {
  dataDir: string
  connections: {
    activeConnection(): Promise<ActiveConnectionInfo>
    getActiveClient(): Promise<ActionsClient>
  }
  liveWrites?: LiveWriteConfirmer
  /** The record of every write (the record service): required, so no action can leave it out. */
  record: WriteRecorder
  /** Request ids of API attempts, reported synchronously from inside the client's call. */
  observeRequestIds?: (listener: (requestId: string) => void) => () => void
  now?: () => number
  /** Runs `run` at `atMs`; returns its cancel (a queued refund of the rest; default: a timer). */
  schedule?: (atMs: number, run: () => void) => () => void
  /** The data key (keychain): seals the list of pending keys (pending-actions.ts). */
  getKey: () => Promise<Uint8Array>
  /** The keychain beside the data key: the list's high-water mark, so an older copy is told (pending-actions.ts). */
  highWater?: Pick<SecretStore, 'get' | 'set'>
  /** The built-in Sandbox's webhook calls for an object; null on other connections (payment-context.ts). */
  deliveries?: (objectId: string) => Promise<readonly DeliveryRecord[] | null>
}

export type View = 'payment' | 'order'

export interface ActionsService {
  getOrder(id: string): Promise<{ order: Order; requestId: string | null; deliveries?: DeliveryRecord[] | null }>
  refund(input: {
    paymentId: string
    amount: { currency: string; value: string }
    description?: string
    /** The helpdesk's ticket reference: recorded, and written into the refund's metadata. */
    ticket?: string
    from?: View
    /** The guard token the agent confirmed (refundGuard). */
    seen?: string
    /** Sending despite an open chargeback: why (recorded). */
    holdReason?: string
  }): Promise<RefundResult>
  /** The account's chargebacks, open first, newest first (the chargebacks workspace). */
  listChargebacks(): Promise<ChargebacksView>
  /**
   * The refunds of the rest held at this desk for a payment (kept in the data folder across restarts);
   * `notice` when the kept ones could not be read at start (none of them is sent).
   */
  queuedRefunds(paymentId: string): Promise<{ queued: QueuedRefund[]; notice: string | null }>
  /** Cancels a queued refund of the rest before it is sent. */
  cancelQueuedRefund(queueId: string): Promise<{ queued: QueuedRefund }>
  /** Cancels a queued or pending refund (checked in main on a fresh read). */
  cancelRefund(input: { paymentId: string; refundId: string; from?: View }): Promise<CancelRefundResult>
  /** The refund dialog's fresh read: the payment, its refunds and chargebacks, and what they mean. */
  refundGuard(input: { paymentId: string; from?: View }): Promise<RefundGuardResult>
  listRefunds(paymentId: string): Promise<{ refunds: Refund[]; requestId: string | null }>
  cancelPayment(input: {
    paymentId: string
    ticket?: string
    from?: View
  }): Promise<ActionResult & { payment: Payment }>
  updatePayment(input: {
    paymentId: string
    changes: {
      description?: string
      redirectUrl?: string
      cancelUrl?: string | null
      webhookUrl?: string | null
      metadataJson?: string
    }
    ticket?: string
    from?: View
  }): Promise<ActionResult & { payment: Payment }>
  cancelOrder(input: { orderId: string; ticket?: string; from?: View }): Promise<ActionResult & { order: Order }>
  /** A new payment for an order whose earlier payments can no longer complete (a fresh checkout link). */
  newOrderPayment(input: {
    orderId: string
    ticket?: string
    from?: View
  }): Promise<ActionResult & { payment: Payment; order: Order }>
  /** A customer's mandates and subscriptions (the customer view, issue 49 item 6). */
  openRecurring(customerId: string): Promise<RecurringView>
  /** Revokes a mandate (checked in main on a fresh read); its connected subscriptions stop with it. */
  revokeMandate(input: { customerId: string; mandateId: string; ticket?: string }): Promise<RecurringWriteResult>
  /** Cancels a subscription (checked in main on a fresh read). */
  cancelSubscription(input: {
    customerId: string
    subscriptionId: string
    ticket?: string
  }): Promise<RecurringWriteResult>
  /** Actions waiting for a definitive answer (for tests and diagnostics). */
  pendingCount(): Promise<number>
  /** Said once when the list of pending keys was set aside (edited outside Paydesk). */
  pendingNotice(): string | null
  dispose(): void
}
