import type { StoreApi } from 'zustand/vanilla'
import type { Amount, Order, Payment, Refund } from '../../../shared/api-types'
import type { QueuedRefund } from '../../../shared/ipc/actions'
import type { ChannelInput, ChannelOutput } from '../../../shared/ipc/contract'
import type { DeliveryRecord } from '../../../shared/deliveries'
import type { EntitiesState } from './entities'
import { toErrorView, type ErrorView } from './error-view'
import type { StoreContext } from './store-context'
import { followRequest, teamRefundWords, type TeamRefundPort } from './team-refund'

// The actions store's state and actions (write-store.ts creates it): refund, cancel and change a
// payment, cancel an order. Each action takes the store's context; what main answers is put in the
// window's cache (entities.ts), where the views read it.

/** What "Change" may set on a payment (the channel's own input). */
export type PaymentChanges = ChannelInput<'payments.update'>['changes']

export interface WritePort {
  refund(input: Omit<ChannelInput<'payments.refund'>, 'from'>): Promise<ChannelOutput<'payments.refund'>>
  refundGuard(paymentId: string): Promise<ChannelOutput<'payments.refundGuard'>>
  /** Team mode (issue 51): refunds asked of the team runner; absent where there is no team. */
  team?: TeamRefundPort
  cancelRefund(paymentId: string, refundId: string): Promise<ChannelOutput<'payments.cancelRefund'>>
  queuedRefunds(paymentId: string): Promise<ChannelOutput<'payments.queuedRefunds'>>
  cancelQueuedRefund(queueId: string): Promise<ChannelOutput<'payments.cancelQueuedRefund'>>
  refunds(paymentId: string): Promise<ChannelOutput<'payments.refunds'>>
  cancelPayment(paymentId: string): Promise<ChannelOutput<'payments.cancelPayment'>>
  update(paymentId: string, changes: PaymentChanges): Promise<ChannelOutput<'payments.update'>>
  cancelOrder(orderId: string): Promise<ChannelOutput<'orders.cancel'>>
}

export type WriteKind = 'refund' | 'cancel-payment' | 'update' | 'cancel-order' | 'cancel-refund'

/**
 * What an action did. The object main answered with is put in the window's cache (entities.ts), where
 * every view reads it. A refund's answer is the payment as the payment view reads it (read after the
 * action, its refunds embedded, with the shop's webhook calls on the Sandbox), so no view reads it
 * again; after a cancel, a change or a team request the object is marked stale in the cache, and the
 * view showing it reads it again (entities.ts `onStale`).
 */
interface WriteOutcome {
  kind: WriteKind
  message: string
  requestId: string | null
}

export interface WriteState {
  /** The dialog open, for which object. */
  dialog: { kind: WriteKind; targetId: string } | null
  busy: boolean
  /** What the last action did, in plain words, with its request. */
  done: WriteOutcome | null
  error: ErrorView | null
  /** The refunds of the payment on screen (null: not loaded). */
  refunds: { paymentId: string; list: Refund[] } | null
  refundsError: string | null
  /**
   * The refund dialog's fresh read (main's guard): the payment as it is now, its refunds and
   * chargebacks. `error`: main could not read it, so nothing can be sent.
   */
  guard:
    | { paymentId: string; state: 'reading' }
    | { paymentId: string; state: 'read'; value: ChannelOutput<'payments.refundGuard'> }
    | { paymentId: string; state: 'error'; error: ErrorView }
    | null
  /** The refunds of the rest queued at this desk for the payment on screen (main holds them). */
  queued: { paymentId: string; list: QueuedRefund[]; notice?: string | null } | null
  loadQueued(paymentId: string): Promise<void>
  cancelQueued(paymentId: string, queueId: string): Promise<void>
  open(kind: WriteKind, targetId: string): void
  /** Reads the refund guard of a payment again (the dialog opens it; after a refused send). */
  loadGuard(paymentId: string): Promise<void>
  close(): void
  /** Forgets what belonged to another object (the view shows a new one). */
  reset(): void
  loadRefunds(paymentId: string): Promise<void>
  /**
   * `ticket`: the helpdesk's reference, recorded with the refund and kept in its metadata ('' for none);
   * `holdReason`: why the refund is sent despite an open chargeback.
   */
  refund(
    paymentId: string,
    amount: Amount,
    description: string,
    ticket?: string,
    holdReason?: string,
  ): Promise<Payment | null>
  cancelPayment(paymentId: string): Promise<Payment | null>
  /** Cancels a queued or pending refund (the dialog's target is the refund's id). */
  cancelRefund(paymentId: string, refundId: string): Promise<Payment | null>
  update(paymentId: string, changes: PaymentChanges): Promise<Payment | null>
  cancelOrder(orderId: string): Promise<Order | null>
}

type RunArgs<T> = [
  kind: WriteKind,
  send: () => Promise<T & { requestId: string | null }>,
  message: (result: T) => string,
  /** Puts what main answered in the cache (and marks the object stale when the answer is less than a view shows). */
  remember?: (result: T) => void,
]

/** Runs one action once at a time; the dialog closes on success and stays open on an error. */
async function runWrite<T>(
  { get, set }: WriteStoreContext,
  ...[kind, send, message, remember]: RunArgs<T>
): Promise<T | null> {
  if (get().busy) return null
  set({ busy: true, error: null, done: null })
  try {
    const result = await send()
    // The cache first: the views read the changed object as the banner tells of it.
    remember?.(result)
    const done: WriteOutcome = { kind, message: message(result), requestId: result.requestId }
    set({ busy: false, dialog: null, done })
    return result
  } catch (error) {
    set({ busy: false, error: toErrorView(error) })
    return null
  }
}

/** What a view's actions hold about no object yet. */
export const EMPTY = {
  dialog: null,
  busy: false,
  done: null,
  error: null,
  refunds: null,
  refundsError: null,
  guard: null,
  queued: null,
} satisfies Partial<WriteState>

type Entities = StoreApi<EntitiesState>

export interface WriteStoreContext extends StoreContext<WriteState, WritePort> {
  /** The window's cache, where each answer's object is put for the views (entities.ts). */
  entities: Entities
}

/**
 * Puts a payment main answered an action with in the cache, with the read's stamp taken before the
 * action was asked (a list read answered later does not undo it); `deliveries` only when given.
 * `partial`: the answer is less than the payment view shows (a cancel's or a change's answer has no
 * refunds or chargebacks embedded), so it is marked stale and the view reads it again.
 */
function rememberPayment(
  entities: Entities,
  stamp: number,
  payment: Payment,
  deliveries?: DeliveryRecord[] | null,
  partial = false,
): void {
  const cache = entities.getState()
  cache.put('payments', payment.id, payment, stamp)
  if (deliveries) cache.put('deliveries', payment.id, deliveries, stamp)
  if (partial) cache.markStale('payments', payment.id)
}

/** The refunds of the payment main answered with, when it embedded them (true); else nothing is set. */
function keepRefunds(set: WriteStoreContext['set'], paymentId: string, payment: Payment): boolean {
  const embedded = payment._embedded?.refunds
  if (Array.isArray(embedded)) set({ refunds: { paymentId, list: embedded }, refundsError: null })
  return Array.isArray(embedded)
}

/** Reads the refunds of the rest main holds for a payment; a failed read leaves what was shown. */
export async function readQueued({ set, port }: WriteStoreContext, paymentId: string): Promise<void> {
  try {
    const { queued, notice } = await port.queuedRefunds(paymentId)
    set({ queued: { paymentId, list: queued, notice } })
  } catch {
    // Nothing to add: the list stays as it was.
  }
}

/** Cancels a queued refund of the rest; what main answered replaces it in the list. */
export async function sendCancelQueued(access: WriteStoreContext, paymentId: string, queueId: string): Promise<void> {
  const { port } = access
  try {
    const { queued } = await port.cancelQueuedRefund(queueId)
    const shown = access.get().queued
    const list = shown?.list ?? []
    access.set({
      queued: { paymentId, list: list.map((q) => (q.id === queued.id ? queued : q)), notice: shown?.notice ?? null },
    })
  } catch (error) {
    access.set({ error: toErrorView(error) })
  }
}

/** Reads main's refund guard; kept only while the dialog is still open on that payment. */
export async function readGuard({ get, set, port }: WriteStoreContext, paymentId: string): Promise<void> {
  set({ guard: { paymentId, state: 'reading' } })
  try {
    const value = await port.refundGuard(paymentId)
    if (get().dialog?.targetId === paymentId) set({ guard: { paymentId, state: 'read', value } })
  } catch (error) {
    if (get().dialog?.targetId === paymentId) set({ guard: { paymentId, state: 'error', error: toErrorView(error) } })
  }
}

/** The refund as main is asked for it: the guard the agent saw, and a hold's reason, only when given. */
function refundRequest(input: {
  paymentId: string
  amount: Amount
  description: string
  ticket: string
  seen: string | undefined
  holdReason: string | undefined
}): Parameters<WritePort['refund']>[0] {
  const { paymentId, amount, description, ticket, seen, holdReason } = input
  return {
    paymentId,
    amount,
    ...(description.trim() ? { description: description.trim() } : {}),
    ...(ticket.trim() ? { ticket: ticket.trim() } : {}),
    ...(seen !== undefined ? { seen } : {}),
    ...(holdReason?.trim() ? { holdReason: holdReason.trim() } : {}),
  }
}

/** The team refund request each store follows (one at a time), to stop on the next or on reset. */
const following = new WeakMap<WritePort, () => void>()

export function stopFollowing(port: WritePort): void {
  following.get(port)?.()
  following.delete(port)
}

/**
 * Team mode: the refund is asked of the team runner (the desk holds no write key), and the outcome
 * banner follows the request until its result.
 */
async function askTeam(
  access: WriteStoreContext,
  team: TeamRefundPort,
  input: { paymentId: string; amount: Amount; description: string; ticket: string },
): Promise<void> {
  const { port } = access
  stopFollowing(port)
  const asked = await runWrite(
    access,
    'refund',
    async () => ({
      ...(await team.request({
        paymentId: input.paymentId,
        amount: input.amount,
        ...(input.description.trim() ? { description: input.description.trim() } : {}),
        ...(input.ticket.trim() ? { ticket: input.ticket.trim() } : {}),
      })),
      requestId: null,
    }),
    teamRefundWords,
    // The runner carries the refund out later: the view reads the payment (and its record) again.
    () => access.entities.getState().markStale('payments', input.paymentId),
  )
  if (!asked) return
  following.set(
    port,
    followRequest(team, asked, (message) => {
      access.set({ done: { kind: 'refund', message, requestId: null } })
      access.entities.getState().markStale('payments', input.paymentId)
    }),
  )
}

/** The refund: sent against the guard the agent saw; refused, the guard is read again for the dialog. */
export async function sendRefund(
  access: WriteStoreContext,
  input: { paymentId: string; amount: Amount; description: string; ticket: string; holdReason: string | undefined },
): Promise<Payment | null> {
  const { port, entities, get, set } = access
  const { team } = port
  if (team && (await team.teamMode().catch(() => false))) {
    await askTeam(access, team, input)
    return null
  }
  const { paymentId } = input
  const guard = get().guard
  const seen = guard?.paymentId === paymentId && guard.state === 'read' ? guard.value.guard.token : undefined
  const stamp = entities.getState().stamp()
  const result = await runWrite(
    access,
    'refund',
    () => port.refund(refundRequest({ ...input, seen })),
    (r) =>
      r.refund
        ? `Refund ${r.refund.id} of ${r.refund.amount.currency} ${r.refund.amount.value} was created (${r.refund.status}).`
        : `Queued at this desk: ${r.queued?.note ?? 'the refund is sent later.'}`,
    (r) => rememberPayment(entities, stamp, r.payment, r.deliveries),
  )
  // Refused or failed: the dialog shows the payment as main reads it now (a colleague's refund, a chargeback).
  if (!result) {
    if (get().dialog?.targetId === paymentId) await get().loadGuard(paymentId)
    return null
  }
  set({ guard: null })
  if (result.queued) await get().loadQueued(paymentId)
  // Main answers with the payment read after the refund, its refunds embedded: no read of ours.
  if (!keepRefunds(set, paymentId, result.payment)) await get().loadRefunds(paymentId)
  return result.payment
}

export async function readRefunds({ set, port }: WriteStoreContext, paymentId: string): Promise<void> {
  try {
    const { refunds } = await port.refunds(paymentId)
    set({ refunds: { paymentId, list: refunds }, refundsError: null })
  } catch (error) {
    set({ refundsError: toErrorView(error).message })
  }
}

/** Cancels a queued or pending refund: main answers with the payment read again, complete. */
export async function sendCancelRefund(
  ctx: WriteStoreContext,
  paymentId: string,
  refundId: string,
): Promise<Payment | null> {
  const at = ctx.entities.getState().stamp()
  const result = await runWrite(
    ctx,
    'cancel-refund',
    () => ctx.port.cancelRefund(paymentId, refundId),
    (r) =>
      `Refund ${r.refund.id} of ${r.refund.amount.currency} ${r.refund.amount.value} was canceled; no money was sent.`,
    (r) => rememberPayment(ctx.entities, at, r.payment, r.deliveries),
  )
  if (result) keepRefunds(ctx.set, paymentId, result.payment)
  return result?.payment ?? null
}

/**
 * A write on a payment that main answers with the service's answer alone (no refunds or chargebacks
 * embedded): the payment is cached and marked stale, so the payment view reads it again.
 */
async function sendPaymentChange(
  ctx: WriteStoreContext,
  kind: 'cancel-payment' | 'update',
  send: () => Promise<{ payment: Payment; requestId: string | null }>,
  done: string,
): Promise<Payment | null> {
  const at = ctx.entities.getState().stamp()
  const result = await runWrite(
    ctx,
    kind,
    send,
    (r) => `Payment ${r.payment.id} was ${done}.`,
    (r) => rememberPayment(ctx.entities, at, r.payment, null, true),
  )
  return result?.payment ?? null
}

export const sendCancelPayment = (ctx: WriteStoreContext, paymentId: string): Promise<Payment | null> =>
  sendPaymentChange(ctx, 'cancel-payment', () => ctx.port.cancelPayment(paymentId), 'canceled')

export const sendUpdate = (
  ctx: WriteStoreContext,
  paymentId: string,
  changes: PaymentChanges,
): Promise<Payment | null> => sendPaymentChange(ctx, 'update', () => ctx.port.update(paymentId, changes), 'changed')

export async function sendCancelOrder(ctx: WriteStoreContext, orderId: string): Promise<Order | null> {
  const at = ctx.entities.getState().stamp()
  const result = await runWrite(
    ctx,
    'cancel-order',
    () => ctx.port.cancelOrder(orderId),
    (r) => `Order ${r.order.orderNumber} was canceled.`,
    (r) => {
      const cache = ctx.entities.getState()
      cache.put('orders', r.order.id, r.order, at)
      // The cancel's answer has no payments embedded: the order view reads the order again.
      cache.markStale('orders', r.order.id)
    },
  )
  return result?.order ?? null
}
