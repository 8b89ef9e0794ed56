import { useEffect, useRef, useState } from 'react'
import { useStore } from 'zustand'
import type { StoreApi } from 'zustand/vanilla'
import { readAmountInput } from '../../../../shared/amount-input'
import type { Amount, Payment } from '../../../../shared/api-types'
import { amountOffer } from '../../../../shared/input-suggestions'
import { formatAmountForDisplay } from '../../../../shared/money'
import { REFUND_DESCRIPTION_MAX } from '../../../../shared/order-rules'
import { refundAmountProblem } from '../../../../shared/payment-writes'
import {
  HOLD_REASON_MAX_LENGTH,
  HOLD_REASON_MIN_LENGTH,
  refundHold,
  type RefundGuard,
} from '../../../../shared/refund-guard'
import { ticketProblem } from '../../../../shared/ticket'
import { AmountEcho, chooseOnAltEnter } from '../../components/AmountEcho'
import { TicketField } from '../../components/TicketField'
import type { WriteState } from '../../stores/write-store'
import type { ObjectRecordState } from '../../stores/team-store'
import { caseTicket, ColleagueRefunds } from './RefundTeamParts'
import { userLocale } from '../../lib/format'
import { WriteDialog } from '../../components/WriteDialog'
import { DialogTextField, LIVE_EFFECT, PaymentCustomer, useConnectionText } from '../../components/dialog-parts'
import { RefundGuardView } from './RefundGuardView'

const REFUND_REASON = {
  label: 'Reason (shown on the customer’s statement where the method allows; optional)',
  maxLength: REFUND_DESCRIPTION_MAX,
  testId: 'refund-description',
}

/** The payment as main read it when the dialog opened (its guard), else as the view shows it. */
function useFreshRefund(shown: Payment, store: StoreApi<WriteState>) {
  const state = useStore(store, (s) => s.guard)
  const fresh = state?.paymentId === shown.id && state.state === 'read' ? state.value : null
  const payment = fresh?.payment ?? shown
  const guard = fresh?.guard ?? null
  const remaining = guard?.remaining ?? payment.amountRemaining ?? payment.amount
  const [text, setText] = useState(remaining.value)
  // Until the agent types, the amount follows what main says is left (a colleague's refund lowers it).
  const typed = useRef(false)
  useEffect(() => {
    if (!typed.current) setText(remaining.value)
  }, [remaining.value])
  const type = (value: string) => {
    typed.current = true
    setText(value)
  }
  return { state, payment, guard, remaining, text, type }
}

/**
 * The refund's confirmation (the ticket field before the amount: from "Don't refund", the amount stays
 * two fields back on the keyboard path). Main reads the payment fresh when it opens (and again before it sends):
 * the refunds already made, an open chargeback (the refund is held: sending it takes a reason), a
 * SEPA reversal window and a refund of the last hour are named here; nothing can be sent until that
 * read answered.
 */
export function RefundDialog({
  payment: shown,
  store,
  record,
}: {
  payment: Payment
  store: StoreApi<WriteState>
  /** The payment's shared record: a colleague's refund and the case's ticket. */
  record: StoreApi<ObjectRecordState> | null
}) {
  const busy = useStore(store, (s) => s.busy)
  const error = useStore(store, (s) => s.error)
  const connection = useConnectionText()
  const { state, payment, guard, remaining, text, type } = useFreshRefund(shown, store)
  const [description, setDescription] = useState('')
  const [holdReason, setHoldReason] = useState('')
  const [ticket, setTicket] = useState(() => caseTicket(record))
  const locale = userLocale()
  const read = readAmountInput(text, remaining.currency)
  const offer = amountOffer(text, remaining.currency)
  const problem = read.ok ? refundAmountProblem(payment, read.amount) : null
  const amountText = read.ok ? formatAmountForDisplay(read.amount, locale) : null
  const held = guard !== null && refundHold(guard) !== null
  const reasonGiven = holdReason.trim().length >= HOLD_REASON_MIN_LENGTH
  const canConfirm =
    guard !== null && read.ok && problem === null && (!held || reasonGiven) && ticketProblem(ticket) === null
  const confirm = () =>
    read.ok && void store.getState().refund(payment.id, read.amount, description, ticket, holdReason)
  const onAmountKey = (e: React.KeyboardEvent<HTMLInputElement>) => {
    chooseOnAltEnter(offer, type)(e)
    // Enter in the amount sends, as the button would (only when the button could).
    if (e.key === 'Enter' && !e.altKey && !e.defaultPrevented && canConfirm && !busy) {
      e.preventDefault()
      confirm()
    }
  }
  return (
    <WriteDialog
      title={`Refund payment ${payment.id}`}
      confirmLabel={amountText ? `Refund ${amountText}${held ? ' anyway' : ''}` : 'Refund'}
      cancelLabel="Don’t refund"
      busy={busy}
      busyLabel="Refunding…"
      canConfirm={canConfirm}
      live={connection.live ? LIVE_EFFECT.refund(payment.method) : null}
      error={error}
      testId="refund-dialog"
      onConfirm={confirm}
      onClose={() => store.getState().close()}
    >
      {record && <ColleagueRefunds record={record} />}
      <RefundSummary payment={payment} guard={guard} remaining={remaining} connection={connection.text} />
      <RefundGuardView state={state} onRetry={() => void store.getState().loadGuard(payment.id)} />
      <TicketField value={ticket} onChange={setTicket} testId="refund-ticket" />
      <label className="field">
        <span>Amount to refund ({remaining.currency})</span>
        <input
          className="input mono"
          value={text}
          inputMode="decimal"
          onChange={(e) => type(e.target.value)}
          onKeyDown={onAmountKey}
          aria-invalid={!read.ok || problem !== null}
          aria-describedby="refund-amount-hint"
          data-testid="refund-amount"
        />
      </label>
      <AmountEcho offer={offer} testId="refund-amount" onChoose={type} />
      <p id="refund-amount-hint" className={read.ok && !problem ? 'muted' : 'field-error'} role="status">
        {!read.ok
          ? read.problem === 'ambiguous'
            ? 'Choose the amount you mean.'
            : read.message
          : (problem?.message ?? `The customer gets ${amountText} back on the way they paid.`)}
      </p>
      <DialogTextField {...REFUND_REASON} value={description} onChange={setDescription} />
      {held && <HoldReasonField value={holdReason} onChange={setHoldReason} />}
    </WriteDialog>
  )
}

/** What was paid, refunded, taken back and is left, as main read it now; who and on which connection. */
function RefundSummary(props: {
  payment: Payment
  guard: RefundGuard | null
  remaining: Amount
  connection: string
}): React.JSX.Element {
  const { payment, guard, remaining } = props
  const locale = userLocale()
  return (
    <dl className="pairs action-summary">
      <dt>Paid</dt>
      <dd>{formatAmountForDisplay(payment.amount, locale)}</dd>
      <dt>Refunded so far</dt>
      <dd data-testid="refund-refunded">
        {guard?.refunded ? formatAmountForDisplay(guard.refunded, locale) : guard ? 'nothing' : '…'}
      </dd>
      {guard?.chargedBack && (
        <>
          <dt>Taken back by the bank</dt>
          <dd>{formatAmountForDisplay(guard.chargedBack, locale)}</dd>
        </>
      )}
      <dt>Left to refund</dt>
      <dd data-testid="refund-remaining">{formatAmountForDisplay(remaining, locale)}</dd>
      <dt>Customer</dt>
      <dd>
        <PaymentCustomer payment={payment} />
      </dd>
      <dt>Connection</dt>
      <dd>{props.connection}</dd>
    </dl>
  )
}

/** An open chargeback holds the refund: sending it anyway takes a reason, which main records. */
function HoldReasonField({ value, onChange }: { value: string; onChange: (v: string) => void }): React.JSX.Element {
  return (
    <label className="field">
      <span>Why send it anyway? (at least {HOLD_REASON_MIN_LENGTH} characters; recorded with the request)</span>
      <textarea
        className="input"
        rows={2}
        value={value}
        maxLength={HOLD_REASON_MAX_LENGTH}
        onChange={(e) => onChange(e.target.value)}
        data-testid="refund-hold-reason"
      />
    </label>
  )
}
