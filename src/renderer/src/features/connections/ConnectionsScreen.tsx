import { useEffect, useState } from 'react'
import type { ConnectionView } from '../../../../shared/ipc/connections'
import { useAppStore, useConnectionStore } from '../../stores/window-stores'
import { AddConnectionForm } from './AddConnectionForm'
import { ConnectionList } from './ConnectionList'
import { ModeBadge } from '../../components/ModeBadge'
import { RemoveConnectionDialog } from './RemoveConnectionDialog'
import { SyncShareNote } from './SyncShareNote'
import { TeamDatabaseSection } from './TeamDatabaseSection'
import './connections.css'

/** Connections: the merchants' keys and tokens, which one is active, and adding/testing/removing them. */
export function ConnectionsScreen(): React.JSX.Element {
  const start = useConnectionStore((s) => s.start)
  const load = useConnectionStore((s) => s.load)
  const connections = useConnectionStore((s) => s.connections)
  const active = useConnectionStore((s) => s.active)
  const loading = useConnectionStore((s) => s.loading)
  const error = useConnectionStore((s) => s.error)
  const notice = useConnectionStore((s) => s.notice)
  const switchError = useConnectionStore((s) => s.switchError)
  const clearSwitchError = useConnectionStore((s) => s.clearSwitchError)
  const setActive = useConnectionStore((s) => s.setActive)
  const takeFocus = useAppStore((s) => s.takeFocus)
  const pendingFocus = useAppStore((s) => s.pendingFocus)
  const [removing, setRemoving] = useState<ConnectionView | null>(null)
  const [added, setAdded] = useState<ConnectionView | null>(null)
  const [highlightId, setHighlightId] = useState<string | null>(null)

  useEffect(() => start(), [start])
  // Last-used times change with every request elsewhere, without an event: refresh on arrival.
  useEffect(() => {
    void load()
  }, [load])

  useEffect(() => {
    const request = takeFocus('connections')
    if (request?.connectionId) setHighlightId(request.connectionId)
  }, [takeFocus, pendingFocus])

  const addedStillThere = added && connections.some((c) => c.id === added.id) ? added : null

  return (
    <section className="screen conn-screen" aria-labelledby="connections-title">
      <header className="screen-header">
        <h1 id="connections-title">Connections</h1>
        {active && (
          <span className="conn-header-active" data-testid="connections-active">
            Active: <strong>{active.label}</strong> <ModeBadge mode={active.mode} />
          </span>
        )}
        <button type="button" className="btn" onClick={() => void load()} disabled={loading}>
          {loading ? <span className="spinner" aria-hidden="true" /> : null}
          Refresh
        </button>
      </header>

      {active?.isLive && (
        <div className="banner conn-live-banner" role="note" data-testid="live-banner">
          <strong>Live mode.</strong> Requests through “{active.label}” act on real merchants’ data with real money.
          Paydesk asks before every change.
        </div>
      )}
      {notice && (
        <div className="banner banner-warn" role="status" data-testid="connections-notice">
          {notice}
        </div>
      )}
      {error && (
        <div className="banner banner-error" role="alert" data-testid="connections-error">
          <strong>The connections could not be loaded.</strong> {error.message}{' '}
          {error.code === 'keychain-unavailable'
            ? 'Unlock or start the system keychain, then retry.'
            : 'Retry; if it keeps failing, restart Paydesk.'}{' '}
          <button type="button" className="btn btn-small" onClick={() => void load()}>
            Retry
          </button>
        </div>
      )}
      {switchError && (
        <div className="banner banner-error" role="alert" data-testid="switch-error">
          <strong>The active connection was not changed.</strong> {switchError.message}{' '}
          <button type="button" className="btn btn-small" onClick={clearSwitchError}>
            Dismiss
          </button>
        </div>
      )}
      {addedStillThere && (
        <div className="banner banner-ok conn-added" role="status" data-testid="connection-added">
          <span>
            Added <strong>{addedStillThere.label}</strong> (<span className="mono">{addedStillThere.masked}</span>).
            Test it, or make it the active connection.
          </span>
          {addedStillThere.id !== active?.id && (
            <button
              type="button"
              className="btn btn-small btn-primary"
              onClick={() => void setActive(addedStillThere.id)}
            >
              Use it now
            </button>
          )}
          <button type="button" className="btn btn-small" onClick={() => setAdded(null)}>
            Dismiss
          </button>
        </div>
      )}

      <div className="panel conn-list-panel">
        <h2>Saved connections</h2>
        {connections.length > 0 ? (
          <ConnectionList connections={connections} highlightId={highlightId} onRemove={setRemoving} />
        ) : loading ? (
          <div className="empty-state" role="status">
            <span className="spinner" aria-hidden="true" /> Loading connections…
          </div>
        ) : (
          <div className="empty-state">No connections could be listed.</div>
        )}
      </div>

      {active && <SyncShareNote label={active.label} />}

      <AddConnectionForm onAdded={setAdded} />

      <TeamDatabaseSection />

      {removing && (
        <RemoveConnectionDialog
          connection={removing}
          onClose={(removed) => {
            if (removed && added?.id === removing.id) setAdded(null)
            setRemoving(null)
          }}
        />
      )}
    </section>
  )
}
