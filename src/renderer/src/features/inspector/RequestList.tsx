import type { RequestLogSummary } from '../../../../shared/request-log-types'
import { clockTime } from '../../../../shared/dates'
import { formatDuration, shortPath, statusCell } from './format'
import { REQUEST_ROW_HEIGHT, useRequestList } from './use-request-list'

/** The log, newest first, virtualized: only the visible rows are in the DOM (10,000+ entries). */

/** The list's columns after the selection box: CSS class and header. */
const COLUMNS = [
  ['c-time', 'Time'],
  ['c-conn', 'Connection'],
  ['c-method', 'Method'],
  ['c-path', 'Path'],
  ['c-status', 'Status'],
  ['c-dur', 'Duration'],
  ['c-att', 'Tries'],
  ['c-bucket', 'Bucket'],
] as const

export function RequestList({ rows }: { rows: RequestLogSummary[] }): React.JSX.Element {
  const { selectedId, checked, toggleChecked, setChecked, select, scrollRef, virtualizer, onKeyDown } =
    useRequestList(rows)
  const allChecked = rows.length > 0 && rows.every((r) => checked.has(r.id))

  return (
    <div
      className="rl-list"
      role="grid"
      aria-label="Requests"
      aria-rowcount={rows.length + 1}
      data-testid="request-list"
    >
      <div className="rl-row rl-head" role="row">
        <span role="columnheader" className="c-check">
          <input
            type="checkbox"
            aria-label={allChecked ? 'Unselect all shown requests' : 'Select all shown requests'}
            checked={allChecked}
            onChange={() => setChecked(allChecked ? [] : rows.map((r) => r.id))}
          />
        </span>
        {COLUMNS.map(([className, label]) => (
          <span key={className} role="columnheader" className={className}>
            {label}
          </span>
        ))}
      </div>
      <div
        ref={scrollRef}
        className="rl-scroll"
        role="rowgroup"
        tabIndex={0}
        onKeyDown={onKeyDown}
        aria-label="Request rows: arrow keys move, space selects for export"
        data-testid="request-scroll"
      >
        <div role="none" style={{ height: virtualizer.getTotalSize(), position: 'relative' }}>
          {virtualizer.getVirtualItems().map((item) => {
            const row = rows[item.index]
            if (row === undefined) return null
            const status = statusCell(row)
            const selected = row.id === selectedId
            return (
              <div
                key={item.key}
                role="row"
                aria-rowindex={item.index + 2}
                aria-selected={selected}
                className={`rl-row${selected ? ' selected' : ''}${row.outcome === 'failed' ? ' failed' : ''}`}
                style={{ transform: `translateY(${item.start}px)`, height: REQUEST_ROW_HEIGHT }}
                data-testid="request-row"
                data-entry-id={row.id}
                onClick={() => select(row.id)}
              >
                <span role="gridcell" className="c-check" onClick={(e) => e.stopPropagation()}>
                  <input
                    type="checkbox"
                    tabIndex={-1}
                    aria-label={`Select ${row.method} ${row.path}`}
                    checked={checked.has(row.id)}
                    onChange={() => toggleChecked(row.id)}
                  />
                </span>
                <span role="gridcell" className="c-time mono">
                  {clockTime(row.startedAt)}
                </span>
                <span role="gridcell" className="c-conn" title={row.connectionLabel}>
                  {row.connectionLabel}
                </span>
                <span role="gridcell" className="c-method mono">
                  {row.method}
                </span>
                <span role="gridcell" className="c-path" title={row.url}>
                  {/* The meaningful tail (`/payments/tr_…`): cut at its start when narrow; the whole
                      URL on hover and for screen readers; case tags as chips beside it. */}
                  <span className="rl-path mono" data-testid="request-path">
                    <bdi>{shortPath(row.path)}</bdi>
                  </span>
                  <span className="visually-hidden">{row.url}</span>
                  {row.tags.map((tag) => (
                    <span key={tag} className="badge badge-info rl-tag" data-testid="request-tag">
                      {tag}
                    </span>
                  ))}
                </span>
                <span role="gridcell" className="c-status" title={status.title || undefined}>
                  <span className={status.tone === 'plain' ? 'badge' : `badge badge-${status.tone}`}>
                    {status.text}
                  </span>
                </span>
                <span role="gridcell" className="c-dur">
                  {formatDuration(row.durationMs)}
                </span>
                <span role="gridcell" className="c-att">
                  {row.attemptCount}
                </span>
                <span role="gridcell" className="c-bucket mono" title={row.bucket ?? ''}>
                  {row.bucket ?? '—'}
                </span>
              </div>
            )
          })}
        </div>
      </div>
    </div>
  )
}
