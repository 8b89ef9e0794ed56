import { useRef, useState } from 'react'
import type { ConnectionView } from '../../../../shared/ipc/connections'
import type { IpcErrorView } from '../../../../shared/ipc/define'
import { Dialog } from '../../components/Dialog'
import { useConnectionStore } from '../../stores/window-stores'
import { toIpcErrorView } from '../../stores/error-view'

/** Confirms removing a connection, naming its label and masked key so the right one goes. */
export function RemoveConnectionDialog({
  connection,
  onClose,
}: {
  connection: ConnectionView
  onClose: (removed: boolean) => void
}): React.JSX.Element {
  const remove = useConnectionStore((s) => s.remove)
  const isActive = useConnectionStore((s) => s.activeId === connection.id)
  const [busy, setBusy] = useState(false)
  const [error, setError] = useState<IpcErrorView | null>(null)
  // The safe choice has the focus first.
  const cancelRef = useRef<HTMLButtonElement>(null)

  async function confirm(): Promise<void> {
    setBusy(true)
    setError(null)
    try {
      await remove(connection.id)
      onClose(true)
    } catch (caught) {
      setError(toIpcErrorView(caught))
      setBusy(false)
    }
  }

  return (
    <Dialog
      title={<>Remove “{connection.label}”?</>}
      role="alertdialog"
      testId="remove-dialog"
      busy={busy}
      onClose={() => onClose(false)}
      initialFocus={cancelRef}
      description={
        <>
          <p>
            The connection <strong>{connection.label}</strong> (<span className="mono">{connection.masked}</span>) and
            its secret in the system keychain will be deleted. To use it again you need the key or token once more.
          </p>
          {isActive && <p>It is the active connection; Paydesk switches to the Sandbox.</p>}
        </>
      }
    >
      {error && (
        <div className="banner banner-error" role="alert" data-testid="remove-error">
          {error.code === 'keychain-unavailable' ? <strong>Nothing was removed. </strong> : null}
          {error.message}
        </div>
      )}
      <div className="dialog-actions">
        <button ref={cancelRef} type="button" className="btn" disabled={busy} onClick={() => onClose(false)}>
          Cancel
        </button>
        <button
          type="button"
          className="btn btn-danger"
          disabled={busy}
          data-testid="remove-confirm"
          onClick={() => void confirm()}
        >
          {busy ? 'Removing…' : 'Remove connection'}
        </button>
      </div>
    </Dialog>
  )
}
