import { useEffect } from 'react'
import { useInspectorStore } from '../../stores/window-stores'
import { bucketNumbers, tightestBucket, waitSeconds } from '../../lib/rate-limits'
import { useNow } from '../../lib/useNow'

interface RateLimitGaugeProps {
  /** A list request of this screen is in progress. */
  busy: boolean
  onCancel: () => void
}

/**
 * The READ limit above the payments list: the same bucket and numbers as the status bar's READ
 * and the Inspector's panel (one source: main's rateLimit.state / rateLimit.changed).
 */
export function RateLimitGauge({ busy, onCancel }: RateLimitGaugeProps): React.JSX.Element {
  const buckets = useInspectorStore((s) => s.buckets)
  const startFeeds = useInspectorStore((s) => s.startFeeds)
  useEffect(() => startFeeds(), [startFeeds])
  const anyPaused = buckets.some((b) => b.pausedUntil !== null && b.pausedUntil > Date.now())
  const now = useNow(busy || anyPaused)
  const bucket = tightestBucket(buckets, 'read', now)

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
          <span className="mono" data-testid="payments-rate-remaining" data-policy={bucket.policy}>
            {bucketNumbers(bucket)}
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
