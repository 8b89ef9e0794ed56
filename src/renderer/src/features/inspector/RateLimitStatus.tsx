import { useEffect } from 'react'
import { useAppStore, useInspectorStore } from '../../stores/window-stores'
import {
  activityText,
  backgroundShareText,
  bucketNumbers,
  isLow,
  isPaused,
  overloadTag,
  overloadText,
  pausedSeconds,
  tightestBucket,
} from '../../lib/rate-limits'
import { useNow } from '../../lib/useNow'
import './inspector.css'

/** The compact rate-limit gauge in the status bar: "READ 38/50 · WRITE 10/10", amber when low. */
export function RateLimitStatus(): React.JSX.Element | null {
  const buckets = useInspectorStore((s) => s.buckets)
  const navigate = useAppStore((s) => s.setScreen)
  const startFeeds = useInspectorStore((s) => s.startFeeds)
  useEffect(() => startFeeds(), [startFeeds])
  const anyPaused = buckets.some((b) => b.pausedUntil !== null && b.pausedUntil > Date.now())
  const now = useNow(anyPaused)
  const parts = (['read', 'write'] as const).flatMap((cls) => {
    const b = tightestBucket(buckets, cls, now)
    if (!b) return []
    const paused = isPaused(b, now)
    return [
      {
        cls,
        policy: b.policy,
        numbers: bucketNumbers(b),
        low: isLow(b, now) || b.overload !== undefined,
        text: `${cls.toUpperCase()} ${bucketNumbers(b)}${paused ? ` · paused ${pausedSeconds(b, now)} s` : ''}${b.overload ? ` · ${overloadTag(b) ?? ''}` : ''}`,
        title: [
          overloadText(b),
          `${b.policy}: ${b.remaining} of ${b.capacity} left, ${b.ratePerSecond}/s, ${activityText(b, now)}`,
          backgroundShareText(b),
        ]
          .filter(Boolean)
          .join('\n'),
      },
    ]
  })
  if (parts.length === 0) return null
  const low = parts.some((p) => p.low)
  return (
    <button
      type="button"
      className={`statusbar-item ratelimit-status${low ? ' low' : ''}`}
      data-testid="ratelimit-status"
      onClick={() => navigate('inspector')}
      title="Rate limits of the active connection (open the Inspector)"
    >
      {parts.map((p, i) => (
        <span
          key={p.cls}
          className={p.low ? 'rl-low' : undefined}
          title={p.title}
          data-testid={`ratelimit-status-${p.cls}`}
          data-policy={p.policy}
          data-numbers={p.numbers}
        >
          {i > 0 ? ' · ' : ''}
          {p.text}
        </span>
      ))}
    </button>
  )
}
