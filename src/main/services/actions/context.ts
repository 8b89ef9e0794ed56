import { AsyncLocalStorage } from 'node:async_hooks'
import { createHash, randomUUID } from 'node:crypto'
import type { RequestOrigin } from '../../../shared/api-events'
import type { Address } from '../../../shared/api-types'
import type { QueuedRefund } from '../../../shared/ipc/actions'
import { isApiError } from '../../api'
import { UserFacingError } from '../../errors'
import type { ActiveConnectionInfo } from '../connections'
import { requireLiveConfirmation, refuseEveryLiveWrite, type LiveWriteSummary } from '../live-write-guard'
import { isDefinitiveClientError } from '../orders'
import { createPendingActions } from './pending-actions'
import { recordedSend, type RecordedWrite } from '../../team/recorded-write'
import { readBeforeAct } from './fresh-read'
import { createQueuedStore, type QueuedStore } from './queued-store'
import type { ActionsClient, ActionsServiceOptions, View } from './types'

/** What every action needs: the options, the pending keys and the request-id trace. */
export interface ActionsContext {
  readonly options: ActionsServiceOptions
  readonly now: () => number
  readonly trace: AsyncLocalStorage<{ requestId: string | null }>
  readonly pending: ReturnType<typeof createPendingActions>
  /** Stops listening for request ids (dispose). */
  readonly stopObserving: (() => void) | undefined
  /** Refunds sent from this Paydesk since it started: who made them, as the guard names it. */
  readonly madeHere: Map<string, string>
  /** Refunds of the rest waiting for the duplicate window to end (queued-refunds.ts). */
  readonly queued: Map<string, QueuedEntry>
  /** Where they are kept between runs (queued-store.ts). */
  readonly queuedStore: QueuedStore
  /** Runs `run` at `atMs` (ms since the epoch); returns what cancels it. */
  readonly schedule: (atMs: number, run: () => void) => () => void
}

/** A queued refund as main keeps it. */
export interface QueuedEntry {
  view: QueuedRefund
  connectionId: string
  /** The refunds the payment had when it was queued: another one since stops the send. */
  refundIds: string[]
  /** The helpdesk ticket it was asked with (recorded when it is sent). */
  ticket: string | null
  cancel: () => void
}

/** A write the service keeps one Idempotency-Key for: its kind, the object and its parameters. */
interface KeyedAction {
  kind: string
  target: string
  params: unknown
}

export function createActionsContext(options: ActionsServiceOptions): ActionsContext {
  const now = options.now ?? (() => Date.now())
  const trace = new AsyncLocalStorage<{ requestId: string | null }>()
  const stopObserving = options.observeRequestIds?.((requestId) => {
    const current = trace.getStore()
    if (current) current.requestId = requestId
  })
  const pending = createPendingActions({
    dataDir: options.dataDir,
    getKey: options.getKey,
    now,
    highWater: options.highWater,
  })
  const schedule =
    options.schedule ??
    ((atMs: number, run: () => void) => {
      const timer = setTimeout(run, Math.max(0, atMs - now()))
      return () => clearTimeout(timer)
    })
  const queuedStore = createQueuedStore({
    dataDir: options.dataDir,
    getKey: options.getKey,
    ...(options.highWater ? { highWater: options.highWater } : {}),
  })
  return {
    options,
    now,
    trace,
    pending,
    stopObserving,
    madeHere: new Map(),
    queued: new Map(),
    queuedStore,
    schedule,
  }
}

/** Runs `run`, noting the request id of the API call made inside it (for the Inspector). */
export async function traced<T>(
  ctx: ActionsContext,
  run: () => Promise<T>,
): Promise<{ value: T; requestId: string | null }> {
  const t = { requestId: null as string | null }
  const value = await ctx.trace.run(t, run)
  return { value, requestId: t.requestId }
}

export function fingerprintOf(connection: ActiveConnectionInfo, action: KeyedAction): string {
  return createHash('sha256')
    .update(JSON.stringify([connection.id, action.kind, action.target, action.params]))
    .digest('hex')
}

/**
 * Sends one write with the key kept for this exact action (connection, kind, object, parameters),
 * after the live confirmation; forgets the key once the answer is definitive. Every write is recorded
 * with the service's answer (`recorded`: what it is, in the record's terms), whatever the answer.
 */
export async function keyedWrite<T>(
  ctx: ActionsContext,
  connection: ActiveConnectionInfo,
  action: KeyedAction,
  recorded: Omit<RecordedWrite, 'idempotencyKey'>,
  send: (idempotencyKey: string) => Promise<T>,
): Promise<{ value: T; requestId: string | null }> {
  const fingerprint = fingerprintOf(connection, action)
  const key = await ctx.pending.with((entries) => {
    const existing = entries[fingerprint]
    if (existing) return existing.key
    const created = randomUUID()
    entries[fingerprint] = { key: created, createdAt: ctx.now() }
    return created
  })
  try {
    const write = { ...recorded, idempotencyKey: key }
    const result = await traced(ctx, () => recordedSend(ctx.options.record, write, () => send(key)))
    await ctx.pending.with((entries) => void delete entries[fingerprint])
    return result
  } catch (error) {
    if (isApiError(error) && error.kind === 'http' && isDefinitiveClientError(error.status)) {
      await ctx.pending.with((entries) => void delete entries[fingerprint])
    }
    throw error
  }
}

/**
 * Sends a cancel or update (PATCH, DELETE) and records it, without an Idempotency-Key: the service
 * ignores one on these (https://docs.mollie.com/overview/api-idempotency); the client reads the object
 * before any resend (src/main/api/resources/resources.ts), and the action's own read refuses a repeat.
 */
export async function unkeyedWrite<T>(
  ctx: ActionsContext,
  recorded: Omit<RecordedWrite, 'idempotencyKey'>,
  send: () => Promise<T>,
): Promise<{ value: T; requestId: string | null }> {
  return traced(ctx, () => recordedSend(ctx.options.record, { ...recorded, idempotencyKey: null }, send))
}

export function originOf(from: View | undefined, action: string): RequestOrigin {
  return { screen: from === 'order' ? 'order' : 'payments', action }
}

/**
 * On a live connection, main's own dialog with a summary built from what main read. A payment of an
 * order carries no address of its own: the dialog then names the order's customer (`orderId`, issue
 * 49 item 7), read now; a failed read leaves the customer unnamed rather than stopping the question.
 */
export async function livePrompt(
  ctx: ActionsContext,
  connection: ActiveConnectionInfo,
  summary: Pick<LiveWriteSummary, 'action' | 'amount' | 'reference' | 'customer' | 'callbacks'> & {
    orderId?: string | undefined
  },
): Promise<void> {
  if (!connection.isLive) return
  const liveWrites = ctx.options.liveWrites ?? refuseEveryLiveWrite
  const { orderId, ...shown } = summary
  const customer = shown.customer ?? (orderId ? await orderCustomer(ctx, orderId).catch(() => null) : null)
  await requireLiveConfirmation(liveWrites, { connection: connection.label, lineCount: null, ...shown, customer })
}

async function orderCustomer(ctx: ActionsContext, orderId: string): Promise<string | null> {
  const client = await ctx.options.connections.getActiveClient()
  const order = await client.getOrder(orderId, {
    priority: 'user',
    origin: { screen: 'payments', action: 'read the order’s customer' },
  })
  const name = customerName(order.billingAddress)
  return name ? `${name}, order ${order.orderNumber}` : null
}

/** The payment read fresh before a cancel or change; a read that leaves its state unknown sends nothing. */
export async function freshPayment(client: ActionsClient, id: string, from: View | undefined, action: string) {
  return readBeforeAct(id, `a ${action}`, () =>
    client.getPayment(id, { priority: 'user', origin: originOf(from, `read before ${action}`) }),
  )
}

export function refuse(reason: string | null): void {
  if (reason) throw new UserFacingError('conflict', `Nothing was sent: ${reason}`)
}

export function customerName(address: Address | undefined): string | null {
  if (!address) return null
  const name = [address.givenName, address.familyName].filter((p) => p && p.trim() !== '').join(' ')
  if (name && address.email) return `${name} <${address.email}>`
  return name || address.email || null
}

export function money(a: { currency: string; value: string } | undefined): string | null {
  return a ? `${a.currency} ${a.value}` : null
}
