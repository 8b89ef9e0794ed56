// When a gate lets a request of some priority go (limiter.ts): the pause, the tokens it needs
// (a safety margin until the server's refill is seen, the background's reserve), the share of a
// bucket used by others. A pure reading of the gate (gate.ts), except what it notes for later:
// a cold bucket's slow start, and demand above the rate (probe.ts).

import type { RequestPriority } from '../../../shared/api-events'
import { backgroundWaitMs, startSlow, type ShareOptions } from './bucket-share'
import { capacityOf, EPSILON, isCold, margin, ownRate, pauseEnd, rateOf, refill, type Gate } from './gate'
import { noteDemand } from './probe'
import { BACKGROUND_RESERVE } from './types'

export interface AdmissionOptions {
  /** Hold back a margin of tokens until the server's refill is seen (LimiterOptions.safetyMargin). */
  safetyMargin: boolean
  /** A team's cold start (LimiterOptions.slowStart). */
  slowStart: boolean
  random: () => number
  share: ShareOptions
}

/**
 * 0 when the gate admits a request of this priority now, else ms to wait (Infinity: until a
 * response arrives). Background requests leave one token in the bucket (when it holds more than
 * one): a sync that spends every token as it refills would make an agent's request wait for the
 * next one, up to a token interval plus whatever else the main thread is doing; with the reserve
 * the agent's request finds a token at once, and the sync still runs at the refill rate.
 */
export function waitMs(g: Gate, now: number, priority: RequestPriority, o: AdmissionOptions): number {
  const from = priority === 'background' ? g.backgroundFrom : -Infinity
  const pause = Math.max((pauseEnd(g, priority, now) ?? now) - now, from - now)
  if (!g.learned) {
    // One at a time, except that a user call never waits behind the instance's own background
    // probe (a sync's first page must not hold an agent's first lookup).
    const userMayPass = priority === 'user' && g.userInFlight === 0 && g.inFlight < 2
    if (g.inFlight >= 1 && !userMayPass) return Infinity
    return pause
  }
  refill(g, now)
  if (priority === 'background' && o.slowStart && isCold(g, now)) startSlow(g.share, rateOf(g), now, o.random())
  // Until the server's refill is observed, a safety margin stays in the bucket: the first burst
  // drains it to the server's r exactly, and the refill the estimate then assumes may start
  // later on the server (issue 15 item 4: 429s right after the first burst).
  let need = 1 + (g.refillSeen || !o.safetyMargin ? 0 : margin(g))
  if (priority === 'background') need += Math.min(BACKGROUND_RESERVE, Math.max(0, capacityOf(g) - need))
  const own = ownRate(g)
  // A user call counts on the whole refill since the server's last figure, not only on what the
  // others seem to leave: an agent must not wait on a pessimistic guess while the bucket has
  // tokens (at worst one 429; the background yields it back). Never across a pause (one slot at its end).
  const since = Math.max(g.correctedAt, g.userPausedUntil ?? -Infinity)
  const tokens =
    priority === 'user'
      ? Math.min(capacityOf(g), g.tokens + ((rateOf(g) - own) * Math.max(0, now - since)) / 1000)
      : g.tokens
  const rate = priority === 'user' ? rateOf(g) : own
  const tokenWait = tokens >= need - EPSILON ? 0 : ((need - tokens) / rate) * 1000
  // Waiting for a token, not a pause: demand above the rate (a pessimistic policy is questioned)
  if (tokenWait > 0 && pause <= 0) noteDemand(g.probe, now)
  // Others use the bucket: background work keeps to its share and waits while the bucket is low.
  const shareWait =
    priority === 'background'
      ? backgroundWaitMs(
          g.share,
          { tokens: g.tokens, capacity: capacityOf(g), rate: rateOf(g), ownRate: own },
          now,
          o.share,
        )
      : 0
  return Math.max(pause, tokenWait, shareWait)
}
