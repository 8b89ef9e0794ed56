import { useMemo, useState } from 'react'
import {
  describeRateLimit,
  explainRequest,
  findPaymentId,
  readReplayDiffersNote,
} from '../../../../shared/explanations'
import { attemptEnds, type LoggedAttempt, type RequestLogEntry } from '../../../../shared/request-log-types'
import { errorMessage } from '../../stores/error-view'
import { useAppStore, useInspectorStore } from '../../app-stores'
import { clockTime, dateAndClockTime } from '../../../../shared/dates'
import { formatDuration, headerValue, prettyBody, readErrorFields } from './format'
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
  const navigate = useAppStore((s) => s.navigate)
  const tagEntries = useInspectorStore((s) => s.tag)
  const curlCommand = useInspectorStore((s) => s.curlCommand)
  const copyText = useAppStore((s) => s.copyText)
  const openExternal = useAppStore((s) => s.openExternal)
  const [attemptNo, setAttemptNo] = useState<number | null>(null)
  const [curl, setCurl] = useState<string | null>(null)
  const [actionError, setActionError] = useState<string | null>(null)
  const [actionInfo, setActionInfo] = useState<string | null>(null)
  const { first, last } = attemptEnds(entry)
  const shown = entry.attempts.find((a) => a.attempt === attemptNo) ?? last

  const errorFields = useMemo(() => readErrorFields(last.responseBody), [last.responseBody])
  // The rate-limit view of the most telling attempt: a 429 if there was one, else the last.
  const limited = [...entry.attempts].reverse().find((a) => a.status === 429) ?? last
  const rateLines = describeRateLimit(limited.rateLimit)
  const explanation = explainRequest({
    method: entry.method,
    status: last.status,
    errorKind: last.error?.kind ?? null,
    field: errorFields?.field ?? null,
    detail: errorFields?.detail ?? null,
    bucket: limited.rateLimit?.policy ?? limited.bucket,
    retryAfterSeconds: limited.rateLimit?.retryAfter ?? null,
    allow: headerValue(last.responseHeaders, 'allow'),
    attempts: entry.attempts.length,
    pending: last.outcome === 'retry',
    idempotencyKey: entry.idempotencyKey,
    replayed: headerValue(last.responseHeaders, 'idempotent-replayed') === 'true',
    replayDiffers: entry.notes.map(readReplayDiffersNote).find((r) => r !== null) ?? null,
  })
  const paymentId = findPaymentId(last.url, last.status !== null && last.status < 300 ? last.responseBody : null)
  const requestBody = useMemo(() => prettyBody(shown.requestBody), [shown.requestBody])
  const responseBody = useMemo(() => prettyBody(shown.responseBody), [shown.responseBody])

  async function copyCurl(): Promise<void> {
    setActionError(null)
    try {
      const command = await curlCommand(entry.id, shown.attempt)
      setCurl(command)
      try {
        await copyText(command)
        setActionInfo('cURL command copied. Set PAYDESK_API_KEY in your shell before running it.')
      } catch {
        setActionInfo('Select the command below and copy it (the clipboard is not available here).')
      }
    } catch (error) {
      setActionError(`Could not build the cURL command: ${errorMessage(error)}`)
    }
  }

  async function openDocs(url: string): Promise<void> {
    setActionError(null)
    try {
      await openExternal(url)
    } catch (error) {
      setActionError(`Could not open the documentation: ${errorMessage(error)}`)
    }
  }

  async function removeTag(tag: string): Promise<void> {
    try {
      await tagEntries([entry.id], tag, true)
    } catch (error) {
      setActionError(`Could not remove the case id: ${errorMessage(error)}`)
    }
  }

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
      <Message text={actionError} className="banner banner-error" role="alert" />
      <Message text={actionInfo} className="banner banner-ok" role="status" />
      {curl !== null && (
        <pre className="code" data-testid="curl-command" tabIndex={0} aria-label="cURL command">
          {curl}
        </pre>
      )}

      {errorFields && (
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
      )}

      {rateLines.length > 0 && (
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
      )}

      <section className="rl-section">
        <h3>Attempts</h3>
        <RetryTimeline entry={entry} />
      </section>

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
