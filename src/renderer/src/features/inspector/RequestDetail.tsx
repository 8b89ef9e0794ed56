import type { LoggedAttempt, RequestLogEntry } from '../../../../shared/request-log-types'
import { clockTime, dateAndClockTime } from '../../../../shared/dates'
import { formatDuration } from './format'
import { useRequestDetail, type RequestDetailModel } from './use-request-detail'
import { Message } from '../../components/Message'

function Headers({ headers, testId }: { headers: Record<string, string> | null; testId: string }): React.JSX.Element {
  const list = Object.entries(headers ?? {})
  if (list.length === 0) return <p className="muted">No headers.</p>
  return (
    <table className="data rl-headers" data-testid={testId}>
      <tbody>
        {list.map(([name, value]) => (
          <tr key={name}>
            <th scope="row" className="mono">
              {name}
            </th>
            <td className="mono">{value}</td>
          </tr>
        ))}
      </tbody>
    </table>
  )
}

function outcomeBadge(a: LoggedAttempt): React.JSX.Element {
  if (a.outcome === 'success') return <span className="badge badge-ok">success</span>
  if (a.outcome === 'retry') return <span className="badge badge-warn">retried</span>
  return <span className="badge badge-danger">failed</span>
}

/** The attempts in order: outcome, what went wrong, and how long Paydesk waited before the next. */
function RetryTimeline({ entry }: { entry: RequestLogEntry }): React.JSX.Element {
  return (
    <ol className="rl-timeline" data-testid="retry-timeline">
      {entry.attempts.map((a) => (
        <li key={a.attempt} data-testid="timeline-attempt">
          <span className="mono">#{a.attempt}</span> <span className="mono muted">{clockTime(a.startedAt)}</span>{' '}
          {outcomeBadge(a)} <strong>{a.status ?? a.error?.kind ?? 'no response'}</strong>{' '}
          <span className="muted">
            in {formatDuration(a.timings.totalMs)}
            {a.timings.queuedMs > 0 ? `, queued ${formatDuration(a.timings.queuedMs)}` : ''}
          </span>
          {a.error && a.outcome !== 'success' && <div className="rl-timeline-error">{a.error.message}</div>}
          {a.outcome === 'retry' && (
            <div className="rl-timeline-wait">
              Retry because {a.retryReason ?? 'of a retryable failure'}; waited {formatDuration(a.nextWaitMs ?? 0)}{' '}
              before the next attempt.
            </div>
          )}
        </li>
      ))}
    </ol>
  )
}

export function RequestDetail({ entry }: { entry: RequestLogEntry }): React.JSX.Element {
  const d = useRequestDetail(entry)
  const { navigate, last, curl, errandError, errandInfo, paymentId, copyCurl } = d

  return (
    <article
      className="rl-detail"
      aria-labelledby="rl-detail-title"
      data-testid="request-detail"
      data-entry-id={entry.id}
    >
      <header className="rl-detail-head">
        <h2 id="rl-detail-title" className="mono">
          {entry.method} {last.url}
        </h2>
        <div className="toolbar">
          <button type="button" className="btn btn-small" onClick={() => void copyCurl()} data-testid="copy-curl">
            Copy as cURL
          </button>
          {paymentId && (
            <button
              type="button"
              className="btn btn-small"
              data-testid="open-payment"
              onClick={() => navigate({ screen: 'payments', paymentId })}
            >
              Open payment {paymentId}
            </button>
          )}
        </div>
      </header>

      <Explanation entry={entry} d={d} />
      <Message text={errandError} className="banner banner-error" role="alert" />
      <Message text={errandInfo} className="banner banner-ok" role="status" />
      {curl !== null && (
        <pre className="code" data-testid="curl-command" tabIndex={0} aria-label="cURL command">
          {curl}
        </pre>
      )}

      <ErrorFields d={d} />

      <RateLimitLines d={d} />

      <section className="rl-section">
        <h3>Attempts</h3>
        <RetryTimeline entry={entry} />
      </section>

      <AboutRequest entry={entry} d={d} />

      <AttemptShown entry={entry} d={d} />
    </article>
  )
}

/** A request's or response's body, scrollable with the keyboard; nothing when there is none. */
function Body(props: { text: string | null | undefined; label: string; testId: string }): React.JSX.Element | null {
  if (!props.text) return null
  return (
    <pre className="code" data-testid={props.testId} tabIndex={0} aria-label={props.label}>
      {props.text}
    </pre>
  )
}

function Explanation({ entry, d }: { entry: RequestLogEntry; d: RequestDetailModel }): React.JSX.Element {
  const { navigate, explanation } = d
  return (
    <div
      className={`banner banner-${explanation.tone === 'ok' ? 'ok' : explanation.tone === 'danger' ? 'error' : 'warn'}`}
      data-testid="explanation"
    >
      <strong>{explanation.title}.</strong> {explanation.text}
      {explanation.action?.kind === 'connections' && (
        <button
          type="button"
          className="btn btn-small rl-banner-action"
          onClick={() => navigate({ screen: 'connections' })}
          data-testid="goto-connections"
        >
          {explanation.action.label}
        </button>
      )}
      {explanation.action?.kind === 'field' &&
        (entry.origin?.draftId ? (
          // The builder opens the very draft this request was sent for (or says it is gone).
          <button
            type="button"
            className="btn btn-small rl-banner-action"
            onClick={() =>
              navigate({
                screen: 'orders',
                field: (explanation.action as { field: string }).field,
                draftId: entry.origin?.draftId,
              })
            }
            data-testid="goto-field"
          >
            {explanation.action.label}
          </button>
        ) : (
          <span className="muted small" data-testid="goto-field-unknown">
            Not sent from a draft of the order builder, so there is no form to open.
          </span>
        ))}
    </div>
  )
}

function ErrorFields({ d }: { d: RequestDetailModel }): React.JSX.Element | null {
  const { errorFields, last, openDocs } = d
  if (!errorFields) return null
  return (
    <section className="rl-section" data-testid="error-fields">
      <h3>Error (spec 7)</h3>
      <dl className="pairs">
        <dt>Status</dt>
        <dd>{errorFields.status ?? last.status}</dd>
        <dt>Title</dt>
        <dd>{errorFields.title ?? '—'}</dd>
        <dt>Detail</dt>
        <dd>{errorFields.detail ?? '—'}</dd>
        {errorFields.field && (
          <>
            <dt>Field</dt>
            <dd className="mono" data-testid="error-field">
              {errorFields.field}
            </dd>
          </>
        )}
        {errorFields.documentationUrl && (
          <>
            <dt>Documentation</dt>
            <dd>
              <button
                type="button"
                className="btn-link"
                data-testid="doc-link"
                onClick={() => errorFields.documentationUrl && void openDocs(errorFields.documentationUrl)}
              >
                {errorFields.documentationUrl}
              </button>
            </dd>
          </>
        )}
      </dl>
    </section>
  )
}

function RateLimitLines({ d }: { d: RequestDetailModel }): React.JSX.Element | null {
  const { rateLines, limited, last } = d
  if (rateLines.length === 0) return null
  return (
    <section className="rl-section" data-testid="rate-limit-decoded">
      <h3>Rate limit{limited !== last ? ` (attempt #${limited.attempt})` : ''}</h3>
      <ul className="rl-plain">
        {rateLines.map((l) => (
          <li key={l.header}>
            <span className="mono muted">{l.header}:</span> {l.text}
          </li>
        ))}
      </ul>
    </section>
  )
}

function AboutRequest({ entry, d }: { entry: RequestLogEntry; d: RequestDetailModel }): React.JSX.Element {
  const { first, removeTag } = d
  return (
    <section className="rl-section">
      <h3>About this request</h3>
      <dl className="pairs">
        <dt>Started by</dt>
        <dd data-testid="origin">
          {entry.origin ? `${entry.origin.screen} · ${entry.origin.action}` : 'not recorded'}
        </dd>
        <dt>Connection</dt>
        <dd>{entry.connection.label}</dd>
        <dt>Idempotency key</dt>
        <dd className="mono" data-testid="idempotency-key">
          {entry.idempotencyKey ?? '— (not a POST)'}
        </dd>
        <dt>Request id</dt>
        <dd className="mono">{entry.id}</dd>
        <dt>First sent</dt>
        <dd>{dateAndClockTime(first.startedAt)}</dd>
        {entry.notes.length > 0 && (
          <>
            <dt>Notes</dt>
            <dd>{entry.notes.join('; ')}</dd>
          </>
        )}
        <dt>Case ids</dt>
        <dd data-testid="detail-tags">
          {entry.tags.length === 0
            ? 'none'
            : entry.tags.map((t) => (
                <span key={t} className="badge badge-info rl-tag">
                  {t}{' '}
                  <button
                    type="button"
                    className="btn-link"
                    aria-label={`Remove case id ${t}`}
                    onClick={() => void removeTag(t)}
                  >
                    ×
                  </button>
                </span>
              ))}
        </dd>
      </dl>
    </section>
  )
}

function AttemptShown({ entry, d }: { entry: RequestLogEntry; d: RequestDetailModel }): React.JSX.Element {
  const { shown, setAttemptNo, requestBody, responseBody } = d
  return (
    <>
      {entry.attempts.length > 1 && (
        <div className="toolbar" role="group" aria-label="Attempt shown below">
          {entry.attempts.map((a) => (
            <button
              key={a.attempt}
              type="button"
              className={`btn btn-small${a === shown ? ' btn-primary' : ''}`}
              aria-pressed={a === shown}
              onClick={() => setAttemptNo(a.attempt)}
            >
              Attempt {a.attempt}
            </button>
          ))}
        </div>
      )}

      <section className="rl-section" data-testid="request-section">
        <h3>Request{entry.attempts.length > 1 ? ` (attempt #${shown.attempt})` : ''}</h3>
        <p className="mono rl-url">
          {entry.method} {shown.url}
        </p>
        <Headers headers={shown.requestHeaders} testId="request-headers" />
        <Body text={requestBody} label="Request body" testId="request-body" />
      </section>

      <section className="rl-section" data-testid="response-section">
        <h3>Response</h3>
        <p>
          {shown.status !== null ? (
            <strong>Status {shown.status}</strong>
          ) : (
            <strong>No response: {shown.error?.message ?? 'the attempt failed before an answer'}</strong>
          )}
        </p>
        <Headers headers={shown.responseHeaders} testId="response-headers" />
        <Body text={responseBody} label="Response body" testId="response-body" />
        {shown.responseBodyTruncated && <p className="field-hint">The body was cut to the first 256 kB.</p>}
      </section>
    </>
  )
}
