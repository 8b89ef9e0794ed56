import type { AmountOffer } from '../../../shared/input-suggestions'
import './amount-echo.css'

// Next to every typed amount: what will be sent when the agent's notation was read into the
// service's form ("Sent as 39.95 EUR"), or the question when the text reads two ways, with the
// readings as buttons. Nothing is taken or changed until the agent chooses.

export function AmountEcho({
  offer,
  testId,
  onChoose,
  compact = false,
}: {
  offer: AmountOffer
  testId: string
  onChoose: (value: string) => void
  compact?: boolean
}): React.JSX.Element | null {
  if (!offer.echo && !offer.question && offer.choices.length === 0) return null
  return (
    <div className={`amount-echo${compact ? ' amount-echo-compact' : ''}`} data-testid={`echo-${testId}`}>
      {offer.echo && (
        <span className="muted" data-testid={`echo-value-${testId}`}>
          Sent as <span className="mono">{offer.echo}</span>
        </span>
      )}
      {offer.question && <span className="field-error">{offer.question}</span>}
      {offer.choices.map((choice, i) => (
        <button
          key={choice.value}
          type="button"
          className="btn btn-small"
          title={i === 0 ? `${choice.reason}; or press Alt+Enter in the field` : choice.reason}
          onClick={() => onChoose(choice.value)}
          data-testid={`choose-${testId}-${i}`}
        >
          Use {choice.value}
        </button>
      ))}
    </div>
  )
}

/** Alt+Enter in an amount field takes its first choice. */
export function chooseOnAltEnter(
  offer: AmountOffer,
  onChoose: (value: string) => void,
): (e: React.KeyboardEvent) => void {
  return (e) => {
    const first = offer.choices[0]
    if (first && e.altKey && !e.ctrlKey && !e.metaKey && e.key === 'Enter') {
      e.preventDefault()
      onChoose(first.value)
    }
  }
}
