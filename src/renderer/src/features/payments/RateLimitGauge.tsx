import { useEffect, useState } from 'react'
import type { BucketSnapshot } from '../../../../shared/api-events'

/** The READ bucket the payments list goes through (spec 8.1.4): the learned GET payments policy first. */
export function readBucket(buckets: readonly BucketSnapshot[]): BucketSnapshot | null {
  const reads = buckets.filter((b) => b.class === 'read')
  return reads.find((b) => b.policy === 'get-v2-payments') ?? reads.find((b) => b.learned) ?? reads[0] ?? null
}

/**
 * Seconds until a waiting request may go: the pause after a 429 (Retry-After), or, when requests
 * are merely queued, the time for the bucket to refill one token. null when nothing waits.
 */
export function waitSeconds(bucket: BucketSnapshot | null, nowMs: number): number | null {
  if (!bucket) return null
  if (bucket.pausedUntil !== null && bucket.pausedUntil > nowMs)
    return Math.max(1, Math.ceil((bucket.pausedUntil - nowMs) / 1000))
  if (bucket.queued > 0) {
    const missing = Math.max(0, 1 - bucket.remaining)
    return Math.max(1, Math.ceil(bucket.ratePerSecond > 0 ? missing / bucket.ratePerSecond : 1))
  }
  return null
}

export interface RateLimitGaugeProps {
  buckets: readonly BucketSnapshot[]
  /** A list request of this screen is in progress. */
  busy: boolean
  onCancel: () => void
}

export function RateLimitGauge({ buckets, busy, onCancel }: RateLimitGaugeProps): React.JSX.Element {
  const [now, setNow] = useState(() => Date.now())
  const bucket = readBucket(buckets)
  useEffect(() => {
    if (!busy && !bucket?.pausedUntil) return
    const timer = setInterval(() => setNow(Date.now()), 250)
    return () => clearInterval(timer)
  }, [busy, bucket?.pausedUntil])

  const wait = busy ? waitSeconds(bucket, now) : null
  const fraction = bucket && bucket.capacity > 0 ? Math.max(0, Math.min(1, bucket.remaining / bucket.capacity)) : null
  const level = fraction === null ? '' : fraction < 0.2 ? 'low' : fraction < 0.5 ? 'mid' : 'ok'

  return (
    <div className="pay-rate" data-testid="payments-rate">
      <span
        className="pay-rate-label"
        title={bucket ? `Policy ${bucket.policy}${bucket.learned ? '' : ' (not yet learned)'}` : undefined}
      >
        Read limit
      </span>
      {bucket ? (
        <>
          <meter
            className={`pay-rate-meter ${level}`}
            min={0}
            max={bucket.capacity}
            value={bucket.remaining}
            aria-label="Read requests available"
          />
          <span className="mono" data-testid="payments-rate-remaining">
            {bucket.remaining}/{bucket.capacity}
          </span>
          <span className="muted">{bucket.ratePerSecond}/s</span>
        </>
      ) : (
        <span className="muted">no requests yet</span>
      )}
      {wait !== null && (
        <span className="pay-rate-wait" role="status" data-testid="payments-waiting">
          <span className="spinner" aria-hidden="true" /> Waiting for rate limit ({wait} s)
          <button type="button" className="btn btn-small" onClick={onCancel} data-testid="payments-cancel">
            Cancel
          </button>
        </span>
      )}
    </div>
  )
}
