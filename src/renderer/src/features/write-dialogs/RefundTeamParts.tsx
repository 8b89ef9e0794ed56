import { useStore } from 'zustand'
import type { StoreApi } from 'zustand/vanilla'
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
