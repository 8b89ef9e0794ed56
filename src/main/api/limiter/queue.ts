// The limiter's waiting requests (limiter.ts): one queue per priority, ordered by key, and the
// bounds per class and priority. It knows nothing of buckets: the limiter decides who leaves.

import type { RequestClass, RequestPriority } from '../../../shared/api-events'
import { LimiterError, type Waiter } from './types'

export const PRIORITIES = ['user', 'background'] as const

export class WaitQueue {
  private readonly queues: Record<RequestPriority, Waiter[]> = { user: [], background: [] }
  /** Waiting requests that count toward a bound, per `${cls}` and `${cls} background`. */
  private readonly bounded = new Map<string, number>()

  constructor(private readonly maxQueue: number) {}

  /**
   * Bounds per class and priority (a read backlog must never refuse a write, a background sync
   * never a user's call): each class has its own bound, background work of a class has the same
   * bound on its own, and at a full class the newest background request yields to a user one.
   * Returns the refusal, or null when the request may queue.
   */
  admit(cls: RequestClass, priority: RequestPriority): LimiterError | null {
    const full = (what: string) =>
      new LimiterError(
        'queue-full',
        `The ${what} queue is full (${this.maxQueue} waiting); nothing was sent. Try again shortly.`,
      )
    const background = this.bounded.get(`${cls} background`) ?? 0
    if (priority === 'background') {
      if (background >= this.maxQueue) return full(`background ${cls}`)
      return null
    }
    if ((this.bounded.get(cls) ?? 0) < this.maxQueue) return null
    // The lowest-priority work yields first: the newest background request of this class.
    const q = this.queues.background
    for (let i = q.length - 1; i >= 0; i--) {
      const w = q[i]
      if (w === undefined || w.cls !== cls || !w.countsTowardBound) continue
      this.remove(w)
      w.reject(
        new LimiterError(
          'queue-full',
          `Background ${cls} request gave way to a user request (queue full); nothing was sent.`,
        ),
      )
      return null
    }
    return full(cls)
  }

  private count(w: Waiter, delta: number): void {
    if (!w.countsTowardBound) return
    this.bounded.set(w.cls, (this.bounded.get(w.cls) ?? 0) + delta)
    if (w.priority === 'background') {
      const k = `${w.cls} background`
      this.bounded.set(k, (this.bounded.get(k) ?? 0) + delta)
    }
  }

  insert(w: Waiter): void {
    const q = this.queues[w.priority]
    let i = q.length
    while (i > 0 && (q[i - 1]?.orderKey ?? -Infinity) > w.orderKey) i--
    q.splice(i, 0, w)
    this.count(w, 1)
  }

  /** Takes `w` out of its queue (it leaves: sent, cancelled or refused); false when it was not there. */
  remove(w: Waiter): boolean {
    const q = this.queues[w.priority]
    const i = q.indexOf(w)
    if (i < 0) return false
    q.splice(i, 1)
    this.count(w, -1)
    if (w.signal && w.onAbort) w.signal.removeEventListener('abort', w.onAbort)
    return true
  }

  /** The waiting requests of one priority, in order (a copy: the caller may remove while walking). */
  waiting(priority: RequestPriority): readonly Waiter[] {
    return [...this.queues[priority]]
  }

  /** How many requests wait, of one priority or all, that `match`. */
  countWhere(match: (w: Waiter) => boolean, priority?: RequestPriority): number {
    let n = 0
    for (const p of priority ? [priority] : PRIORITIES) for (const w of this.queues[p]) if (match(w)) n++
    return n
  }

  get size(): number {
    return this.queues.user.length + this.queues.background.length
  }

  /** Empties every queue (the limiter is closing): returns who was waiting. */
  drain(): Waiter[] {
    const out: Waiter[] = []
    for (const p of PRIORITIES) out.push(...this.queues[p].splice(0))
    this.bounded.clear()
    for (const w of out) if (w.signal && w.onAbort) w.signal.removeEventListener('abort', w.onAbort)
    return out
  }
}
