import { useInspectorStore } from '../../stores/window-stores'
import {
  activityText,
  backgroundShareText,
  bucketActivity,
  bucketNumbers,
  isLow,
  overloadText,
  shownBuckets,
  tightestBucket,
} from '../../lib/rate-limits'
import { useNow } from '../../lib/useNow'
import { TableHead } from '../../components/TableHead'

/** The live state of each bucket of the active connection (spec 8.1). */
export function RateLimitPanel(): React.JSX.Element {
  const all = useInspectorStore((s) => s.buckets)
  const anyPaused = all.some((b) => b.pausedUntil !== null && b.pausedUntil > Date.now())
  const now = useNow(anyPaused)
  const buckets = shownBuckets(all)
  const read = tightestBucket(all, 'read', now)
  const summary = new Set([read, tightestBucket(all, 'write', now)])
  const background = read ? backgroundShareText(read) : null
  const overload = read ? overloadText(read) : null
  return (
    <section className="panel rl-panel" aria-labelledby="rl-title" data-testid="ratelimit-panel">
      <h2 id="rl-title">Rate limits</h2>
      {buckets.length === 0 ? (
        <p className="muted">No requests yet on the active connection: buckets appear after its first answer.</p>
      ) : (
        <table className="data rl-table">
          <TableHead columns={['Bucket', 'Class', 'Left', 'Rate', 'Queued', 'In flight', 'State']} />
          <tbody>
            {buckets.map((b) => {
              const share = b.capacity > 0 ? Math.min(1, b.remaining / b.capacity) : 0
              const activity = bucketActivity(b, now)
              return (
                <tr
                  key={`${b.class}:${b.policy}`}
                  data-testid="ratelimit-bucket"
                  data-policy={b.policy}
                  data-class={b.class}
                  data-summary={summary.has(b) ? 'true' : undefined}
                  className={isLow(b, now) ? 'rl-row-low' : undefined}
                >
                  <td className="mono">{b.learned ? b.policy : `${b.class} (not yet learned)`}</td>
                  <td>{b.class.toUpperCase()}</td>
                  <td>
                    <span className="rl-meter" aria-hidden="true">
                      <span className="rl-meter-fill" style={{ width: `${Math.round(share * 100)}%` }} />
                    </span>{' '}
                    <span data-testid="ratelimit-bucket-numbers">{bucketNumbers(b)}</span>
                  </td>
                  <td>{b.ratePerSecond}/s</td>
                  <td>{b.queued}</td>
                  <td>{b.inFlight}</td>
                  <td>
                    <span
                      className={`badge ${activity === 'paused' || activity === 'waiting' ? 'badge-warn' : activity === 'sending' ? 'badge-ok' : ''}`}
                    >
                      {activityText(b, now)}
                    </span>
                  </td>
                </tr>
              )
            })}
          </tbody>
        </table>
      )}
      {overload && (
        <p className="field-hint rl-overload" role="status" data-testid="ratelimit-overload" data-policy={read?.policy}>
          {overload}
        </p>
      )}
      {background && (
        <p className="field-hint" data-testid="ratelimit-background" data-policy={read?.policy}>
          {background}
        </p>
      )}
    </section>
  )
}
