// The rate limiter's unit-test fixtures: a clock whose timers fire only when the test advances it,
// ratelimit headers, and a tracker of which acquisitions were granted.
import type { Clock } from '../../../src/main/api/clock'
import type { AcquireRequest, LimiterError, Permit, RateLimiter } from '../../../src/main/api/limiter/limiter'

/** A clock whose timers fire only when the test advances time. */
export class FakeClock implements Clock {
  t = 1_700_000_000_000
  private timers = new Map<number, { at: number; fn: () => void }>()
  private nextId = 1
  now = () => this.t
  setTimer = (fn: () => void, ms: number) => {
    const id = this.nextId++
    this.timers.set(id, { at: this.t + ms, fn })
    return id
  }
  clearTimer = (id: unknown) => {
    this.timers.delete(id as number)
  }
  async advance(ms: number): Promise<void> {
    const end = this.t + ms
    for (;;) {
      await flush()
      let next: [number, { at: number; fn: () => void }] | undefined
      for (const entry of this.timers) if (entry[1].at <= end && (!next || entry[1].at < next[1].at)) next = entry
      if (!next) break
      this.timers.delete(next[0])
      this.t = Math.max(this.t, next[1].at)
      next[1].fn()
    }
    this.t = end
    await flush()
  }
}

export async function flush(): Promise<void> {
  for (let i = 0; i < 5; i++) await Promise.resolve()
}

const policy = (name: string, q: number, burst: number) =>
  `"${name}";q=${q};w=${Math.ceil(burst / q)};service-burst=${burst}`
export const state = (name: string, r: number) => `"${name}";r=${r};t=1;service-burst=0`

export function headers(name: string, q: number, burst: number, r: number, extra: Record<string, string> = {}) {
  return { 'ratelimit-policy': policy(name, q, burst), ratelimit: state(name, r), ...extra }
}

/** Tracks which acquisitions have been granted. */
export function track(limiter: RateLimiter, req: Partial<AcquireRequest> & { label: string }) {
  const entry: { label: string; permit: Permit | null; error: LimiterError | null } = {
    label: req.label,
    permit: null,
    error: null,
  }
  limiter
    .acquire({ cls: 'read', endpointKey: 'GET /payments', priority: 'user', ...req })
    .then((p) => (entry.permit = p))
    .catch((e: LimiterError) => (entry.error = e))
  return entry
}

export const granted = (entries: { permit: Permit | null }[]) => entries.filter((e) => e.permit).length
