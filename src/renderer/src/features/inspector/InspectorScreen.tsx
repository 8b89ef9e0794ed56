import { useEffect, useMemo, useState } from 'react'
import type { RequestLogExportFormat } from '../../../../shared/request-log-types'
import { useAppStore, useAppStores, useInspectorStore } from '../../app-stores'
import { errorMessage, toErrorView } from '../../stores/error-view'
import { filterRows } from '../../stores/inspector-store'
import { InspectorFilters } from './InspectorFilters'
import { RateLimitPanel } from './RateLimitPanel'
import { RequestDetail } from './RequestDetail'
import { RequestList } from './RequestList'
import './inspector.css'

/** Every request, retry and error explained; exportable (redacted) for escalation. */
export function InspectorScreen(): React.JSX.Element {
  const status = useInspectorStore((s) => s.status)
  const error = useInspectorStore((s) => s.error)
  const notice = useInspectorStore((s) => s.notice)
  const persisted = useInspectorStore((s) => s.persisted)
  const rows = useInspectorStore((s) => s.rows)
  const filter = useInspectorStore((s) => s.filter)
  const bodyMatches = useInspectorStore((s) => s.bodyMatches)
  const selectedId = useInspectorStore((s) => s.selectedId)
  const checked = useInspectorStore((s) => s.checked)
  const detail = useInspectorStore((s) => s.detail)
  const detailStatus = useInspectorStore((s) => s.detailStatus)
  const detailError = useInspectorStore((s) => s.detailError)
  const load = useInspectorStore((s) => s.load)
  const select = useInspectorStore((s) => s.select)
  const resetFilter = useInspectorStore((s) => s.resetFilter)
  const tagEntries = useInspectorStore((s) => s.tag)
  const exportEntries = useInspectorStore((s) => s.exportEntries)
  const clearEntries = useInspectorStore((s) => s.clearLog)
  const pendingFocus = useAppStore((s) => s.pendingFocus)
  const takeFocus = useAppStore((s) => s.takeFocus)
  const { inspector } = useAppStores()

  const [caseId, setCaseId] = useState('')
  const [busy, setBusy] = useState(false)
  const [message, setMessage] = useState<{ tone: 'ok' | 'error'; text: string } | null>(null)

  useEffect(() => {
    if (status === 'idle') void load()
  }, [status, load])

  // Another screen linked an error here by the client's request id.
  useEffect(() => {
    if (pendingFocus?.screen !== 'inspector') return
    const focus = takeFocus('inspector')
    if (!focus) return
    const { rows, filter, bodyMatches } = inspector.getState()
    const visible = filterRows(rows, filter, bodyMatches)
    if (!visible.some((r) => r.id === focus.entryId)) resetFilter()
    select(focus.entryId, { scroll: true })
  }, [pendingFocus, takeFocus, select, resetFilter, inspector])

  const visible = useMemo(() => filterRows(rows, filter, bodyMatches), [rows, filter, bodyMatches])
  // Actions apply to the ticked rows, or to the open one when none is ticked.
  const targets = checked.size > 0 ? [...checked] : selectedId ? [selectedId] : []

  async function exportAs(format: RequestLogExportFormat): Promise<void> {
    if (targets.length === 0) return
    setBusy(true)
    setMessage(null)
    try {
      const result = await exportEntries(targets, format)
      setMessage(
        result.saved
          ? {
              tone: 'ok',
              text:
                `Exported ${result.count} request${result.count === 1 ? '' : 's'} to ${result.path}: no keys or tokens, ` +
                (result.personalData === 'included'
                  ? 'customers’ personal data included as you chose.'
                  : 'customers’ personal data left out.'),
            }
          : { tone: 'ok', text: 'Export canceled; nothing was written.' },
      )
    } catch (e) {
      setMessage({ tone: 'error', text: `Export failed: ${errorMessage(e)}. Choose another folder and try again.` })
    } finally {
      setBusy(false)
    }
  }

  async function tag(): Promise<void> {
    const value = caseId.trim()
    if (!value || targets.length === 0) return
    setBusy(true)
    setMessage(null)
    try {
      const updated = await tagEntries(targets, value, false)
      setMessage({ tone: 'ok', text: `Tagged ${updated} request${updated === 1 ? '' : 's'} with ${value}.` })
    } catch (e) {
      setMessage({ tone: 'error', text: errorMessage(e) })
    } finally {
      setBusy(false)
    }
  }

  // Main asks the person in its own dialog (a page cannot confirm a clear for them).
  async function clearLog(): Promise<void> {
    setBusy(true)
    try {
      const cleared = await clearEntries()
      setMessage({ tone: 'ok', text: `Cleared ${cleared} request${cleared === 1 ? '' : 's'} from this computer.` })
    } catch (e) {
      if (toErrorView(e).code === 'canceled') {
        setMessage({ tone: 'ok', text: 'The request log was kept: nothing was cleared.' })
        return
      }
      setMessage({ tone: 'error', text: `The log could not be cleared: ${errorMessage(e)}` })
    } finally {
      setBusy(false)
    }
  }

  return (
    <section className="screen inspector" aria-labelledby="inspector-title">
      <header className="screen-header">
        <h1 id="inspector-title">Inspector</h1>
        <span className="muted" data-testid="inspector-count">
          {status === 'ready' ? `${visible.length.toLocaleString()} of ${rows.length.toLocaleString()} requests` : ''}
        </span>
        <div className="toolbar">
          <input
            className="input rl-case"
            placeholder="Support case id"
            aria-label="Support case id"
            value={caseId}
            maxLength={64}
            onChange={(e) => setCaseId(e.target.value)}
            onKeyDown={(e) => {
              if (e.key === 'Enter') void tag()
            }}
            data-testid="case-id"
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
            disabled={busy || rows.length === 0}
            onClick={() => void clearLog()}
            data-testid="clear-log"
          >
            Clear log…
          </button>
        </div>
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
      {message && (
        <div
          className={`banner ${message.tone === 'ok' ? 'banner-ok' : 'banner-error'}`}
          role={message.tone === 'ok' ? 'status' : 'alert'}
          data-testid="inspector-message"
        >
          {message.text}
        </div>
      )}

      <RateLimitPanel />
      <InspectorFilters rows={rows} />

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
        </div>
      )}
    </section>
  )
}
