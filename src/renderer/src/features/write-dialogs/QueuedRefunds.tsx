import { useEffect } from 'react'
import { useStore } from 'zustand'
import type { StoreApi } from 'zustand/vanilla'
import { formatMoment } from '../../../../shared/dates'
import { formatAmountForDisplay } from '../../../../shared/money'
import type { WriteState } from '../../stores/write-store'
import { userLocale } from '../../lib/format'

/**
 * The refunds of the rest this desk holds for a payment until the service takes the same amount
 * again (issue 49 item 2): when each is sent, and Cancel while it waits. Main keeps them (in the data
 * folder, across restarts) and sends them; when the kept ones could not be read, main's notice says so.
 */
export function QueuedRefunds({
  store,
  paymentId,
}: {
  store: StoreApi<WriteState>
  paymentId: string
}): React.JSX.Element | null {
  const queued = useStore(store, (s) => s.queued)
  useEffect(() => {
    void store.getState().loadQueued(paymentId)
  }, [store, paymentId])
  const list = queued?.paymentId === paymentId ? queued.list : []
  const notice = queued?.paymentId === paymentId ? (queued.notice ?? null) : null
  if (list.length === 0 && !notice) return null
  const locale = userLocale()
  return (
    <section className="refund-list" aria-labelledby="queued-refunds-title" data-testid="queued-refunds">
      <h3 id="queued-refunds-title" className="action-caption">
        Refunds held at this desk
      </h3>
      {notice && (
        <p className="notice" role="status" data-testid="queued-notice">
          {notice}
        </p>
      )}
      <ul className="stack-list">
        {list.map((q) => (
          <li key={q.id} className={`refund-item refund-${q.state === 'waiting' ? 'queued' : q.state}`}>
            <p className="refund-head">
              <strong>{formatAmountForDisplay(q.amount, locale)}</strong>{' '}
              {q.state === 'waiting' ? `sent at ${formatMoment(q.sendAt, 'short-date-time', { locale })}` : q.state}
            </p>
            <p data-testid={`queued-note-${q.id}`}>{q.note}</p>
            {q.state === 'waiting' && (
              <div className="toolbar">
                <button
                  type="button"
                  className="btn btn-small"
                  onClick={() => void store.getState().cancelQueued(paymentId, q.id)}
                  data-testid={`cancel-queued-${q.id}`}
                >
                  Cancel this refund
                </button>
              </div>
            )}
          </li>
        ))}
      </ul>
    </section>
  )
}
