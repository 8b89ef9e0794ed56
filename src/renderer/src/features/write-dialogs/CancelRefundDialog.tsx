import { useStore } from 'zustand'
import type { StoreApi } from 'zustand/vanilla'
import type { Payment, Refund } from '../../../../shared/api-types'
import { formatAmountForDisplay } from '../../../../shared/money'
import type { WriteState } from '../../stores/write-store'
import { userLocale } from '../../lib/format'
import { WriteDialog } from '../../components/WriteDialog'
import { LIVE_EFFECT, PaymentCustomer, useConnectionText } from '../../components/dialog-parts'

/** The confirmation of Cancel refund: what is canceled, for whom, on which connection; main checks again. */
export function CancelRefundDialog(props: {
  payment: Payment
  refund: Refund
  store: StoreApi<WriteState>
}): React.JSX.Element {
  const { payment, refund, store } = props
  const busy = useStore(store, (s) => s.busy)
  const error = useStore(store, (s) => s.error)
  const connection = useConnectionText()
  const amount = formatAmountForDisplay(refund.amount, userLocale())
  return (
    <WriteDialog
      title={`Cancel the refund of ${amount}?`}
      confirmLabel="Cancel refund"
      cancelLabel="Keep refund"
      busy={busy}
      busyLabel="Canceling…"
      canConfirm
      danger
      live={connection.live ? LIVE_EFFECT.cancelRefund : null}
      error={error}
      testId="cancel-refund-dialog"
      onConfirm={() => void store.getState().cancelRefund(payment.id, refund.id)}
      onClose={() => store.getState().close()}
    >
      <p>
        The customer does not get this {amount} back; it goes back to what can be refunded from payment {payment.id}.
        Paydesk reads the refund again first: once it is being paid out, it can no longer be canceled.
      </p>
      <dl className="pairs action-summary">
        <dt>Customer</dt>
        <dd>
          <PaymentCustomer payment={payment} />
        </dd>
        <dt>Connection</dt>
        <dd>{connection.text}</dd>
      </dl>
    </WriteDialog>
  )
}
