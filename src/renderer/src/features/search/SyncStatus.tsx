import { useEffect } from 'react'
import { useSearch, useSearchStore } from './search-context'
import { formatCount } from '../../../../shared/count'

/** Sync state in the status bar: progress while running (cancellable), otherwise what happened last. */
export function SyncStatus(): React.JSX.Element | null {
  const store = useSearchStore()
  const sync = useSearch((s) => s.sync)
  useEffect(() => store.getState().listen(), [store])
  if (!sync || sync.state === 'idle') return null
  if (sync.state === 'running') {
    return (
      <span className="statusbar-item sync-status" data-testid="sync-status">
        Syncing {sync.kind ?? ''}: {formatCount(sync.items)} items, {sync.pages} pages ({sync.pagesPerSecond.toFixed(1)}{' '}
        pages/s)
        <button type="button" className="btn btn-small" onClick={() => void store.getState().cancelSync()}>
          Cancel
        </button>
      </span>
    )
  }
  const text =
    sync.state === 'done'
      ? `Index up to date (${formatCount(sync.items)} new or changed)`
      : sync.state === 'canceled'
        ? 'Sync canceled; it continues where it stopped next time'
        : `Sync interrupted: ${sync.error ?? ''}`
  return (
    <span
      className={sync.state === 'interrupted' ? 'statusbar-item sync-status error' : 'statusbar-item sync-status muted'}
      data-testid="sync-status"
    >
      {text}
    </span>
  )
}
