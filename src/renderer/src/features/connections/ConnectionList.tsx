import { Fragment, useEffect, useRef, useState } from 'react'
import { isApiErrorView } from '../../../../shared/api-error'
import { MAX_LABEL_LENGTH } from '../../../../shared/connection-rules'
import type { ConnectionTestResult, ConnectionView } from '../../../../shared/ipc/connections'
import { useConnectionStore } from '../../stores/window-stores'
import { type ConnectionTestState } from '../../stores/connection-store'
import { toIpcErrorView } from '../../stores/error-view'
import { agoBrief, fullTimestamp } from '../../../../shared/dates'
import { kindText, LABEL_HOLDS_CREDENTIAL, labelHoldsCredential } from './connection-text'
import { ModeBadge } from '../../components/ModeBadge'
import { RequestButton } from '../../components/RequestButton'

const COLUMNS = 6

export function ConnectionList({
  connections,
  highlightId,
  onRemove,
}: {
  connections: ConnectionView[]
  highlightId: string | null
  onRemove: (connection: ConnectionView) => void
}): React.JSX.Element {
  const now = useNow(30_000)
  const [renaming, setRenaming] = useState<string | null>(null)
  return (
    <table className="data conn-table" data-testid="connection-list">
      <thead>
        <tr>
          <th scope="col" className="conn-col-active">
            <span className="visually-hidden">Active</span>
          </th>
          <th scope="col">Name and kind</th>
          <th scope="col">Mode</th>
          <th scope="col">Key and address</th>
          <th scope="col">Last used</th>
          <th scope="col" className="conn-col-actions">
            Actions
          </th>
        </tr>
      </thead>
      <tbody>
        {connections.map((c) => (
          <ConnectionRow
            key={c.id}
            connection={c}
            now={now}
            highlighted={c.id === highlightId}
            renaming={renaming === c.id}
            onRename={(on) => setRenaming(on ? c.id : null)}
            onRemove={() => onRemove(c)}
          />
        ))}
      </tbody>
    </table>
  )
}

function ConnectionRow({
  connection: c,
  now,
  highlighted,
  renaming,
  onRename,
  onRemove,
}: {
  connection: ConnectionView
  now: Date
  highlighted: boolean
  renaming: boolean
  onRename: (on: boolean) => void
  onRemove: () => void
}): React.JSX.Element {
  const activeId = useConnectionStore((s) => s.activeId)
  const switching = useConnectionStore((s) => s.switching)
  const testState = useConnectionStore((s) => s.tests[c.id])
  const setActive = useConnectionStore((s) => s.setActive)
  const test = useConnectionStore((s) => s.test)
  const isActive = c.id === activeId
  const rowClass = [
    isActive ? 'selected' : '',
    highlighted ? 'conn-highlight' : '',
    c.mode === 'live' ? 'conn-live' : '',
  ]
    .filter(Boolean)
    .join(' ')

  return (
    <Fragment>
      <tr
        className={rowClass}
        data-testid={`connection-row-${c.id}`}
        data-label={c.label}
        aria-current={isActive || undefined}
      >
        <td className="conn-col-active">
          {isActive ? (
            <span className="conn-active-mark" title="Active connection" data-testid="active-mark">
              ●<span className="visually-hidden">Active</span>
            </span>
          ) : null}
        </td>
        <td className="conn-col-label">
          {renaming ? (
            <RenameField connection={c} onDone={() => onRename(false)} />
          ) : (
            <>
              <span className="conn-label" data-testid="connection-label">
                {c.label}
              </span>
              {c.builtIn && <span className="badge conn-builtin">Built in</span>}
              {isActive && <span className="badge badge-ok conn-active-badge">Active</span>}
            </>
          )}
          <div className="muted small">
            {kindText(c.kind)}
            {c.profileId && <span className="mono"> · {c.profileId}</span>}
          </div>
        </td>
        <td>
          <ModeBadge mode={c.mode} testId="connection-mode" />
        </td>
        <td>
          <div className="mono" data-testid="connection-masked">
            {c.masked}
          </div>
          <div
            className="mono muted small conn-address"
            data-testid="connection-address"
            title={c.baseUrl ?? undefined}
          >
            {addressText(c.baseUrl)}
          </div>
        </td>
        <td>
          {c.lastUsedAt ? (
            <time dateTime={c.lastUsedAt} title={fullTimestamp(c.lastUsedAt)} data-testid="connection-last-used">
              {agoBrief(c.lastUsedAt, now)}
            </time>
          ) : (
            <span className="muted">never</span>
          )}
        </td>
        <td className="conn-col-actions">
          <div className="conn-actions">
            {!isActive && (
              <button
                type="button"
                className="btn btn-small btn-primary"
                disabled={switching !== null}
                data-testid="connection-use"
                onClick={() => void setActive(c.id)}
                aria-label={`Use ${c.label}`}
              >
                {switching === c.id ? 'Switching…' : 'Use'}
              </button>
            )}
            <button
              type="button"
              className="btn btn-small"
              disabled={testState?.pending}
              data-testid="connection-test"
              aria-label={`Test connection ${c.label}`}
              onClick={() => void test(c.id)}
            >
              {testState?.pending ? (
                <>
                  <span className="spinner" aria-hidden="true" /> Testing…
                </>
              ) : (
                'Test connection'
              )}
            </button>
            {!c.builtIn && (
              <>
                <button
                  type="button"
                  className="btn btn-small"
                  disabled={renaming}
                  data-testid="connection-rename"
                  aria-label={`Rename ${c.label}`}
                  onClick={() => onRename(true)}
                >
                  Rename
                </button>
                <button
                  type="button"
                  className="btn btn-small btn-danger"
                  data-testid="connection-remove"
                  aria-label={`Remove ${c.label}`}
                  onClick={onRemove}
                >
                  Remove
                </button>
              </>
            )}
          </div>
        </td>
      </tr>
      {testState && (
        <tr className="conn-test-row" data-testid={`connection-test-row-${c.id}`}>
          <td />
          <td colSpan={COLUMNS - 1}>
            <TestResult state={testState} />
          </td>
        </tr>
      )}
    </Fragment>
  )
}

function RenameField({ connection, onDone }: { connection: ConnectionView; onDone: () => void }): React.JSX.Element {
  const rename = useConnectionStore((s) => s.rename)
  const [value, setValue] = useState(connection.label)
  const [error, setError] = useState<string | null>(null)
  const [busy, setBusy] = useState(false)
  const inputRef = useRef<HTMLInputElement>(null)

  useEffect(() => {
    inputRef.current?.focus()
    inputRef.current?.select()
  }, [])

  async function save(): Promise<void> {
    if (busy) return
    if (value.trim() === connection.label) {
      onDone()
      return
    }
    if (labelHoldsCredential(value)) {
      setError(LABEL_HOLDS_CREDENTIAL)
      return
    }
    setBusy(true)
    try {
      await rename(connection.id, value)
      onDone()
    } catch (caught) {
      setError(toIpcErrorView(caught).message)
      setBusy(false)
      inputRef.current?.focus()
    }
  }

  return (
    <div className="conn-rename">
      <input
        ref={inputRef}
        className="input"
        value={value}
        maxLength={MAX_LABEL_LENGTH * 2}
        aria-label={`New name for ${connection.label}`}
        aria-invalid={error ? true : undefined}
        data-testid="rename-input"
        disabled={busy}
        onChange={(event) => {
          setValue(event.target.value)
          setError(null)
        }}
        onKeyDown={(event) => {
          if (event.key === 'Enter') {
            event.preventDefault()
            void save()
          } else if (event.key === 'Escape') {
            event.preventDefault()
            onDone()
          }
        }}
      />
      <span className="field-hint">Enter to save, Escape to cancel</span>
      {error && (
        <span className="field-error" role="alert" data-testid="rename-error">
          {error}
        </span>
      )}
    </div>
  )
}

function TestResult({ state }: { state: ConnectionTestState }): React.JSX.Element {
  if (state.pending) {
    return (
      <span className="muted" role="status">
        <span className="spinner" aria-hidden="true" /> Reading one page of payments through the rate-limited client…
      </span>
    )
  }
  const result: ConnectionTestResult = state.result
  if (result.ok) {
    return (
      <div className="banner banner-ok conn-test-result" role="status" data-testid="connection-test-ok">
        <strong>Connection works.</strong> {result.summary}
      </div>
    )
  }
  const { error } = result
  const api = isApiErrorView(error.api) ? error.api : null
  return (
    <div className="banner banner-error conn-test-result" role="alert" data-testid="connection-test-error">
      <strong>
        {error.code === 'keychain-unavailable'
          ? 'The system keychain is unavailable.'
          : api?.status
            ? `The service refused the request (HTTP ${api.status}${api.title ? ` ${api.title}` : ''}).`
            : 'The connection test failed.'}
      </strong>{' '}
      {api?.detail ? <span data-testid="connection-test-detail">{api.detail}</span> : <span>{error.message}</span>}
      {api && api.status === 401 && (
        <p className="conn-test-hint">Check that the key is complete and has not been revoked, then add it again.</p>
      )}
      {api?.requestId && (
        <p className="conn-test-hint">
          <RequestButton requestId={api.requestId} className="btn-link" testId="connection-test-inspect">
            Open this request in the inspector
          </RequestButton>{' '}
          <span className="mono muted">{api.requestId}</span>
        </p>
      )}
    </div>
  )
}

/** Where a connection sends its requests, short: the host (and port), or the API's own address. */
function addressText(baseUrl: string | null): string {
  if (!baseUrl) return 'started when first used'
  try {
    return new URL(baseUrl).host
  } catch {
    return baseUrl
  }
}

/** The current time, refreshed every `intervalMs` so relative times stay true. */
function useNow(intervalMs: number): Date {
  const [now, setNow] = useState(() => new Date())
  useEffect(() => {
    const timer = setInterval(() => setNow(new Date()), intervalMs)
    return () => clearInterval(timer)
  }, [intervalMs])
  return now
}
