import { useId } from 'react'
import type { NextStep } from '../../../shared/payment-writes'
import './write-dialog.css'

/**
 * An action that does not apply to the object as it is now: shown, but disabled, with the reason in
 * words (the same rule main enforces, src/shared/payment-writes.ts) and, where there is one, what to
 * do instead. A disabled button cannot take focus, so the reason is text beside it, not a tooltip.
 */
export function NotApplicable(props: {
  label: string
  why: string
  next?: NextStep | null
  onNext?: (step: NextStep) => void
  testId: string
}): React.JSX.Element {
  const { label, why, next, onNext, testId } = props
  const reasonId = useId()
  return (
    <div className="action-na" data-testid={testId}>
      <button type="button" className="btn btn-small" disabled aria-describedby={reasonId}>
        {label}
      </button>
      <span id={reasonId} className="action-na-why">
        {why}
      </span>
      {next && onNext && (
        <button
          type="button"
          className="btn btn-small btn-link"
          onClick={() => onNext(next)}
          data-testid={`${testId}-next`}
        >
          {next.label} →
        </button>
      )}
    </div>
  )
}
