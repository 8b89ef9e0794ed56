import { useState } from 'react'
import type { LostWriteLookup } from '../../../shared/api-error'
import { useAppStore, usePaymentsStore } from '../stores/window-stores'
import { errorMessage } from '../stores/error-view'
import {
  lookupLabel,
  lookupTarget,
  matchingPayments,
  RECENT_PAYMENTS_READ,
  recentResultWords,
} from '../lib/lost-write-lookup'

/**
 * A write's answer was lost: offers the look-up main named (the object, a payment's refunds, or the
 * newest payments with what was sent), read fresh from the service through the ordinary channels.
 */
export function LookupButton({
  lookup,
  onOpen,
}: {
  lookup: LostWriteLookup | null | undefined
  /** Called before another view is opened (a dialog closes itself). */
  onOpen?: () => void
}): React.JSX.Element | null {
  const navigate = useAppStore((s) => s.navigate)
  const readNewest = usePaymentsStore((s) => s.readNewest)
  const [busy, setBusy] = useState(false)
  const [result, setResult] = useState<string | null>(null)
  /** The one payment that matches a create's description and amount, offered to open. */
  const [found, setFound] = useState<string | null>(null)
  if (!lookup) return null

  async function run(what: LostWriteLookup): Promise<void> {
    const target = lookupTarget(what)
    if (target) {
      onOpen?.()
      return navigate(target)
    }
    if (what.by !== 'recent') return
    setBusy(true)
    setResult(null)
    setFound(null)
    try {
      const payments = await readNewest(RECENT_PAYMENTS_READ)
      const matches = matchingPayments(what, payments)
      setResult(recentResultWords(what, matches, payments.length))
      setFound(matches.length === 1 ? (matches[0]?.id ?? null) : null)
    } catch (error) {
      setResult(`Could not read the newest payments: ${errorMessage(error)}`)
    } finally {
      setBusy(false)
    }
  }

  return (
    <>
      <button
        type="button"
        className="btn btn-small btn-primary"
        disabled={busy}
        onClick={() => void run(lookup)}
        data-testid="lost-write-lookup"
      >
        {busy ? 'Looking…' : lookupLabel(lookup)}
      </button>
      {found && (
        <button
          type="button"
          className="btn btn-small"
          onClick={() => {
            onOpen?.()
            navigate({ screen: 'payments', paymentId: found })
          }}
          data-testid="lost-write-lookup-open"
        >
          Open payment {found}
        </button>
      )}
      {result && (
        <p className="field-hint" role="status" data-testid="lost-write-lookup-result">
          {result}
        </p>
      )}
    </>
  )
}
