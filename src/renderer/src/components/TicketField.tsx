// The one Ticket field (issue 50): wherever the agent types a helpdesk ticket reference (the refund
// dialog, the shop banner, the record panel's case bar), with the same label and the same rule
// (src/shared/ticket.ts), whose words show under the field while the typed text breaks it. Main checks
// the same rule again on the channel; the caller disables its button while `ticketProblem` is not null.
import { useId } from 'react'
import { TICKET_MAX_LENGTH, ticketProblem } from '../../../shared/ticket'
import './ticket-field.css'

interface TicketFieldProps {
  value: string
  onChange: (value: string) => void
  testId: string
  /** In a toolbar (label, box and button in a row) rather than a dialog's column of fields. */
  inline?: boolean
}

export function TicketField(props: TicketFieldProps): React.JSX.Element {
  const problemId = useId()
  const problem = ticketProblem(props.value)
  return (
    <div className={props.inline ? 'ticket-field ticket-field-inline' : 'ticket-field'}>
      <label className={props.inline ? 'ticket-field-label' : 'field'}>
        <span>Ticket (your helpdesk’s reference; optional)</span>
        <input
          className="input ticket-field-input"
          value={props.value}
          maxLength={TICKET_MAX_LENGTH}
          spellCheck={false}
          aria-invalid={problem !== null}
          aria-describedby={problem ? problemId : undefined}
          onChange={(e) => props.onChange(e.target.value)}
          data-testid={props.testId}
        />
      </label>
      {problem && (
        <p id={problemId} className="field-error" data-testid={`${props.testId}-problem`}>
          {problem}
        </p>
      )}
    </div>
  )
}
