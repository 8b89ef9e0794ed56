// "Refund the rest" always has a way through (issue 49 item 2). The service refuses a refund of the
// same amount as one made less than an hour before (service/refunds.ts isDuplicateRefund); when the
// agent refunds exactly what is left and only that rule stands in the way, main keeps the refund
// here and sends it once the window has ended, after reading the payment again: visible in the
// payment view and cancelable until then. Kept in memory: while Paydesk runs (the view says so).
import { randomBytes } from 'node:crypto'
import type { Payment } from '../../../shared/api-types'
import type { QueuedRefund, RefundResult } from '../../../shared/ipc/actions'
import { formatAmountForDisplay } from '../../../shared/money'
import type { RefundGuard } from '../../../shared/refund-guard'
import { duplicateWindowEnd, type RefundForDuplicate } from '../../../shared/service/refunds'
import { UserFacingError } from '../../ipc/errors'
import type { ActiveConnectionInfo } from '../connections'
import type { ActionsContext, QueuedEntry as Entry } from './context'
import { readRefundGuard } from './refund-guard'

/** A minute past the window's end: the service's clock and ours need not agree to the second. */
const MARGIN_MS = 60_000

export type SendRefund = (input: {
  paymentId: string
  amount: QueuedRefund['amount']
  description?: string
  seen: string
}) => Promise<RefundResult>

function time(ms: number): string {
  return new Date(ms).toISOString().slice(11, 16)
}

/** Queues the rest of a payment behind the duplicate window of `earlier`; answers what was queued. */
export function queueRest(
  ctx: ActionsContext,
  send: SendRefund,
  args: {
    connection: ActiveConnectionInfo
    payment: Payment
    guard: RefundGuard
    earlier: RefundForDuplicate
    amount: QueuedRefund['amount']
    description?: string
  },
): RefundResult {
  const { payment, guard, amount } = args
  const sendAtMs = duplicateWindowEnd(args.earlier) + MARGIN_MS
  const id = `q_${randomBytes(8).toString('hex')}`
  const view: QueuedRefund = {
    id,
    paymentId: payment.id,
    amount,
    description: args.description ?? null,
    sendAt: new Date(sendAtMs).toISOString(),
    state: 'waiting',
    note:
      `The service takes a refund of the same amount again only an hour after the earlier one, so Paydesk sends this ` +
      `refund of the remaining ${formatAmountForDisplay(amount)} at ${time(sendAtMs)} UTC, after reading the payment again, ` +
      'while Paydesk stays open. Cancel it here until then.',
    refundId: null,
  }
  const entry: Entry = {
    view,
    connectionId: args.connection.id,
    refundIds: guard.refunds.map((r) => r.id),
    cancel: () => {},
  }
  entry.cancel = ctx.schedule(sendAtMs, () => void sendQueued(ctx, send, entry))
  ctx.queued.set(id, entry)
  return { refund: null, queued: { ...view }, payment, requestId: null, deliveries: null }
}

async function sendQueued(ctx: ActionsContext, send: SendRefund, entry: Entry): Promise<void> {
  if (entry.view.state !== 'waiting') return
  const done = (state: QueuedRefund['state'], note: string, refundId: string | null = null) => {
    entry.view = { ...entry.view, state, note, refundId }
  }
  try {
    const connection = await ctx.options.connections.activeConnection()
    if (connection.id !== entry.connectionId) {
      return done('not-sent', 'Not sent: another connection is active now. Refund it again from the payment.')
    }
    const client = await ctx.options.connections.getActiveClient()
    const { guard } = await readRefundGuard(ctx, client, entry.view.paymentId, 'payment', 'send')
    const changed =
      guard.remaining.value !== entry.view.amount.value ||
      guard.openChargebacks.length > 0 ||
      guard.refunds.some((r) => !entry.refundIds.includes(r.id))
    if (changed) {
      return done(
        'not-sent',
        'Not sent: the payment changed since it was queued (a refund or a chargeback). Look at it again.',
      )
    }
    const result = await send({
      paymentId: entry.view.paymentId,
      amount: entry.view.amount,
      ...(entry.view.description ? { description: entry.view.description } : {}),
      seen: guard.token,
    })
    const refund = result.refund
    done(
      'sent',
      `Sent at ${time(ctx.now())} UTC${refund ? ` as refund ${refund.id} (${refund.status})` : ''}.`,
      refund?.id ?? null,
    )
  } catch (error) {
    const why = error instanceof UserFacingError || error instanceof Error ? error.message : String(error)
    done('not-sent', `Not sent: ${why.replace(/^Nothing was sent: /, '')}`)
  }
}

/** The refunds queued for a payment, newest last. */
export function queuedFor(ctx: ActionsContext, paymentId: string): QueuedRefund[] {
  return [...ctx.queued.values()].filter((e) => e.view.paymentId === paymentId).map((e) => ({ ...e.view }))
}

/** Cancels a queued refund while it waits; nothing is sent. */
export function cancelQueued(ctx: ActionsContext, queueId: string): QueuedRefund {
  const entry = ctx.queued.get(queueId)
  if (!entry) throw new UserFacingError('not-found', 'That queued refund is not known here (Paydesk was restarted?).')
  if (entry.view.state !== 'waiting') {
    throw new UserFacingError('conflict', `It can no longer be canceled: ${entry.view.note}`)
  }
  entry.cancel()
  entry.view = { ...entry.view, state: 'canceled', note: 'Canceled before it was sent; nothing was refunded.' }
  return { ...entry.view }
}
