import { useId } from 'react'
import { useStore } from 'zustand'
import type { StoreApi } from 'zustand/vanilla'
import { TICKET_MAX_LENGTH, TICKET_PATTERN } from '../../../../shared/ipc/team'
import { colleagueRefunds, recordedWriteLine } from '../../../../shared/story/record-story'
import type { ObjectRecordState } from '../../stores/team-store'

/** Refunds colleagues made on this payment, from the shared record: who and when, before refunding again. */
export function ColleagueRefunds({ record }: { record: StoreApi<ObjectRecordState> }): React.JSX.Element | null {
  const shared = useStore(record, (s) => s.record)
  if (!shared) return null
  const theirs = colleagueRefunds(shared.actions, shared.me)
  if (theirs.length === 0) return null
  return (
    <div className="banner banner-warn" role="status" data-testid="refund-colleagues">
      <p>A colleague already refunded this payment:</p>
      <ul className="refund-colleagues">
        {theirs.map((e) => (
          <li key={e.id}>{recordedWriteLine(e, shared.me)}</li>
        ))}
      </ul>
    </div>
  )
}

/** The ticket of the payment's open case, to start the refund's Ticket field with. */
export function caseTicket(record: StoreApi<ObjectRecordState> | null): string {
  const c = record?.getState().record?.case
  return c?.state === 'open' ? (c.ticket ?? '') : ''
}

/** Whether a typed ticket reference can be sent (empty: none). */
export function ticketProblem(ticket: string): string | null {
  const t = ticket.trim()
  if (t === '' || TICKET_PATTERN.test(t)) return null
  return 'A ticket reference is letters and digits (and # . _ / : -), without spaces.'
}

/** The optional "Ticket" field of a write: recorded with it, and written into the refund's metadata. */
export function TicketField(props: { value: string; onChange: (value: string) => void }): React.JSX.Element {
  const problemId = useId()
  const problem = ticketProblem(props.value)
  return (
    <>
      <label className="field">
        <span>Ticket (your helpdesk’s reference; optional)</span>
        <input
          className="input"
          value={props.value}
          maxLength={TICKET_MAX_LENGTH}
          aria-invalid={problem !== null}
          aria-describedby={problem ? problemId : undefined}
          onChange={(e) => props.onChange(e.target.value)}
          data-testid="refund-ticket"
        />
      </label>
      {problem && (
        <p id={problemId} className="field-error">
          {problem}
        </p>
      )}
    </>
  )
}
