import { createStore, type StoreApi } from 'zustand/vanilla'
import type { EntitiesState } from './entities'
import {
  EMPTY,
  readGuard,
  readQueued,
  readRefunds,
  sendCancelOrder,
  sendCancelPayment,
  sendCancelQueued,
  sendCancelRefund,
  sendRefund,
  sendUpdate,
  stopFollowing,
  type WriteStoreContext,
  type WritePort,
  type WriteState,
} from './write-actions'

export type { WriteKind, WritePort, WriteState, PaymentChanges } from './write-actions'

// Refund, cancel and change a payment, cancel an order: what the views ask main to do. Created with
// the IPC port it uses, so its transitions are unit-tested without a browser. Main reads the object
// fresh, applies the shared rules, asks on a live connection and keeps the Idempotency-Key; this
// store only asks, shows the answer and remembers the request for the Inspector (write-actions.ts).

/** `entities`: the window's cache, where each answer's object is put for the views (entities.ts). */
export function createWriteStore(port: WritePort, entities: StoreApi<EntitiesState>): StoreApi<WriteState> {
  return createStore<WriteState>((set, get) => {
    const ctx: WriteStoreContext = { set, get, port, entities }
    return {
      ...EMPTY,
      loadQueued: (paymentId) => readQueued(ctx, paymentId),
      cancelQueued: (paymentId, queueId) => sendCancelQueued(ctx, paymentId, queueId),
      open: (kind, targetId) => {
        set({ dialog: { kind, targetId }, error: null })
        if (kind === 'refund') void get().loadGuard(targetId)
      },
      loadGuard: (paymentId) => readGuard(ctx, paymentId),
      close: () => {
        if (!get().busy) set({ dialog: null, error: null, guard: null })
      },
      reset: () => {
        stopFollowing(port)
        set({ ...EMPTY })
      },
      loadRefunds: (paymentId) => readRefunds(ctx, paymentId),
      refund: (paymentId, amount, description, ticket = '', holdReason) =>
        sendRefund(ctx, { paymentId, amount, description, ticket, holdReason }),
      cancelRefund: (paymentId, refundId) => sendCancelRefund(ctx, paymentId, refundId),
      cancelPayment: (paymentId) => sendCancelPayment(ctx, paymentId),
      update: (paymentId, changes) => sendUpdate(ctx, paymentId, changes),
      cancelOrder: (orderId) => sendCancelOrder(ctx, orderId),
    }
  })
}
