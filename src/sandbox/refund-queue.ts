// Refunds the balance could not cover (https://docs.mollie.com/payments/refunds: `queued`, "due to a
// lack of balance"), in the order they were made, and when each left the queue: the moment its
// amount was taken from the balance (ledger.ts). Below the store, which holds one.
import type { RefundData } from './records'

export class RefundQueue {
  /** queued refunds by id, oldest first (a Map keeps insertion order) */
  private readonly waiting = new Map<string, RefundData>()
  /** refund id → when it left the queue (ms); a refund never queued is taken at its creation */
  private readonly released = new Map<string, number>()

  add(refund: RefundData): void {
    this.waiting.set(refund.id, refund)
  }

  get size(): number {
    return this.waiting.size
  }

  /** The queued refunds, oldest first. */
  queued(): RefundData[] {
    return [...this.waiting.values()]
  }

  /** The refund leaves the queue at `atMs` (its amount is taken then), or is dropped (canceled). */
  release(refund: RefundData, atMs: number | null): void {
    this.waiting.delete(refund.id)
    if (atMs !== null) this.released.set(refund.id, atMs)
  }

  /** When the refund's amount left the balance: its release, else its creation. */
  takenAtMs(refund: RefundData): number {
    return this.released.get(refund.id) ?? Date.parse(refund.createdAt)
  }
}
