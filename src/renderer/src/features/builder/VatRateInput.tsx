import { standardVatRate } from '../../../../shared/vat-rates'

// A line's VAT rate: a real value in the field, never a grey example. A new line starts with the
// shipping country's standard rate, shown in the field with where it comes from; an empty rate
// offers that rate with one click (an order line cannot be sent without a chosen rate).

export function VatRateInput({
  n,
  value,
  country,
  required,
  onChange,
  control,
}: {
  n: number
  value: string
  country: string
  required: boolean
  onChange: (value: string) => void
  control: {
    id: string
    className: string
    'aria-invalid': boolean
    'aria-describedby': string | undefined
    'data-testid': string
  }
}): React.JSX.Element {
  const standard = standardVatRate(country)
  const code = country.trim().toUpperCase()
  return (
    <>
      <input
        {...control}
        aria-label={`Line ${n} VAT rate`}
        aria-required={required}
        inputMode="decimal"
        value={value}
        onChange={(e) => onChange(e.target.value)}
        onKeyDown={(e) => {
          // Alt+Enter takes the offered standard rate, like every other offered fix in the form.
          if (e.key === 'Enter' && e.altKey && standard !== null && value.trim() === '') {
            e.preventDefault()
            onChange(standard)
          }
        }}
      />
      {standard !== null && value === standard && (
        <div className="pd-formula" data-testid={`vat-source-${n - 1}`}>
          standard in {code}
        </div>
      )}
      {standard !== null && value.trim() === '' && (
        <div className="amount-echo amount-echo-compact">
          <button
            type="button"
            className="btn btn-small"
            onClick={() => onChange(standard)}
            title={`The standard VAT rate in ${code} (Alt+Enter in the field); use 0 when no VAT applies`}
            aria-label={`Use ${standard}, the standard VAT rate in ${code}, for line ${n}`}
            data-testid={`use-standard-vat-${n - 1}`}
          >
            Use {standard}
          </button>
        </div>
      )}
    </>
  )
}
