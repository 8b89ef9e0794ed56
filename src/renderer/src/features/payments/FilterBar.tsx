import { PAYMENT_STATUSES } from '../../../../shared/api-types'
import { ChoiceSelect } from '../../components/ChoiceSelect'
import type { PaymentFilter } from '../../lib/payment-filters'
import { formatCount } from '../../../../shared/count'
import { METHOD_CHOICES } from '../../../../shared/story/words'

/**
 * The methods in the agent's words, as the list shows them; a payment with no method yet is "(none)"
 * (value `none`, see payment-filters.ts).
 */
const METHOD_FILTER_CHOICES = [['none', '(none)'] as const, ...METHOD_CHOICES]

interface FilterBarProps {
  filter: PaymentFilter
  onChange: (patch: Partial<PaymentFilter>) => void
  onClear: () => void
  active: boolean
  loadedCount: number
  matchCount: number
  error: string | null
  currencies: string[]
}

/** The filter over the rows held in memory; it never queries the service (the list API has no filters). */
export function FilterBar(props: FilterBarProps): React.JSX.Element {
  const { filter, onChange, onClear, active, loadedCount, matchCount, error, currencies } = props
  return (
    <fieldset id="pay-filter" className="pay-filter" aria-describedby="pay-filter-scope">
      <legend className="visually-hidden">Filter loaded payments</legend>
      <input
        className="input pay-filter-text"
        type="search"
        placeholder="Filter text (id, description…)"
        aria-label="Filter text"
        value={filter.text}
        onChange={(e) => onChange({ text: e.target.value })}
        data-testid="filter-text"
      />
      <ChoiceSelect
        label="Status"
        anyLabel="Any status"
        value={filter.statuses[0] ?? ''}
        choices={PAYMENT_STATUSES}
        onChange={(status) => onChange({ statuses: status ? [status] : [] })}
        testId="filter-status"
      />
      <ChoiceSelect
        label="Method"
        anyLabel="Any method"
        value={filter.methods[0] ?? ''}
        choices={METHOD_FILTER_CHOICES}
        onChange={(method) => onChange({ methods: method ? [method] : [] })}
        testId="filter-method"
      />
      <ChoiceSelect
        label="Currency"
        anyLabel="Any currency"
        value={filter.currency}
        choices={currencies}
        onChange={(currency) => onChange({ currency })}
      />
      <input
        className="input pay-amount-input"
        inputMode="decimal"
        placeholder="Min amount"
        aria-label="Minimum amount"
        title="In each payment's own currency (exact); choose a currency to compare like with like"
        value={filter.minAmount}
        onChange={(e) => onChange({ minAmount: e.target.value })}
        data-testid="filter-min"
      />
      <input
        className="input pay-amount-input"
        inputMode="decimal"
        placeholder="Max amount"
        aria-label="Maximum amount"
        title="In each payment's own currency (exact); choose a currency to compare like with like"
        value={filter.maxAmount}
        onChange={(e) => onChange({ maxAmount: e.target.value })}
        data-testid="filter-max"
      />
      {active && (
        <button type="button" className="btn btn-small" onClick={onClear}>
          Clear filter
        </button>
      )}
      <span
        id="pay-filter-scope"
        className={active ? 'pay-filter-scope active' : 'pay-filter-scope'}
        data-testid="filter-scope"
      >
        Filter covers only the {formatCount(loadedCount)} loaded payments
        {active && !error && (
          <>
            {' '}
            · <strong data-testid="filter-count">{formatCount(matchCount)}</strong> match
          </>
        )}
      </span>
      {error && (
        <span className="field-error" role="alert">
          {error}
        </span>
      )}
    </fieldset>
  )
}
