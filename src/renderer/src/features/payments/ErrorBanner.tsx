import { useAppStore } from '../../app-stores'
import type { PaymentsErrorView } from '../../stores/payments-store'

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
  const navigate = useAppStore((s) => s.navigate)
  return (
    <div className="banner banner-error" role="alert" data-testid={testId}>
      <strong>{context}</strong>
      {error.title || error.detail ? (
        <p className="pay-error-api">
          {error.status !== null && <span className="mono">{error.status} </span>}
          {error.title && <strong>{error.title}</strong>}
          {error.title && error.detail ? ': ' : ''}
          {error.detail}
        </p>
      ) : (
        <p className="pay-error-api">{error.message}</p>
      )}
      <div className="toolbar">
        {onRetry && (
          <button type="button" className="btn btn-small" onClick={onRetry}>
            Try again
          </button>
        )}
        {error.requestId && (
          <button
            type="button"
            className="btn btn-small btn-link"
            onClick={() => error.requestId && navigate({ screen: 'inspector', entryId: error.requestId })}
          >
            Open the request in the Inspector
          </button>
        )}
      </div>
    </div>
  )
}
