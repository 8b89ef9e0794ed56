// "Refund the rest" always has a way through (issue 49 item 2). The service refuses a refund of the
// same amount as one made less than an hour before (service/refunds.ts isDuplicateRefund); when the
// agent refunds exactly what is left and only that rule stands in the way, main keeps the refund
// here and sends it once the window has ended, after reading the payment again: visible in the
// payment view and cancelable until then. Kept in the data folder, encrypted (queued-store.ts): a
// refund held when Paydesk closes is loaded again when it starts and sent at its time (or at once, if
// that time passed while Paydesk was closed, up to a day late), always after reading the payment
// again; never on what was read before the restart.
import { randomBytes } from 'node:crypto'
import type { Payment } from '../../../shared/api-types'
import type { QueuedRefund, RefundResult } from '../../../shared/ipc/actions'
import { formatAmountForDisplay } from '../../../shared/money'
import type { RefundGuard } from '../../../shared/refund-guard'
import { duplicateWindowEnd, type RefundForDuplicate } from '../../../shared/service/refunds'
import { UserFacingError } from '../../errors'
import type { ActiveConnectionInfo } from '../connections'
import type { ActionsContext, QueuedEntry as Entry } from './context'
import type { StoredQueued } from './queued-store'
import { readRefundGuard } from './refund-guard'

/** A minute past the window's end: the service's clock and ours need not agree to the second. */
const MARGIN_MS = 60_000
/** A held refund found more than this past its time when Paydesk starts is not sent: the call is long over. */
const LATE_LIMIT_MS = 24 * 60 * 60 * 1000
/** What the file keeps of a refund no longer waiting (sent, not sent, canceled), for the view. */
const KEEP_DONE_MS = 24 * 60 * 60 * 1000

/** Per actions context: the load at start, its notice, and the file's writes one after another. */
interface QueueFile {
  ready: Promise<void>
  notice: string | null
  writes: Promise<unknown>
}
const files = new WeakMap<ActionsContext, QueueFile>()

function fileOf(ctx: ActionsContext): QueueFile {
  const known = files.get(ctx)
  if (!known) throw new Error('The held refunds were not loaded (resumeQueued first).')
  return known
}

function stored(entry: Entry): StoredQueued {
  return { view: entry.view, connectionId: entry.connectionId, refundIds: entry.refundIds, ticket: entry.ticket }
}

/** Writes every held refund to the file, after the writes before it. */
function persist(ctx: ActionsContext): Promise<void> {
  const file = fileOf(ctx)
  const entries = [...ctx.queued.values()].map(stored)
  const write = file.writes.then(() => ctx.queuedStore.save(entries))
  file.writes = write.catch(() => {})
  return write
}

export type SendRefund = (input: {
  paymentId: string
  amount: QueuedRefund['amount']
  description?: string
  ticket?: string
  seen: string
}) => Promise<RefundResult>

function time(ms: number): string {
  return new Date(ms).toISOString().slice(11, 16)
}

/**
 * Loads the held refunds kept in the data folder (once, when the actions start) and schedules each
 * one still waiting: at its time, or at once when that passed while Paydesk was closed (not at all
 * when more than a day late). A file that cannot be used sends nothing and leaves a notice.
 */
export function resumeQueued(ctx: ActionsContext, send: SendRefund): void {
  const file: QueueFile = { ready: Promise.resolve(), notice: null, writes: Promise.resolve() }
  files.set(ctx, file)
  file.ready = (async () => {
    let loaded: Awaited<ReturnType<ActionsContext['queuedStore']['load']>>
    try {
      loaded = await ctx.queuedStore.load()
    } catch (error) {
      file.notice =
        `The refunds held at this desk could not be read when Paydesk started (${error instanceof Error ? error.message : String(error)}), ` +
        'so none of them will be sent. Look at the payments again and refund the rest where it is still needed.'
      return
    }
    file.notice = loaded.notice
    const now = ctx.now()
    let changed = false
    for (const kept of loaded.entries) {
      const sendAtMs = Date.parse(kept.view.sendAt)
      if (kept.view.state !== 'waiting' && now - sendAtMs > KEEP_DONE_MS) {
        changed = true
        continue
      }
      const entry: Entry = { ...kept, cancel: () => {} }
      ctx.queued.set(entry.view.id, entry)
      if (entry.view.state !== 'waiting') continue
      if (now - sendAtMs > LATE_LIMIT_MS) {
        entry.view = {
          ...entry.view,
          state: 'not-sent',
          note: `Not sent: Paydesk was closed until more than a day after ${time(sendAtMs)} UTC, when it was due. Look at the payment again and refund it again if it is still needed.`,
        }
        changed = true
        continue
      }
      entry.cancel = ctx.schedule(Math.max(sendAtMs, now), () => void sendQueued(ctx, send, entry))
    }
    if (changed) await persist(ctx).catch(() => {})
  })()
}

/** Settles once the held refunds kept in the data folder were loaded (or could not be). */
export function queuedLoaded(ctx: ActionsContext): Promise<void> {
  return fileOf(ctx).ready
}

/** Queues the rest of a payment behind the duplicate window of `earlier`; answers what was queued. */
export async function queueRest(
  ctx: ActionsContext,
  send: SendRefund,
  args: {
    connection: ActiveConnectionInfo
    payment: Payment
    guard: RefundGuard
    earlier: RefundForDuplicate
    amount: QueuedRefund['amount']
    description?: string
    ticket?: string
  },
): Promise<RefundResult> {
  const { payment, guard, amount } = args
  await fileOf(ctx).ready
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
      `refund of the remaining ${formatAmountForDisplay(amount)} at ${time(sendAtMs)} UTC, after reading the payment again. ` +
      'It is kept in the data folder: if Paydesk is closed then, it is sent when Paydesk next starts (within a day), ' +
      'again after a fresh read. Cancel it here until then.',
    refundId: null,
  }
  const entry: Entry = {
    view,
    connectionId: args.connection.id,
    refundIds: guard.refunds.map((r) => r.id),
    ticket: args.ticket ?? null,
    cancel: () => {},
  }
  ctx.queued.set(id, entry)
  try {
    await persist(ctx)
  } catch (error) {
    ctx.queued.delete(id)
    throw new UserFacingError(
      'conflict',
      `Nothing was queued or sent: Paydesk could not keep this refund in its data folder (${error instanceof Error ? error.message : String(error)}). Try again in a moment.`,
    )
  }
  entry.cancel = ctx.schedule(sendAtMs, () => void sendQueued(ctx, send, entry))
  return { refund: null, queued: { ...view }, payment, requestId: null, deliveries: null }
}

async function sendQueued(ctx: ActionsContext, send: SendRefund, entry: Entry): Promise<void> {
  if (entry.view.state !== 'waiting') return
  const done = (state: QueuedRefund['state'], note: string, refundId: string | null = null) => {
    entry.view = { ...entry.view, state, note, refundId }
    // Best effort: a refund sent but still "waiting" in the file is not sent again after a restart,
    // since the fresh read then finds the refund it made (a refund not seen when it was queued).
    void persist(ctx).catch(() => {})
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
      ...(entry.ticket ? { ticket: entry.ticket } : {}),
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

/** The refunds queued for a payment, newest last, and what to know when the kept ones could not be read. */
export async function queuedFor(
  ctx: ActionsContext,
  paymentId: string,
): Promise<{ queued: QueuedRefund[]; notice: string | null }> {
  const file = fileOf(ctx)
  await file.ready
  const queued = [...ctx.queued.values()].filter((e) => e.view.paymentId === paymentId).map((e) => ({ ...e.view }))
  return { queued, notice: file.notice }
}

/** Cancels a queued refund while it waits; nothing is sent. */
export async function cancelQueued(ctx: ActionsContext, queueId: string): Promise<QueuedRefund> {
  await fileOf(ctx).ready
  const entry = ctx.queued.get(queueId)
  if (!entry) throw new UserFacingError('not-found', 'That queued refund is not known here (Paydesk was restarted?).')
  if (entry.view.state !== 'waiting') {
    throw new UserFacingError('conflict', `It can no longer be canceled: ${entry.view.note}`)
  }
  entry.cancel()
  entry.view = { ...entry.view, state: 'canceled', note: 'Canceled before it was sent; nothing was refunded.' }
  // Kept canceled in the file too, so a restart does not send it; a file that cannot be written says so.
  await persist(ctx).catch((error: unknown) => {
    throw new UserFacingError(
      'conflict',
      `Canceled here, but Paydesk could not write that to its data folder (${error instanceof Error ? error.message : String(error)}); ` +
        'it will not be sent while Paydesk stays open. Cancel it again after a restart if it shows as waiting.',
    )
  })
  return { ...entry.view }
}
