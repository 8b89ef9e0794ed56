// The client's circuit for a service that stays down (issue 46 item 6). Each call outlasts an
// outage without Retry-After for its own budget (retry.ts: 20 s for a read, 10 s for a write safe
// to resend); once a call has used its whole budget and no call of the client got a proper answer
// for a read's budget, the service is down for everyone: the client then sends nothing for
// `circuitPauseMs` and every call fails at once,
// saying so, instead of each call hammering the service on its own. Any answer that is not an
// outage (a 2xx, a 4xx, a 429) closes the circuit; after the pause the next call goes out as a
// probe, and if the service is still down the circuit opens again at that call's first failure.

import type { AttemptFailure } from './retry'
import { describeFailure } from './retry'

export class OutageCircuit {
  /** When the current run of outage failures began (clock ms), or null while the service answers. */
  private since: number | null = null
  private lastFailure = ''
  private openUntil: number | null = null
  /** The pause the circuit opened with last (a failed probe reopens it for as long). */
  private pauseMs = 0

  /** An attempt ended in an outage failure (a 502/503/504, a network fault, a timeout). */
  noteOutage(failure: AttemptFailure, now: number): void {
    if (this.since === null) this.since = now
    this.lastFailure = describeFailure(failure)
    // Still down after the pause: the probe's failure opens the circuit again at once.
    if (this.openUntil !== null && now >= this.openUntil) this.openUntil = now + this.pauseMs
  }

  /** An answer that is not an outage: the service is up. */
  noteAnswer(): void {
    this.since = null
    this.openUntil = null
  }

  /** A call gave up after its whole outage budget: stop sending for `pauseMs`. */
  open(now: number, pauseMs: number): void {
    this.pauseMs = pauseMs
    this.openUntil = Math.max(this.openUntil ?? 0, now + pauseMs)
  }

  /** While open: how long the service has been down, what it answered, and how long sending pauses. */
  refusal(now: number): { downMs: number; failure: string; resumeInMs: number } | null {
    if (this.openUntil === null || now >= this.openUntil) return null
    return { downMs: now - (this.since ?? now), failure: this.lastFailure, resumeInMs: this.openUntil - now }
  }

  /** How long the service has been failing, in the current run of outage failures. */
  downFor(now: number): number {
    return this.since === null ? 0 : now - this.since
  }
}
