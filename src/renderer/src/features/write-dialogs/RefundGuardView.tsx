import { formatMoment } from '../../../../shared/dates'
import { formatAmountForDisplay } from '../../../../shared/money'
import { refundHold, refundWarnings, type RefundGuard } from '../../../../shared/refund-guard'
import { refundStateWords } from '../../../../shared/story/words'
import { TableHead } from '../../components/TableHead'
import type { WriteState } from '../../stores/write-store'
import { userLocale } from '../../lib/format'

/**
 * What main's fresh read says before a refund: reading, could not read (nothing can be sent), or the
 * refunds already made, a hold for an open chargeback and the warnings.
 */
export function RefundGuardView({
  state,
  onRetry,
}: {
  state: WriteState['guard']
  onRetry: () => void
}): React.JSX.Element | null {
  if (!state || state.state === 'reading') {
    return (
      <p className="muted" role="status" data-testid="refund-guard-reading">
        Reading the payment, its refunds and chargebacks as they are now…
      </p>
    )
  }
  if (state.state === 'error') {
    return (
      <div className="banner banner-error" role="alert" data-testid="refund-guard-error">
        {state.error.message}{' '}
        <button type="button" className="btn btn-small" onClick={onRetry}>
          Read it again
        </button>
      </div>
    )
  }
  return <GuardFacts guard={state.value.guard} />
}

function GuardFacts({ guard }: { guard: RefundGuard }): React.JSX.Element {
  const words = { locale: userLocale() }
  const hold = refundHold(guard, words)
  const warnings = refundWarnings(guard, words)
  return (
    <div className="refund-guard" data-testid="refund-guard">
      {hold && (
        <p className="banner banner-warn" role="alert" data-testid="refund-guard-hold">
          {hold}
        </p>
      )}
      {warnings.length > 0 && (
        <ul className="refund-guard-warnings" data-testid="refund-guard-warnings">
          {warnings.map((w) => (
            <li key={w}>{w}</li>
          ))}
        </ul>
      )}
      {guard.refunds.length > 0 ? (
        <table className="data action-refunds" data-testid="refund-guard-refunds">
          <caption className="action-caption">Refunds already made on this payment</caption>
          <TableHead columns={['Amount', 'When', 'State', 'By']} />
          <tbody>
            {guard.refunds.map((r) => (
              <tr key={r.id}>
                <td className="mono">{formatAmountForDisplay(r.amount, words.locale)}</td>
                <td>{formatMoment(r.createdAt, 'short-date-time', words)}</td>
                <td>{refundStateWords(r.status)}</td>
                <td>{r.by ?? 'not known'}</td>
              </tr>
            ))}
          </tbody>
        </table>
      ) : (
        <p className="muted" data-testid="refund-guard-none">
          No refund has been made on this payment yet (read just now).
        </p>
      )}
    </div>
  )
}
