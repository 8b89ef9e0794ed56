import { ADDRESS_KEYS, type AddressKey, type DraftAddress } from '../../../../shared/order-builder'
import type { RuleViolation } from '../../../../shared/order-rules'
import type { Highlight } from '../../stores/builder-store'
import { suggestPhone } from '../../../../shared/input-suggestions'
import { TextField } from './FormControls'
import { ADDRESS_LABELS } from './address-labels'

const AUTOCOMPLETE: Partial<Record<AddressKey, string>> = {
  givenName: 'off',
  email: 'off',
}

/**
 * Every Address field of spec 2.1; the ones the service requires (`required`, from the rules
 * module) are labelled so, and a postal code "where the country has one".
 */
export function AddressFields({
  prefix,
  address,
  required,
  onChange,
  formErrors,
  highlight,
}: {
  prefix: 'billingAddress' | 'shippingAddress'
  address: DraftAddress
  /** ORDER_ADDRESS_REQUIRED or PAYMENT_ADDRESS_REQUIRED of the rules module */
  required: readonly string[]
  onChange(address: DraftAddress): void
  formErrors: Record<string, RuleViolation[]>
  highlight: Highlight | null
}): React.JSX.Element {
  return (
    <div className="pd-grid pd-grid-3">
      {ADDRESS_KEYS.map((key) => {
        const path = `${prefix}.${key}`
        return (
          <TextField
            key={key}
            path={path}
            required={required.includes(key)}
            label={
              required.includes(key)
                ? ADDRESS_LABELS[key]
                : key === 'postalCode'
                  ? `${ADDRESS_LABELS[key]} (required where the country has postal codes)`
                  : ADDRESS_LABELS[key]
            }
            api={`${path} (spec 2.1 Address)`}
            value={address[key] ?? ''}
            suggestion={key === 'phone' ? suggestPhone(address.phone ?? '', address.country) : null}
            type={key === 'email' ? 'email' : key === 'phone' ? 'tel' : 'text'}
            maxLength={key === 'country' ? 2 : 512}
            autoComplete={AUTOCOMPLETE[key] ?? 'off'}
            errors={formErrors[path]}
            highlight={highlight}
            onChange={(value) => {
              const next = { ...address }
              const v = key === 'country' ? value.toUpperCase() : value
              if (v === '') delete next[key]
              else next[key] = v
              onChange(next)
            }}
          />
        )
      })}
    </div>
  )
}
