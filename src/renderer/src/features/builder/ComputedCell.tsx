import { amountOffer } from '../../../../shared/input-suggestions'
import { AmountEcho, chooseOnAltEnter } from '../../components/AmountEcho'
import type { Highlight } from '../../stores/builder-store'
import { controlIdOf } from '../../../../shared/order-builder'
import { errorIdOf, inputClass, isHighlighted } from './FormControls'

/** A computed total/VAT cell: the value with its formula, or the user's own value and the expected one. */
export function ComputedCell({
  label,
  field,
  path,
  override,
  expected,
  formula,
  currency,
  invalid,
  highlight,
  onOverride,
}: {
  label: string
  field: 'totalAmount' | 'vatAmount'
  path: string
  override: string | null
  expected: string | null
  formula: string | null
  currency: string
  invalid: boolean
  highlight: Highlight | null
  onOverride(value: string | null): void
}): React.JSX.Element {
  const id = controlIdOf(path)
  const deviates = override !== null && expected !== null && override !== expected
  return (
    <div className="pd-computed">
      {override === null ? (
        <output
          id={id}
          tabIndex={0}
          className={`pd-computed-value mono${isHighlighted(path, highlight) ? ' highlight' : ''}${invalid ? ' invalid' : ''}`}
          aria-label={`${label}: ${expected ?? 'not computable yet'}${formula ? ` (${formula})` : ''}`}
          aria-describedby={invalid ? errorIdOf(path) : undefined}
          title={formula ?? undefined}
          data-testid={`field-${path}`}
        >
          {expected ?? '—'}
        </output>
      ) : (
        <input
          id={id}
          className={inputClass(path, highlight, 'pd-num')}
          aria-label={`${label} (your own value)`}
          aria-invalid={invalid || deviates}
          aria-describedby={invalid ? errorIdOf(path) : undefined}
          value={override}
          inputMode="decimal"
          onChange={(e) => onOverride(e.target.value)}
          onKeyDown={chooseOnAltEnter(amountOffer(override, currency), onOverride)}
          data-testid={`field-${path}`}
        />
      )}
      {override !== null && (
        <AmountEcho testId={path} offer={amountOffer(override, currency)} onChoose={onOverride} compact />
      )}
      {override === null && formula && <div className="pd-formula">{formula}</div>}
      {deviates && (
        <div className="pd-expected" data-testid={`expected-${path}`}>
          expected {expected}
        </div>
      )}
      <label className="pd-override">
        <input
          type="checkbox"
          checked={override !== null}
          aria-label={`Type my own ${field === 'totalAmount' ? 'total' : 'VAT amount'} (${label})`}
          onChange={(e) => onOverride(e.target.checked ? (expected ?? '') : null)}
          data-testid={`override-${path}`}
        />{' '}
        own
      </label>
    </div>
  )
}
