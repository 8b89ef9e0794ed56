import { useRef } from 'react'
import { useStore } from 'zustand'
import type { Order } from '../../../../shared/api-types'
import { formatAmountForDisplay } from '../../../../shared/money'
import { cancelOrderBlocker, cancelOrderInstead } from '../../../../shared/payment-writes'
import { userLocale } from '../../lib/format'
import { useShortcutKeys } from '../../lib/keyboard'
import { WriteButton, WriteDone, CancelDialog, useViewWrites } from './PaymentWrites'

/**
 * Cancel an order (and its lines) while its state allows it, behind a confirmation; `send` (the order
 * view's something to send, composed by the screen) below the outcome.
 */
export function OrderWrites({ order, send }: { order: Order; send?: React.ReactNode }): React.JSX.Element {
  const store = useViewWrites('order', order.id)
  const dialog = useStore(store, (s) => s.dialog)
  const locale = userLocale()

  const why = cancelOrderBlocker(order)
  const instead = cancelOrderInstead(order)
  const whyRef = useRef<HTMLParagraphElement>(null)
  // C on an order that cannot be canceled brings the agent to the reason (and what to do instead).
  useShortcutKeys({ c: why ? () => whyRef.current?.focus() : () => store.getState().open('cancel-order', order.id) })
  const openPayments = (order._embedded?.payments ?? []).filter((p) => p.status === 'open').length
  return (
    <div className="order-actions" data-testid="order-actions">
      {why && instead && (
        <p className="muted" ref={whyRef} tabIndex={-1} data-testid="order-cancel-why">
          <strong>Cannot be canceled.</strong> {why} {instead}
        </p>
      )}
      {!why && (
        <div className="toolbar">
          <WriteButton store={store} kind="cancel-order" targetId={order.id} label="Cancel order…" shortcut="C" />
        </div>
      )}
      <WriteDone store={store} />
      {send}
      {dialog?.kind === 'cancel-order' && dialog.targetId === order.id && (
        <CancelDialog thing="order" target={order} name={order.orderNumber} store={store}>
          <p>
            The order of <strong>{formatAmountForDisplay(order.amount, locale)}</strong> with {order.lines.length} item
            {order.lines.length === 1 ? '' : 's'} is canceled
            {openPayments > 0 ? `, and its open payment${openPayments === 1 ? '' : 's'} with it` : ''}. The customer can
            no longer pay it. This cannot be undone.
          </p>
        </CancelDialog>
      )}
    </div>
  )
}
