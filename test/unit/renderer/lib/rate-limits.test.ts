import { describe, expect, it } from 'vitest'
import { backgroundShareText, overloadTag, overloadText } from '../../../../src/renderer/src/lib/rate-limits'
import { bucketSnapshot } from '../../helpers/bucket-snapshot'

describe('the background share in words (issue 27 item 4)', () => {
  it('while others use the bucket: the configured share and how busy the others are, from main’s figures', () => {
    const text = backgroundShareText(
      bucketSnapshot({
        background: { configuredShare: 0.25, share: 0.031, othersActive: true, othersPerSecond: 7.84 },
      }),
    )
    expect(text).toBe(
      "Background sync uses up to 25 % of this connection's read quota while others (your team, your shop) use it; it runs at full speed when nobody else does. Others now: about 7.8 requests/s, so the sync takes about 3 % now; it slows down further while the bucket is low.",
    )
    const nearlyPaused = backgroundShareText(
      bucketSnapshot({ background: { configuredShare: 0.25, share: 0.005, othersActive: true, othersPerSecond: 20 } }),
    )
    expect(nearlyPaused).toContain('the sync takes under 1 % now')
    const busy = backgroundShareText(
      bucketSnapshot({ background: { configuredShare: 0.4, share: 0.4, othersActive: true, othersPerSecond: 18.6 } }),
    )
    expect(busy).toContain('up to 40 %')
    expect(busy).toContain('about 19 requests/s')
  })

  it('alone on the bucket it says the sync may run at full speed; no view, no words', () => {
    const alone = backgroundShareText(
      bucketSnapshot({ background: { configuredShare: 0.25, share: 1, othersActive: false, othersPerSecond: 0 } }),
    )
    expect(alone).toContain('up to 25 %')
    expect(alone).toContain('Nobody else is using it now')
    expect(backgroundShareText(bucketSnapshot())).toBeNull()
  })
})

describe('a slow start, in words (issue 46 item 1)', () => {
  it('says the sync is starting slowly while the bucket is not known yet, not that it runs at full speed', () => {
    const text = backgroundShareText(
      bucketSnapshot({
        background: { configuredShare: 0.25, share: 0.031, othersActive: false, othersPerSecond: 0, startingUp: true },
      }),
    )
    expect(text).toContain(
      "Starting up: until the service's figures show whether others use it, the sync takes about 3 % and speeds up every half second while the bucket stays above half.",
    )
    expect(text).not.toContain('so the sync may run at full speed')
  })
})

describe('over the quota, in words (issue 46 item 7)', () => {
  it('names who uses the limit up and how long a lookup waits, from main’s figures', () => {
    const text = overloadText(
      bucketSnapshot({
        overload: { lookupWaitMs: 11_600 },
        background: { configuredShare: 0.25, share: 0.005, othersActive: true, othersPerSecond: 48.2 },
      }),
    )
    expect(text).toBe(
      "The merchant's read limit is used up by other apps on the merchant's account (other desks, the shop); besides this desk about 48 requests/s: lookups wait about 12 s. Your lookups still go before the background sync, which waits.",
    )
    expect(overloadText(bucketSnapshot())).toBeNull()
  })

  it('names how many desks of the team share the bucket when main counted them, "other apps" when it cannot', () => {
    const over = (otherDesks?: number) =>
      bucketSnapshot({
        overload: { lookupWaitMs: 4_400, ...(otherDesks === undefined ? {} : { otherDesks }) },
        background: { configuredShare: 0.25, share: 0.005, othersActive: true, othersPerSecond: 30 },
      })
    expect(overloadText(over(19))).toBe(
      "The merchant's read limit is used up by this desk, 19 other desks of your team and the merchant's other apps (the shop); besides this desk about 30 requests/s: lookups wait about 4 s. Your lookups still go before the background sync, which waits.",
    )
    expect(overloadTag(over(19))).toBe('limit used up by 20 desks and other apps')
    expect(overloadText(over(1))).toContain('this desk, 1 other desk of your team')
    expect(overloadText(over(0))).toContain(
      "used up by the merchant's other apps (the shop; none of your team's other desks is online)",
    )
    expect(overloadText(over())).toContain("used up by other apps on the merchant's account (other desks, the shop)")
    expect(overloadTag(over())).toBe('limit used up')
    expect(overloadTag(bucketSnapshot())).toBeNull()
  })
})
