// What happens to objects as the sandbox clock moves (docs/SANDBOX.md "The sandbox clock"): an open
// payment expires at its `expiresAt` (https://docs.mollie.com/payments/status-changes), refunds
// move on from `pending` (routes/refunds.ts). Each change is scheduled on the clock when the object
// is made, and runs at the next request or clock move after its time.
import type { SandboxContext } from './context'
import { serviceTimestamp } from './resources'
import type { PaymentRecord } from './store'

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
