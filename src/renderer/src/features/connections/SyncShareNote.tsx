import { useEffect } from 'react'
import { useInspectorStore } from '../../stores/window-stores'
import { backgroundShareText, tightestBucket } from '../../lib/rate-limits'

/**
 * On the Connections screen: how much of the active connection's read quota the background sync
 * takes while others (the team's other Paydesks, the merchant's shop) use the same bucket, and how
 * busy the others are now: main's figures (BucketSnapshot.background), in plain words.
 */
export function SyncShareNote({ label }: { label: string }): React.JSX.Element | null {
  const buckets = useInspectorStore((s) => s.buckets)
  const startFeeds = useInspectorStore((s) => s.startFeeds)
  useEffect(() => startFeeds(), [startFeeds])
  const read = tightestBucket(buckets, 'read', Date.now())
  const text = read ? backgroundShareText(read) : null
  if (!read || !text) return null
  return (
    <div className="panel" role="note" data-testid="connections-sync-share" data-policy={read.policy}>
      <h2>Sharing the rate limit</h2>
      <p>
        “{label}” shares its rate limit with everyone acting for the same merchant. {text}
      </p>
    </div>
  )
}
