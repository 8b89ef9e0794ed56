import { useInspectorStore } from '../../stores/window-stores'
import { InspectorFilters } from './InspectorFilters'
import { RateLimitPanel } from './RateLimitPanel'
import { RequestDetail } from './RequestDetail'
import { RequestList } from './RequestList'
import type { InspectorMessage } from './errand-messages'
import { useInspectorTools } from './use-inspector-tools'
import './inspector.css'
import { TextInput } from '../../components/TextInput'
import { formatCount } from '../../../../shared/count'

/** Every request, retry and error explained; exportable (redacted) for escalation. */
export function InspectorScreen(): React.JSX.Element {
  const status = useInspectorStore((s) => s.status)
  const notice = useInspectorStore((s) => s.notice)
  const persisted = useInspectorStore((s) => s.persisted)
  const rows = useInspectorStore((s) => s.rows)
  const tools = useInspectorTools()
  const { visible } = tools

  return (
    <section className="screen inspector" aria-labelledby="inspector-title">
      <header className="screen-header">
        <h1 id="inspector-title">Inspector</h1>
        <span className="muted" data-testid="inspector-count">
          {status === 'ready' ? `${formatCount(visible.length)} of ${formatCount(rows.length)} requests` : ''}
        </span>
        <InspectorToolbar tools={tools} rowCount={rows.length} />
      </header>

      {!persisted && notice === null && (
        <div className="banner banner-warn">
          The request log is kept in memory only and will be gone after a restart.
        </div>
      )}
      {notice && (
        <div className="banner banner-warn" data-testid="inspector-notice">
          {notice}
        </div>
      )}
      <MessageBanner message={tools.message} />

      <RateLimitPanel />
      <InspectorFilters rows={rows} />

      <InspectorBody visible={visible} />
    </section>
  )
}

function InspectorToolbar({
  tools,
  rowCount,
}: {
  tools: ReturnType<typeof useInspectorTools>
  rowCount: number
}): React.JSX.Element {
  const { caseId, setCaseId, busy, targets, tag, exportAs, clearLog } = tools
  return (
    <div className="toolbar">
      <TextInput
        className="input rl-case"
        label="Support case id"
        value={caseId}
        maxLength={64}
        onChange={setCaseId}
        onKeyDown={(e) => {
          if (e.key === 'Enter') void tag()
        }}
        testId="case-id"
      />
      <button
        type="button"
        className="btn btn-small"
        disabled={busy || !caseId.trim() || targets.length === 0}
        onClick={() => void tag()}
        data-testid="tag-button"
      >
        Tag {targets.length > 1 ? `${targets.length} requests` : 'request'}
      </button>
      {(['har', 'json'] as const).map((format) => (
        <button
          key={format}
          type="button"
          className="btn btn-small"
          disabled={busy || targets.length === 0}
          onClick={() => void exportAs(format)}
          data-testid={`export-${format}`}
        >
          Export {format.toUpperCase()}
          {format === 'har' && targets.length > 1 ? ` (${targets.length})` : ''}
        </button>
      ))}
      <button
        type="button"
        className="btn btn-small btn-danger"
        disabled={busy || rowCount === 0}
        onClick={() => void clearLog()}
        data-testid="clear-log"
      >
        Clear log…
      </button>
    </div>
  )
}

function MessageBanner({ message }: { message: InspectorMessage | null }): React.JSX.Element | null {
  if (!message) return null
  return (
    <div
      className={`banner ${message.tone === 'ok' ? 'banner-ok' : 'banner-error'}`}
      role={message.tone === 'ok' ? 'status' : 'alert'}
      data-testid="inspector-message"
    >
      {message.text}
    </div>
  )
}

/** The list and the open request, or why there is nothing to show. */
function InspectorBody({ visible }: { visible: ReturnType<typeof useInspectorTools>['visible'] }): React.JSX.Element {
  const status = useInspectorStore((s) => s.status)
  const error = useInspectorStore((s) => s.error)
  const rows = useInspectorStore((s) => s.rows)
  const load = useInspectorStore((s) => s.load)
  const resetFilter = useInspectorStore((s) => s.resetFilter)
  return (
    <>
      {status === 'loading' || status === 'idle' ? (
        <div className="empty-state" data-testid="inspector-loading">
          <span className="spinner" aria-hidden="true" /> Reading the request log…
        </div>
      ) : status === 'error' ? (
        <div className="banner banner-error" role="alert" data-testid="inspector-error">
          The request log could not be read: {error}.{' '}
          <button type="button" className="btn btn-small" onClick={() => void load()}>
            Try again
          </button>
        </div>
      ) : rows.length === 0 ? (
        <div className="empty-state" data-testid="inspector-empty">
          No requests yet. Every call Paydesk makes to the payment service (orders, payments, connection tests) appears
          here as it happens.
        </div>
      ) : (
        <div className="rl-split">
          {visible.length === 0 ? (
            <div className="empty-state rl-list" data-testid="inspector-no-match">
              No request matches these filters.{' '}
              <button type="button" className="btn btn-small" onClick={resetFilter}>
                Clear filters
              </button>
            </div>
          ) : (
            <RequestList rows={visible} />
          )}
          <DetailPane />
        </div>
      )}
    </>
  )
}

function DetailPane(): React.JSX.Element {
  const detail = useInspectorStore((s) => s.detail)
  const detailStatus = useInspectorStore((s) => s.detailStatus)
  const detailError = useInspectorStore((s) => s.detailError)
  return (
    <div className="rl-detail-pane">
      {detailStatus === 'loading' && !detail ? (
        <div className="empty-state">
          <span className="spinner" aria-hidden="true" /> Opening…
        </div>
      ) : detailStatus === 'error' ? (
        <div className="banner banner-error" role="alert" data-testid="detail-error">
          {detailError}
        </div>
      ) : detail ? (
        <RequestDetail key={detail.id} entry={detail} />
      ) : (
        <div className="empty-state">Select a request to see what happened, why, and what to do.</div>
      )}
    </div>
  )
}
