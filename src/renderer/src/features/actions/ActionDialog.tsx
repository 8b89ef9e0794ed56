import { useEffect, useId, useRef } from 'react'
import { trapTab } from '../../lib/focus-trap'
import type { ErrorView } from '../../stores/error-view'
import { LookupButton } from '../../components/LookupButton'

const FOCUSABLE = 'button:not(:disabled), input:not(:disabled), textarea:not(:disabled), [href], [tabindex="0"]'

/** After an action: its outcome, else the first action left on the view. */
function nextSensible(): HTMLElement | null {
  return document.querySelector<HTMLElement>(
    '[data-testid="action-done"], [data-testid="payment-actions"] button, [data-testid="order-actions"] button',
  )
}

/**
 * The confirmation of one action: what will happen (amount, customer, connection) in plain words,
 * the fields it needs, and two buttons, the safe one focused first. Esc or a click outside closes it
 * while nothing is on its way; Tab stays inside; keys never reach the screen behind it.
 */
export function ActionDialog({
  title,
  children,
  confirmLabel,
  cancelLabel,
  busy,
  busyLabel,
  canConfirm,
  danger,
  live,
  error,
  testId,
  onConfirm,
  onClose,
  fallbackFocus,
}: {
  title: string
  children: React.ReactNode
  confirmLabel: string
  cancelLabel: string
  busy: boolean
  busyLabel: string
  canConfirm: boolean
  danger?: boolean
  /** On a live connection main asks once more in its own dialog: say so. */
  live: boolean
  error: ErrorView | null
  testId: string
  onConfirm: () => void
  onClose: () => void
  /** Where focus goes on close when the opener is gone (or was no control). */
  fallbackFocus?: () => HTMLElement | null
}): React.JSX.Element {
  const id = useId()
  const dialogRef = useRef<HTMLDivElement>(null)
  const cancelRef = useRef<HTMLButtonElement>(null)
  useEffect(() => {
    // Focus goes back where the agent was when the dialog closes: the control that opened it, or,
    // when that is gone (a full refund removes "Refund…") or the dialog came from a key, the outcome.
    const opener = document.activeElement instanceof HTMLElement ? document.activeElement : null
    cancelRef.current?.focus()
    return () => {
      requestAnimationFrame(() => {
        if (document.activeElement && document.activeElement !== document.body) return
        const target =
          opener && opener !== document.body && opener.isConnected ? opener : (fallbackFocus ?? nextSensible)()
        target?.focus()
      })
    }
    // Once per dialog: the opener is who had focus when it opened.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [])

  return (
    <div className="dialog-backdrop" onClick={(event) => event.target === event.currentTarget && !busy && onClose()}>
      <div
        ref={dialogRef}
        className="dialog action-dialog"
        role="dialog"
        aria-modal="true"
        aria-labelledby={`${id}-title`}
        data-testid={testId}
        onKeyDown={(event) => {
          // Modal: no key reaches the screen behind it (its Esc would close the payment, its
          // j/k/Enter would move or open another row while this one is being confirmed).
          event.stopPropagation()
          if (event.key === 'Escape' && !busy) {
            event.preventDefault()
            onClose()
          } else trapTab(event, dialogRef.current, FOCUSABLE)
        }}
      >
        <h2 id={`${id}-title`}>{title}</h2>
        {children}
        {live && (
          <p className="action-live-note" data-testid={`${testId}-live-note`}>
            Live connection: real money. Paydesk asks you once more in a system dialog before anything is sent.
          </p>
        )}
        {error && (
          <div className="banner banner-error" role="alert" data-testid={`${testId}-error`}>
            {error.title || error.detail ? (
              <>
                {error.status !== null && <span className="mono">{error.status} </span>}
                {error.title && <strong>{error.title}</strong>}
                {error.title && error.detail ? ': ' : ''}
                {error.detail}
              </>
            ) : (
              error.message
            )}
            {error.lookup && (
              <div className="toolbar">
                <LookupButton lookup={error.lookup} onOpen={onClose} />
              </div>
            )}
          </div>
        )}
        <div className="dialog-actions">
          <button ref={cancelRef} type="button" className="btn" disabled={busy} onClick={onClose}>
            {cancelLabel}
          </button>
          <button
            type="button"
            className={danger ? 'btn btn-danger btn-write' : 'btn btn-primary btn-write'}
            disabled={busy || !canConfirm}
            data-testid={`${testId}-confirm`}
            onClick={onConfirm}
          >
            {busy ? busyLabel : confirmLabel}
          </button>
        </div>
      </div>
    </div>
  )
}
