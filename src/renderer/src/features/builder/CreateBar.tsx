import { isApiErrorView, type ApiErrorView } from '../../../../shared/api-error'
import type { IpcErrorView } from '../../../../shared/ipc/define'
import type { RuleViolation } from '../../../../shared/order-rules'
import { useAppStore } from '../../stores/window-stores'
import { useBuilder } from './builder-context'
import { RequestButton } from '../../components/RequestButton'
import { LookupButton } from '../../components/LookupButton'
import { wordsOfField } from './field-words'

const SHOWN_PROBLEMS = 10

/** One problem as a link to its field, named in the agent's words (the rule's message as its title). */
function ProblemLink({ v, index }: { v: RuleViolation; index: number }): React.JSX.Element {
  const focusField = useBuilder((s) => s.focusField)
  const content = useBuilder((s) => s.content)
  return (
    <button
      type="button"
      className="btn-link"
      title={v.message}
      onClick={() => focusField(v.field, v.message)}
      data-testid="problem"
      data-field={v.field}
      data-index={index}
    >
      {wordsOfField(v.field, content)}
    </button>
  )
}

function ProblemList({ list, testId }: { list: readonly RuleViolation[]; testId: string }): React.JSX.Element {
  return (
    <>
      {list.slice(0, SHOWN_PROBLEMS).map((v, i) => (
        <span key={`${v.field}-${i}`} data-testid={testId}>
          <ProblemLink v={v} index={i} />
          {i < Math.min(list.length, SHOWN_PROBLEMS) - 1 ? ', ' : ''}
        </span>
      ))}
      {list.length > SHOWN_PROBLEMS ? ` and ${list.length - SHOWN_PROBLEMS} more` : ''}
    </>
  )
}

/** The Create button, what still blocks it (each problem names and focuses its field), and the last failure. */
export function CreateBar({
  kind,
  violations,
  pending = [],
  onlyOverrides,
  sending,
  disabled,
  onCreate,
}: {
  kind: 'order' | 'payment'
  violations: readonly RuleViolation[]
  /** Problems in fields the agent has not been to yet (before Create is pressed): named, not explained. */
  pending?: readonly RuleViolation[]
  onlyOverrides: boolean
  sending: boolean
  disabled: boolean
  onCreate(options?: { sendAnyway?: boolean }): void
}): React.JSX.Element {
  const focusField = useBuilder((s) => s.focusField)
  const count = violations.length
  const untouched = pending.length
  const label = kind === 'order' ? 'Create order' : 'Create payment'
  return (
    <div className="pd-createbar" data-testid="create-bar">
      <div className="pd-problems" aria-live="polite" data-testid="problems-region">
        {count > 0 && (
          <div data-testid="problems">
            <button
              type="button"
              className="btn-link"
              onClick={() => {
                const first = violations[0]
                if (first) focusField(first.field, first.message)
              }}
              data-testid="problems-first"
            >
              {count} problem{count === 1 ? '' : 's'}:
            </button>{' '}
            <ProblemList list={violations} testId="problem-item" />
          </div>
        )}
        {untouched > 0 && (
          <div className="muted" data-testid="problems-pending">
            {count > 0 ? 'and ' : ''}
            {untouched} field{untouched === 1 ? '' : 's'} still to fill in:{' '}
            <ProblemList list={pending} testId="pending-item" />
          </div>
        )}
      </div>
      <div className="pd-createbar-actions">
        {sending && <span className="spinner" aria-label="Sending" />}
        {onlyOverrides && (
          <button
            type="button"
            className="btn btn-danger"
            disabled={disabled || sending}
            onClick={() => onCreate({ sendAnyway: true })}
            title="Your own totals/VAT deviate from the expected values; the service will most likely refuse them."
            data-testid="send-anyway"
          >
            Send anyway
          </button>
        )}
        <button
          type="button"
          className="btn btn-primary btn-write"
          disabled={disabled || sending}
          aria-disabled={count + untouched > 0}
          onClick={() => onCreate()}
          title="Ctrl+Enter"
          data-testid="create"
        >
          {sending ? 'Sending…' : label}
        </button>
      </div>
    </div>
  )
}

function retryAdvice(api: ApiErrorView): string {
  switch (api.kind) {
    case 'network':
      return 'The connection broke before an answer arrived, so the service may or may not have created it.'
    case 'timeout':
      return 'The service did not answer in time, so it may or may not have created it.'
    case 'aborted':
      return 'The request was canceled.'
    case 'queue-full':
      return 'Too many requests are waiting; nothing was sent.'
    default:
      if (api.status === 429) return 'The rate limit was still hit after the retries.'
      if (api.status !== null && api.status >= 500) return `The service had a problem (${api.status}).`
      return api.message
  }
}

/** What went wrong with the last create, and what to do next. Nothing typed is ever cleared. */
export function CreateError({
  error,
  kind,
  onRetry,
}: {
  error: IpcErrorView
  kind: 'order' | 'payment'
  onRetry(options: { newIdempotencyKey?: boolean }): void
}): React.JSX.Element {
  const focusField = useBuilder((s) => s.focusField)
  const clearError = useBuilder((s) => s.clearError)
  const openExternal = useAppStore((s) => s.openExternal)
  const api = isApiErrorView(error.api) ? error.api : null
  const inspector = api?.requestId ? (
    <RequestButton requestId={api.requestId} testId="view-in-inspector">
      View request in Inspector
    </RequestButton>
  ) : null
  const docs = api?.documentationUrl ? (
    <button
      type="button"
      className="btn btn-small"
      onClick={() => api.documentationUrl && void openExternal(api.documentationUrl).catch(() => {})}
      data-testid="open-docs"
    >
      Documentation
    </button>
  ) : null
  const dismiss = (
    <button type="button" className="btn btn-small" onClick={clearError} aria-label="Dismiss this message">
      Dismiss
    </button>
  )

  if (api && api.kind === 'http' && api.status === 409) {
    return (
      <div className="banner banner-error" role="alert" data-testid="create-error">
        <strong>409 {api.title ?? 'Conflict'}.</strong> {api.detail ?? api.message}
        <p>
          This draft changed after a send whose outcome was unknown, and the service tied its idempotency key to that
          earlier request. Check the Inspector (or the Payments screen) whether that earlier send created the {kind};
          only if it did not, send with a new key.
        </p>
        <div className="toolbar">
          {inspector}
          <button
            type="button"
            className="btn btn-danger btn-small"
            onClick={() => onRetry({ newIdempotencyKey: true })}
            data-testid="send-new-key"
          >
            Send with a new idempotency key
          </button>
          {dismiss}
        </div>
      </div>
    )
  }
  if (
    api &&
    api.kind === 'http' &&
    api.status !== null &&
    api.status >= 400 &&
    api.status < 500 &&
    api.status !== 429
  ) {
    return (
      <div className="banner banner-error" role="alert" data-testid="create-error">
        <strong>
          {api.status} {api.title ?? 'Refused'}
        </strong>
        {api.field && (
          <>
            {' '}
            on{' '}
            <button
              type="button"
              className="btn-link mono"
              onClick={() => api.field && focusField(api.field, api.detail)}
              data-testid="error-field"
            >
              {api.field}
            </button>
          </>
        )}
        <p data-testid="create-error-detail">{api.detail ?? api.message}</p>
        <p className="field-hint">Nothing was created. Correct the highlighted field and create again.</p>
        <div className="toolbar">
          {docs}
          {inspector}
          {dismiss}
        </div>
      </div>
    )
  }
  if (api && api.kind !== 'invalid-request' && api.kind !== 'foreign-origin') {
    return (
      <div className="banner banner-warn" role="alert" data-testid="create-error">
        <strong>Not confirmed: {retryAdvice(api)}</strong>
        <p>
          Your draft is intact. Send again is safe: the same idempotency key will be used, so the service creates the{' '}
          {kind} at most once.
        </p>
        <div className="toolbar">
          <button
            type="button"
            className="btn btn-primary btn-small"
            onClick={() => onRetry({})}
            data-testid="send-again"
          >
            Send again
          </button>
          <LookupButton lookup={api.lookup} />
          {inspector}
          {dismiss}
        </div>
      </div>
    )
  }
  return (
    <div className="banner banner-error" role="alert" data-testid="create-error">
      <strong>{error.message}</strong>
      {error.issues && error.issues.length > 0 && (
        <ul>
          {error.issues.map((i, n) => (
            <li key={n}>
              <span className="mono">{i.path}</span>: {i.message}
            </li>
          ))}
        </ul>
      )}
      <div className="toolbar">{dismiss}</div>
    </div>
  )
}
