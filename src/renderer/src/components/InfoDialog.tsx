import { useCallback, useRef, useState } from 'react'
import { Dialog } from './Dialog'

// A dialog that only informs (the help guide, the shortcut sheet): opened from anywhere, closed with
// Esc, Close or a click beside it; Dialog keeps Tab inside and gives the focus back.

interface InfoDialogState {
  open: boolean
  show(): void
  close(): void
}

export function useInfoDialog(): InfoDialogState {
  const [open, setOpen] = useState(false)
  const show = useCallback(() => setOpen(true), [])
  const close = useCallback(() => setOpen(false), [])
  return { open, show, close }
}

export function InfoDialog(props: {
  state: InfoDialogState
  title: string
  titleId: string
  testId: string
  className?: string
  children: React.ReactNode
}): React.JSX.Element | null {
  const { state } = props
  const closeRef = useRef<HTMLButtonElement>(null)
  if (!state.open) return null
  return (
    <Dialog
      title={props.title}
      titleId={props.titleId}
      testId={props.testId}
      className={props.className}
      onClose={state.close}
      initialFocus={closeRef}
    >
      {props.children}
      <div className="dialog-actions">
        <button ref={closeRef} type="button" className="btn" onClick={state.close}>
          Close
        </button>
      </div>
    </Dialog>
  )
}
