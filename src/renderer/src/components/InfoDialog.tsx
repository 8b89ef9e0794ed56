import { useCallback, useEffect, useRef, useState } from 'react'
import { trapTab } from '../lib/focus-trap'

// A dialog that only informs (the help guide, the shortcut sheet): opened from anywhere, closed with
// Esc, Close or a click beside it, Tab kept inside, and focus back where the agent was.

export interface InfoDialogState {
  open: boolean
  /** Opens it, remembering the focused element to return to. */
  show(): void
  close(): void
}

export function useInfoDialog(): InfoDialogState {
  const [open, setOpen] = useState(false)
  const opener = useRef<HTMLElement | null>(null)
  const show = useCallback(() => {
    opener.current = document.activeElement instanceof HTMLElement ? document.activeElement : null
    setOpen(true)
  }, [])
  const close = useCallback(() => {
    setOpen(false)
    requestAnimationFrame(() => opener.current?.isConnected && opener.current.focus())
  }, [])
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
  const dialogRef = useRef<HTMLDivElement>(null)
  const closeRef = useRef<HTMLButtonElement>(null)
  useEffect(() => {
    if (state.open) closeRef.current?.focus()
  }, [state.open])
  if (!state.open) return null
  return (
    <div className="dialog-backdrop" onClick={(e) => e.target === e.currentTarget && state.close()}>
      <div
        ref={dialogRef}
        className={props.className ? `dialog ${props.className}` : 'dialog'}
        role="dialog"
        aria-modal="true"
        aria-labelledby={props.titleId}
        data-testid={props.testId}
        onKeyDown={(event) => {
          event.stopPropagation()
          if (event.key === 'Escape') {
            event.preventDefault()
            state.close()
          } else trapTab(event, dialogRef.current, 'button')
        }}
      >
        <h2 id={props.titleId}>{props.title}</h2>
        {props.children}
        <div className="dialog-actions">
          <button ref={closeRef} type="button" className="btn" onClick={state.close}>
            Close
          </button>
        </div>
      </div>
    </div>
  )
}
