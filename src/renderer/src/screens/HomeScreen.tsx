import { useEffect } from 'react'
import { useAppStore, useConnectionStore } from '../stores/window-stores'
import { ModeBadge } from '../components/ModeBadge'
import { useBuilderStores, useDrafts } from '../features/builder/builder-context'
import { useOpenTarget } from '../features/search/SearchBox'
import { useSearch, useSearchStore } from '../features/search/search-context'
import { Welcome } from '../features/home/Welcome'
import { TeamCases } from '../features/team/TeamCases'
import { RefundRequests } from '../features/team/RefundRequests'
import '../features/home/home.css'
import { agoInWords, formatMoment } from '../../../shared/dates'
import { formatCount } from '../../../shared/count'
import { IndexCapChoice } from '../features/home/IndexCapChoice'

const STATUS_ORDER = ['paid', 'authorized', 'open', 'pending', 'failed', 'expired', 'canceled']

function StatusCounts({ counts, testId }: { counts: Record<string, number>; testId: string }): React.JSX.Element {
  const keys = [
    ...STATUS_ORDER.filter((s) => s in counts),
    ...Object.keys(counts).filter((s) => !STATUS_ORDER.includes(s)),
  ]
  if (keys.length === 0) return <p className="muted">No payments in the index for this period.</p>
  return (
    <ul className="home-counts" data-testid={testId}>
      {keys.map((status) => (
        <li key={status}>
          <span className={`badge status-${status}`}>{status}</span> <strong>{counts[status]}</strong>
        </li>
      ))}
    </ul>
  )
}

/** A customer to search for in the welcome: an e-mail (or name) the index holds, never a fixed one. */
function welcomeExample(hits: readonly { customer: string }[]): string | null {
  for (const hit of hits) {
    const parts = hit.customer.split(' · ').map((p) => p.trim())
    const found = parts.find((p) => p.includes('@')) ?? parts.find((p) => p !== '')
    if (found) return found
  }
  return null
}

/** The default screen: search, what happened recently, failures to call about, drafts, connection, errors. */
export function HomeScreen(): React.JSX.Element {
  const store = useSearchStore()
  const home = useSearch((s) => s.home)
  const homeError = useSearch((s) => s.homeError)
  const sync = useSearch((s) => s.sync)
  const active = useConnectionStore((s) => s.active)
  const drafts = useDrafts((s) => s.drafts)
  const draftsApi = useBuilderStores().drafts
  const navigate = useAppStore((s) => s.navigate)
  const setScreen = useAppStore((s) => s.setScreen)
  const openTarget = useOpenTarget()

  useEffect(() => {
    void store.getState().loadHome()
    void draftsApi.getState().load()
  }, [store, draftsApi, active?.id])
  // Refresh the summary when a sync finishes.
  useEffect(() => {
    if (sync?.state === 'done') void store.getState().loadHome()
  }, [store, sync?.state])

  const openDrafts = drafts.filter((d) => !d.archived).slice(0, 5)
  return (
    <section className="screen home" aria-labelledby="home-title" data-testid="home-screen">
      <header className="screen-header">
        <h1 id="home-title">Home</h1>
        {active && (
          <span className="home-connection" data-testid="home-connection">
            {active.label} <ModeBadge mode={active.mode} />
          </span>
        )}
      </header>
      {homeError && <p className="error">{homeError}</p>}
      {home?.index.notice && (
        <p className="notice" role="alert" data-testid="index-notice">
          {home.index.notice}
        </p>
      )}
      <div className="home-grid">
        <Welcome
          example={welcomeExample(home?.summary.failuresToday ?? [])}
          practice={home?.practice ?? []}
          connection={active}
        />
        <article className="card">
          <h2>Today</h2>
          {home ? <StatusCounts counts={home.summary.today} testId="home-today" /> : <p className="muted">Loading…</p>}
          <h2>Last 7 days</h2>
          {home ? (
            <StatusCounts counts={home.summary.last7Days} testId="home-week" />
          ) : (
            <p className="muted">Loading…</p>
          )}
          {home && (
            // The figures are the local index's: say how old they are (issue 25 item 1).
            <p className="muted home-as-of" data-testid="home-as-of">
              {home.index.syncedAt
                ? `As of the last sync, ${agoInWords(home.index.syncedAt, Date.now())} (${formatMoment(home.index.syncedAt, 'short-date-time')}).`
                : 'Not synced yet: the figures fill in as the first sync reads the service.'}
            </p>
          )}
        </article>
        <article className="card">
          <h2>May need a call (failed, expired or canceled today)</h2>
          {home?.index.syncedAt && (
            <p className="muted">As of the last sync, {agoInWords(home.index.syncedAt, Date.now())}.</p>
          )}
          {home && home.summary.failuresToday.length === 0 && <p className="muted">None today.</p>}
          <ul className="plain-list" data-testid="home-failures">
            {home?.summary.failuresToday.map((hit) => (
              <li key={hit.id}>
                <button type="button" className="link-button" onClick={() => openTarget(hit)}>
                  {hit.title} — {hit.amount.currency} {hit.amount.value}
                </button>{' '}
                <span className={`badge status-${hit.status}`} title={`Status: ${hit.status}`}>
                  {hit.state}
                </span>{' '}
                <span className="muted" data-testid="home-failure-customer">
                  {hit.customer || 'customer not known'} {formatMoment(hit.createdAt, 'day-time')}
                </span>
              </li>
            ))}
          </ul>
        </article>
        <RefundRequests />
        <TeamCases />
        <article className="card">
          <h2>Drafts in progress</h2>
          {openDrafts.length === 0 ? (
            <p className="muted">No drafts.</p>
          ) : (
            <ul className="plain-list" data-testid="home-drafts">
              {openDrafts.map((d) => (
                <li key={d.id}>
                  <button type="button" className="link-button" onClick={() => setScreen('orders')}>
                    {d.name}
                  </button>{' '}
                  <span className="muted">{formatMoment(d.updatedAt, 'day-time')}</span>
                </li>
              ))}
            </ul>
          )}
          <button type="button" className="btn" onClick={() => setScreen('orders')}>
            New order
          </button>
        </article>
        <article className="card">
          <h2>Recent request errors</h2>
          {home && home.recentErrors.length === 0 && <p className="muted">No failed requests.</p>}
          <ul className="plain-list" data-testid="home-errors">
            {home?.recentErrors.map((e) => (
              <li key={e.id}>
                <button
                  type="button"
                  className="link-button"
                  onClick={() => navigate({ screen: 'inspector', entryId: e.id })}
                >
                  {e.method} {e.path}
                </button>{' '}
                <span className="error">{e.status ?? e.errorKind}</span>
              </li>
            ))}
          </ul>
        </article>
        <article className="card">
          <h2>Local index</h2>
          {home && (
            <p data-testid="home-index">
              {formatCount(home.index.payments)} payments and {formatCount(home.index.orders)} orders, last synced{' '}
              {agoInWords(home.index.syncedAt, Date.now())}.
            </p>
          )}
          {home && (
            <IndexCapChoice index={home.index} onChoose={(payments) => void store.getState().setPaymentCap(payments)} />
          )}
          <div className="home-actions">
            <button
              type="button"
              className="btn"
              disabled={sync?.state === 'running'}
              onClick={() => void store.getState().startSync(false)}
            >
              Sync now
            </button>
            <button type="button" className="btn" onClick={() => void store.getState().startSync(true)}>
              Full re-sync
            </button>
            {sync?.state === 'running' && (
              <button type="button" className="btn" onClick={() => void store.getState().cancelSync()}>
                Cancel sync
              </button>
            )}
          </div>
        </article>
      </div>
    </section>
  )
}
