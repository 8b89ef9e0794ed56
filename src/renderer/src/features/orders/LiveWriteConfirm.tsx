import { useEffect, useRef } from 'react'

export interface LiveWriteSummary {
  connectionLabel: string
  what: 'order' | 'payment'
  amount: string
  /** Order number (orders) or description (payments). */
  reference: string
  lines: number
}

/**
 * The live-mode guard (spec: every WRITE on a live connection asks first): says exactly what will
 * be created. Cancel is focused first and Escape cancels, so a stray Enter does not create.
 */
export function LiveWriteConfirm({
  summary,
  onConfirm,
  onCancel,
}: {
  summary: LiveWriteSummary
  onConfirm(): void
  onCancel(): void
}): React.JSX.Element {
  const cancelRef = useRef<HTMLButtonElement>(null)
  useEffect(() => {
    cancelRef.current?.focus()
  }, [])
  return (
    <div
      className="dialog-backdrop"
      onKeyDown={(e) => {
        if (e.key === 'Escape') {
          e.stopPropagation()
          onCancel()
        }
      }}
    >
      <div
        className="dialog"
        role="alertdialog"
        aria-modal="true"
        aria-labelledby="pd-live-title"
        aria-describedby="pd-live-body"
        data-testid="live-confirm"
      >
        <h2 id="pd-live-title">
          <span className="badge badge-live">LIVE</span> Create a real {summary.what}?
        </h2>
        <div id="pd-live-body">
          <p>
            The connection <strong>{summary.connectionLabel}</strong> is in live mode: this creates a real{' '}
            {summary.what} that a customer can pay.
          </p>
          <dl className="pd-summary">
            <dt>Amount</dt>
            <dd className="mono" data-testid="live-confirm-amount">
              {summary.amount}
            </dd>
            <dt>{summary.what === 'order' ? 'Order number' : 'Description'}</dt>
            <dd data-testid="live-confirm-reference">{summary.reference || '(none)'}</dd>
            {summary.lines > 0 && (
              <>
                <dt>Lines</dt>
                <dd>{summary.lines}</dd>
              </>
            )}
          </dl>
        </div>
        <div className="dialog-actions">
          <button type="button" className="btn" ref={cancelRef} onClick={onCancel} data-testid="live-confirm-cancel">
            Cancel
          </button>
          <button type="button" className="btn btn-danger" onClick={onConfirm} data-testid="live-confirm-ok">
            Create in live mode
          </button>
        </div>
      </div>
    </div>
  )
}
