import type { PaymentsErrorView } from '../stores/payments-store'
import { RequestButton } from './RequestButton'
import { Message } from './Message'
import { LookupButton } from './LookupButton'

/** An error of this screen: what happened, the API's title and detail (spec 7), and the inspector entry. */
export function ErrorBanner({
  error,
  context,
  testId,
  onRetry,
}: {
  error: PaymentsErrorView
  context: string
  testId?: string
  onRetry?: () => void
}): React.JSX.Element {
  return (
    <div className="banner banner-error" role="alert" data-testid={testId}>
      <strong>{context}</strong>
      {error.title || error.detail ? (
        <p className="error-api">
          {error.status !== null && <span className="mono">{error.status} </span>}
          {error.title && <strong>{error.title}</strong>}
          {error.title && error.detail ? ': ' : ''}
          {error.detail}
        </p>
      ) : (
        <p className="error-api">{error.message}</p>
      )}
      <div className="toolbar">
        <LookupButton lookup={error.lookup} />
        {onRetry && (
          <button type="button" className="btn btn-small" onClick={onRetry}>
            Try again
          </button>
        )}
        {error.requestId && (
          <RequestButton requestId={error.requestId} className="btn btn-small btn-link">
            Open the request in the Inspector
          </RequestButton>
        )}
      </div>
    </div>
  )
}

/**
 * What a detail view shows before and instead of its object: a link action's notice, "Loading …" on
 * the first load, and the load's error (a 404 says the object may belong to another connection).
 */
export function LoadState(props: {
  what: 'order' | 'payment'
  id: string | null
  notice: string | null
  loading: boolean
  error: PaymentsErrorView | null
  onRetry?: () => void
}): React.JSX.Element {
  const { what, id, notice, loading, error } = props
  const name = `${what === 'order' ? 'Order' : 'Payment'} ${id ?? ''}`
  return (
    <>
      <Message text={notice} className="field-hint" role="status" />
      {loading && (
        <p className="muted" role="status">
          <span className="spinner" aria-hidden="true" /> Loading {what}…
        </p>
      )}
      {error && (
        <ErrorBanner
          error={error}
          context={
            error.status === 404
              ? `${name} was not found (404). Check the id: it may belong to another connection, profile or mode.`
              : `Could not load ${what} ${id ?? ''}.`
          }
          testId={what === 'order' ? 'order-error' : 'detail-error'}
          onRetry={props.onRetry}
        />
      )}
    </>
  )
}
