import { useState } from 'react'
import { formatMoment } from '../../../../shared/dates'
import type { DraftSummary } from '../../../../shared/ipc/drafts'
import { useDrafts, useBuilder } from './builder-context'

function DraftRow({
  draft,
  active,
  activeConnectionId,
}: {
  draft: DraftSummary
  active: boolean
  activeConnectionId: string | null
}): React.JSX.Element {
  const openDraft = useBuilder((s) => s.openDraft)
  const currentId = useBuilder((s) => s.draftId)
  const newDraft = useBuilder((s) => s.newDraft)
  const rename = useDrafts((s) => s.rename)
  const remove = useDrafts((s) => s.remove)
  const [mode, setMode] = useState<'view' | 'rename' | 'delete'>('view')
  const [name, setName] = useState(draft.name)
  const [error, setError] = useState<string | null>(null)
  return (
    <li className={`pd-draft${active ? ' active' : ''}`} data-testid="draft">
      {mode === 'rename' ? (
        <form
          onSubmit={(e) => {
            e.preventDefault()
            void rename(draft.id, name).then((err) => {
              setError(err)
              if (!err) setMode('view')
            })
          }}
        >
          <input
            className="input"
            aria-label={`New name for ${draft.name}`}
            value={name}
            maxLength={200}
            autoFocus
            onChange={(e) => setName(e.target.value)}
            onKeyDown={(e) => {
              if (e.key === 'Escape') setMode('view')
            }}
          />
          <div className="toolbar">
            <button type="submit" className="btn btn-small btn-primary">
              Save
            </button>
            <button type="button" className="btn btn-small" onClick={() => setMode('view')}>
              Cancel
            </button>
          </div>
        </form>
      ) : (
        <>
          <button
            type="button"
            className="pd-draft-open"
            aria-current={active ? 'true' : undefined}
            onClick={() => void openDraft(draft.id)}
            data-testid="draft-open"
          >
            <span className="pd-draft-name" title={draft.name}>
              {draft.name}
            </span>
            <span className="field-hint">{draft.summary}</span>
            {draft.connection && (
              <span
                className={`field-hint${draft.connection.id !== activeConnectionId ? ' pd-draft-foreign' : ''}`}
                data-testid="draft-connection-of"
              >
                {draft.connection.id !== activeConnectionId
                  ? `Other connection: ${draft.connection.label}`
                  : `For ${draft.connection.label}`}
              </span>
            )}
            {draft.archived ? (
              <span className="field-hint">
                Created <span className="mono">{draft.archived.orderId ?? draft.archived.paymentId}</span>
              </span>
            ) : (
              <span className="field-hint">Edited {formatMoment(draft.updatedAt, 'numeric-date-time')}</span>
            )}
          </button>
          {mode === 'delete' ? (
            <div className="toolbar" role="group" aria-label="Confirm delete">
              <span>Delete this draft?</span>
              <button
                type="button"
                className="btn btn-small btn-danger"
                onClick={() =>
                  void remove(draft.id).then((err) => {
                    setError(err)
                    if (!err && currentId === draft.id) void newDraft(draft.kind)
                  })
                }
              >
                Delete
              </button>
              <button type="button" className="btn btn-small" onClick={() => setMode('view')}>
                Keep
              </button>
            </div>
          ) : (
            <div className="toolbar">
              {(['rename', 'delete'] as const).map((next) => (
                <button
                  key={next}
                  type="button"
                  className="btn btn-small"
                  onClick={() => setMode(next)}
                  aria-label={`${next === 'rename' ? 'Rename' : 'Delete'} ${draft.name}`}
                >
                  {next === 'rename' ? 'Rename' : 'Delete'}
                </button>
              ))}
            </div>
          )}
        </>
      )}
      {error && <div className="field-error">{error}</div>}
    </li>
  )
}

/** Drafts: open ones (autosaved, encrypted) and created ones, plus notices of damaged files. */
export function DraftsPanel(): React.JSX.Element {
  const { drafts, notices, loading, error, load } = useDrafts((s) => s)
  const currentId = useBuilder((s) => s.draftId)
  const newDraft = useBuilder((s) => s.newDraft)
  const activeConnectionId = useBuilder((s) => s.connection?.id ?? null)
  const open = drafts.filter((d) => !d.archived)
  const created = drafts.filter((d) => d.archived)
  return (
    <aside className="panel pd-drafts" aria-labelledby="pd-drafts-title" data-testid="drafts-panel">
      <h2 id="pd-drafts-title">Drafts</h2>
      <div className="toolbar">
        {(['order', 'payment'] as const).map((kind) => (
          <button
            key={kind}
            type="button"
            className="btn btn-small"
            onClick={() => void newDraft(kind)}
            data-testid={`new-${kind}-draft`}
          >
            New {kind}
          </button>
        ))}
      </div>
      {notices.map((n, i) => (
        <div key={i} className="banner banner-warn" role="status" data-testid="drafts-notice">
          {n}
        </div>
      ))}
      {error && (
        <div className="banner banner-error" role="alert">
          The drafts could not be loaded: {error}{' '}
          <button type="button" className="btn btn-small" onClick={() => void load()}>
            Try again
          </button>
        </div>
      )}
      {loading && drafts.length === 0 && <span className="spinner" aria-label="Loading drafts" />}
      {!loading && !error && open.length === 0 && (
        <p className="empty-state">No open drafts. What you type is saved automatically.</p>
      )}
      <ul className="pd-draft-list" aria-label="Open drafts">
        {open.map((d) => (
          <DraftRow key={d.id} draft={d} active={d.id === currentId} activeConnectionId={activeConnectionId} />
        ))}
      </ul>
      {created.length > 0 && (
        <>
          <h3>Created</h3>
          <ul className="pd-draft-list" aria-label="Created from drafts" data-testid="created-drafts">
            {created.map((d) => (
              <DraftRow key={d.id} draft={d} active={d.id === currentId} activeConnectionId={activeConnectionId} />
            ))}
          </ul>
        </>
      )}
    </aside>
  )
}
