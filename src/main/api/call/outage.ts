// The client's circuit for a service that stays down (issue 46 item 6). Each call outlasts an
// outage without Retry-After for its own budget (retry.ts: 20 s for a read, 10 s for a write safe
// to resend); once a call has used its whole budget and no call of the client got a proper answer
// for a read's budget, the service is down for everyone: the circuit opens and calls fail at once,
// saying so, instead of each call hammering the service on its own.
//
// Open is half-open for the agent (issue 46 review of item 6): an agent's call (user priority) may
// go out as a probe while no other agent's probe is in flight and the last probe ended at least
// PROBE_SPACING_MS ago, so a service that comes back answers the agent's next lookup, not one 15 s
// later; a service still down sees about one request a second from a desk. Background work (the
// sync) waits for the whole pause, then one of its calls may probe while no other probe is out (a
// sync's probe waiting in its bucket's queue never holds an agent's). Any answer that is not an
// outage (a 2xx, a 4xx, a 429) closes the circuit; a probe's outage keeps it open.

import type { RequestPriority } from '../../../shared/api-events'
import type { AttemptFailure } from './retry'
import { describeFailure } from './retry'

/** Shortest time between two probes of an open circuit (ms): a down service sees at most one a second. */
const PROBE_SPACING_MS = 1000

/** Why an attempt is not sent while the circuit is open. */
interface CircuitRefusal {
  downMs: number
  failure: string
  resumeInMs: number
}

/** Whether an attempt may go now (`refusal` null), and whether it probes an open circuit (pass it back to `probeDone`). */
interface CircuitAdmission {
  refusal: CircuitRefusal | null
  probe: boolean
}

export class OutageCircuit {
  /** When the current run of outage failures began (clock ms), or null while the service answers. */
  private since: number | null = null
  private lastFailure = ''
  private openUntil: number | null = null
  /** The pause the circuit opened with last (a failed background probe reopens it for as long). */
  private pauseMs = 0
  /** Probes in flight: an agent's and the background's apart (a sync's probe queued behind its bucket must not hold a lookup). */
  private readonly probing: Record<RequestPriority, boolean> = { user: false, background: false }
  private lastProbeEnd = -Infinity

  /**
   * May an attempt of this priority be sent now? Closed: yes. Open: an agent's call may probe it
   * (one at a time, PROBE_SPACING_MS apart), background work once the pause has ended.
   */
  admit(now: number, priority: RequestPriority): CircuitAdmission {
    if (this.openUntil === null) return { refusal: null, probe: false }
    const mayProbe =
      priority === 'user'
        ? !this.probing.user && now - this.lastProbeEnd >= PROBE_SPACING_MS
        : !this.probing.user && !this.probing.background && now >= this.openUntil
    if (mayProbe) {
      this.probing[priority] = true
      return { refusal: null, probe: true }
    }
    return { refusal: this.refusalAt(now), probe: false }
  }

  /** The probe's attempt ended (answered, failed or stopped): the next one may go after the spacing. */
  probeDone(now: number, priority: RequestPriority): void {
    this.probing[priority] = false
    this.lastProbeEnd = now
  }

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
    // The call that gave up was the last try: the first probe waits the spacing from now.
    this.lastProbeEnd = Math.max(this.lastProbeEnd, now)
    this.openUntil = Math.max(this.openUntil ?? 0, now + pauseMs)
  }

  /** While open: how long the service has been down, what it answered, and how long sending pauses. */
  refusal(now: number): CircuitRefusal | null {
    if (this.openUntil === null) return null
    return this.refusalAt(now)
  }

  private refusalAt(now: number): CircuitRefusal {
    const resumeInMs = Math.max(0, (this.openUntil ?? now) - now)
    return { downMs: now - (this.since ?? now), failure: this.lastFailure, resumeInMs }
  }

  /** How long the service has been failing, in the current run of outage failures. */
  downFor(now: number): number {
    return this.since === null ? 0 : now - this.since
  }
}
