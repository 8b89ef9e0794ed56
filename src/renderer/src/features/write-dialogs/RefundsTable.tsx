import { useEffect } from 'react'
import { useStore } from 'zustand'
import type { StoreApi } from 'zustand/vanilla'
import type { Payment, Refund } from '../../../../shared/api-types'
import { formatAmountForDisplay } from '../../../../shared/money'
import { refundIsCancelable } from '../../../../shared/service/refunds'
import {
  FAILED_REFUND_NEXT_STEP,
  refundArrivalWords,
  refundForCaller,
  refundStateLine,
} from '../../../../shared/story/refund-truth'
import { useAppStore } from '../../stores/window-stores'
import type { WriteState } from '../../stores/write-store'
import { formatLocalDateTime, userLocale } from '../../lib/format'
import { CancelRefundDialog } from './CancelRefundDialog'
import { refundsView } from './refunds-view'

/**
 * The refunds made of a payment so far (see `refundsView`), under its writes: each told as it is
 * (queued, pending, being paid out, sent, failed, canceled), when it usually reaches the customer, a
 * sentence for the caller, and Cancel refund while the service allows it (issue 49 item 3).
 */
export function RefundsTable({
  store,
  payment,
  reading,
}: {
  store: StoreApi<WriteState>
  payment: Payment
  reading: boolean
}): React.JSX.Element | null {
  const listed = useStore(store, (s) => s.refunds)
  const failed = useStore(store, (s) => s.refundsError)
  const dialog = useStore(store, (s) => s.dialog)
  const { list, error, readApart } = refundsView(payment, listed, failed, reading)
  const refunded = payment.amountRefunded?.value ?? null
  useEffect(() => {
    if (readApart) void store.getState().loadRefunds(payment.id)
  }, [store, payment.id, refunded, readApart])

  if (error) return <p className="field-error">Could not list the refunds: {error}</p>
  if (list.length === 0) return null
  const canceling = dialog?.kind === 'cancel-refund' ? list.find((r) => r.id === dialog.targetId) : undefined
  return (
    <section className="refund-list" aria-labelledby="refund-list-title" data-testid="refunds-list">
      <h3 id="refund-list-title" className="action-caption">
        Refunds
      </h3>
      <ul className="stack-list">
        {list.map((r) => (
          <RefundItem key={r.id} refund={r} method={payment.method} store={store} />
        ))}
      </ul>
      {canceling && <CancelRefundDialog payment={payment} refund={canceling} store={store} />}
    </section>
  )
}

function RefundItem(props: { refund: Refund; method: string | null; store: StoreApi<WriteState> }) {
  const { refund: r, method, store } = props
  const copyText = useAppStore((s) => s.copyText)
  const locale = userLocale()
  const forCaller = refundForCaller(r, method, { locale })
  const onItsWay = r.status === 'queued' || r.status === 'pending' || r.status === 'processing'
  return (
    <li className={`refund-item refund-${r.status}`} data-testid={`refund-${r.id}`}>
      <p className="refund-head">
        <strong>{formatAmountForDisplay(r.amount, locale)}</strong>{' '}
        <span data-testid="refund-state">{refundStateLine(r)}</span>
      </p>
      <p className="muted">
        Made {formatLocalDateTime(r.createdAt)}
        {r.description ? ` · “${r.description}”` : ''} · <span className="mono">{r.id}</span>
      </p>
      {onItsWay && (
        <p className="muted" data-testid="refund-arrival">
          Once sent, {refundArrivalWords(method, 'the customer')}.
        </p>
      )}
      {r.status === 'failed' && (
        <p className="field-error" data-testid="refund-failed-next">
          {FAILED_REFUND_NEXT_STEP}
        </p>
      )}
      <p className="refund-caller" data-testid="refund-for-caller">
        <span className="muted">For the caller: </span>
        {forCaller}
      </p>
      <div className="toolbar">
        <button type="button" className="btn btn-small" onClick={() => void copyText(forCaller)}>
          Copy for the caller
        </button>
        {refundIsCancelable(r.status) && (
          <button
            type="button"
            className="btn btn-small"
            onClick={() => store.getState().open('cancel-refund', r.id)}
            data-testid={`cancel-refund-${r.id}`}
          >
            Cancel refund…
          </button>
        )}
      </div>
    </li>
  )
}
