// What happens to objects as the sandbox clock moves (docs/SANDBOX.md "The sandbox clock"): an open
// payment expires at its `expiresAt` (https://docs.mollie.com/payments/status-changes), refunds
// move on from `pending` (routes/refunds.ts). Each change is scheduled on the clock when the object
// is made, and runs at the next request or clock move after its time.
import type { SandboxContext } from './server'
import { serviceTimestamp } from './resources'
import type { PaymentRecord } from './store'

export type ChangedKind = 'payment' | 'order' | 'refund' | 'chargeback'

/** Listeners told about every status change (the webhook sender subscribes). */
export type StatusListener = (ctx: SandboxContext, kind: ChangedKind, id: string) => void

export class SandboxEvents {
  private readonly listeners: StatusListener[] = []

  on(listener: StatusListener): void {
    this.listeners.push(listener)
  }

  emit(ctx: SandboxContext, kind: ChangedKind, id: string): void {
    for (const listener of this.listeners) listener(ctx, kind, id)
  }
}

/** Schedules the expiry of an open payment at its `expiresAt`. */
export function scheduleExpiry(ctx: SandboxContext, record: PaymentRecord): void {
  const expiresAt = record.data.expiresAt
  if (record.data.status !== 'open' || expiresAt === undefined) return
  const atMs = Date.parse(expiresAt)
  if (!Number.isFinite(atMs)) return
  ctx.clock.schedule(atMs, (dueMs) => {
    if (record.data.status !== 'open') return
    if (ctx.store.applyOutcome(record.data.id, 'expired', serviceTimestamp(dueMs))) {
      ctx.events.emit(ctx, 'payment', record.data.id)
    }
  })
}
