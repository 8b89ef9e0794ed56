import { useRef } from 'react'
import { Dialog } from './Dialog'
import type { ErrorView } from '../stores/error-view'
import { LookupButton } from './LookupButton'
import './write-dialog.css'

/** After an action: its outcome, else the first action left on the view. */
function nextSensible(): HTMLElement | null {
  return document.querySelector<HTMLElement>(
    '[data-testid="action-done"], [data-testid="payment-actions"] button, [data-testid="order-actions"] button',
  )
}

/**
 * The confirmation of one action: what will happen (amount, customer, connection) in plain words,
 * the fields it needs, and two buttons, the safe one focused first (the rest is Dialog's).
 */
export function WriteDialog({
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
  /**
   * On a live connection: what the write does in real money (dialog-parts.tsx LIVE_EFFECT), said with
   * main's question to come; null on a test connection.
   */
  live: string | null
  error: ErrorView | null
  testId: string
  onConfirm: () => void
  onClose: () => void
  /** Where focus goes on close when the opener is gone (or was no control). */
  fallbackFocus?: () => HTMLElement | null
}): React.JSX.Element {
  const cancelRef = useRef<HTMLButtonElement>(null)
  return (
    <Dialog
      title={title}
      className="write-dialog"
      testId={testId}
      busy={busy}
      onClose={onClose}
      initialFocus={cancelRef}
      // When the opener is gone (a full refund removes "Refund…") or the dialog came from a key: the outcome.
      fallbackFocus={fallbackFocus ?? nextSensible}
    >
      {children}
      {live && (
        <p className="action-live-note" data-testid={`${testId}-live-note`}>
          Live connection: {live} Paydesk asks you once more in a system dialog before anything is sent.
        </p>
      )}
      {error && <WriteError error={error} testId={testId} onClose={onClose} />}
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
    </Dialog>
  )
}

function WriteError({
  error,
  testId,
  onClose,
}: {
  error: ErrorView
  testId: string
  onClose: () => void
}): React.JSX.Element {
  return (
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
  )
}
