// Pieces every action dialog shares: who the customer is, which connection, a bounded text field.
import type { Address } from '../../../../shared/api-types'
import { useConnectionStore } from '../../app-stores'

export function addressedCustomer(address: Address | undefined): string {
  if (!address) return 'not named'
  const name = [address.givenName, address.familyName].filter(Boolean).join(' ')
  return [name, address.email].filter(Boolean).join(' · ') || 'not named'
}

/** The connection as the dialogs name it: "Sandbox (test)". */
export function useConnectionText(): { text: string; live: boolean } {
  const active = useConnectionStore((s) => s.active)
  if (!active) return { text: 'the active connection', live: false }
  return { text: `${active.label} (${active.isLive ? 'live' : 'test'})`, live: active.isLive }
}

/** A dialog's one-line text field: the words above it, bounded in length. */
export function DialogTextField(props: {
  label: string
  maxLength: number
  testId: string
  value: string
  onChange: (value: string) => void
}): React.JSX.Element {
  return (
    <label className="field">
      <span>{props.label}</span>
      <input
        className="input"
        value={props.value}
        maxLength={props.maxLength}
        onChange={(e) => props.onChange(e.target.value)}
        data-testid={props.testId}
      />
    </label>
  )
}
