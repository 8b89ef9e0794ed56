import { useStore } from 'zustand'
import type { Order } from '../../../../shared/api-types'
import { formatAmountForDisplay } from '../../../../shared/money'
import { cancelOrderBlocker } from '../../../../shared/payment-actions'
import { userLocale } from '../payments/format'
import { ActionDialog } from './ActionDialog'
import { ActionDone, customerOf, useConnectionText, useViewActions } from './PaymentActions'

/** Cancel an order (and its lines) while its state allows it, behind a confirmation. */
export function OrderActions({ order, onChanged }: { order: Order; onChanged: () => void }): React.JSX.Element {
  const store = useViewActions('order', order.id, onChanged)
  const dialog = useStore(store, (s) => s.dialog)
  const busy = useStore(store, (s) => s.busy)
  const error = useStore(store, (s) => s.error)
  const connection = useConnectionText()
  const locale = userLocale()

  const why = cancelOrderBlocker(order)
  const openPayments = (order._embedded?.payments ?? []).filter((p) => p.status === 'open').length
  return (
    <div className="order-actions" data-testid="order-actions">
      {!why && (
        <div className="toolbar">
          <button
            type="button"
            className="btn btn-small"
            onClick={() => store.getState().open('cancel-order', order.id)}
            data-testid="action-cancel-order"
          >
            Cancel order…
          </button>
        </div>
      )}
      <ActionDone store={store} />
      {dialog?.kind === 'cancel-order' && dialog.targetId === order.id && (
        <ActionDialog
          title={`Cancel order ${order.orderNumber}?`}
          confirmLabel="Cancel order"
          cancelLabel="Keep order"
          busy={busy}
          busyLabel="Canceling…"
          canConfirm
          danger
          live={connection.live}
          error={error}
          testId="cancel-order-dialog"
          onConfirm={() => void store.getState().cancelOrder(order.id)}
          onClose={() => store.getState().close()}
        >
          <p>
            The order of <strong>{formatAmountForDisplay(order.amount, locale)}</strong> with {order.lines.length} item
            {order.lines.length === 1 ? '' : 's'} is canceled
            {openPayments > 0 ? `, and its open payment${openPayments === 1 ? '' : 's'} with it` : ''}. The customer can
            no longer pay it. This cannot be undone.
          </p>
          <dl className="action-summary">
            <dt>Customer</dt>
            <dd>{customerOf(order.billingAddress)}</dd>
            <dt>Connection</dt>
            <dd>{connection.text}</dd>
          </dl>
        </ActionDialog>
      )}
    </div>
  )
}
