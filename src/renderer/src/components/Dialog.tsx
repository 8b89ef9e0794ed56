import { useEffect, useId, useState } from 'react'
import { trapTab } from '../lib/focus-trap'
import './dialog.css'

// The one modal of the app: every dialog (help, shortcuts, an action's confirmation, removing a
// connection) is built on it. It is labelled by its title, takes the focus on the element named
// (the safe choice), keeps Tab inside, closes with Esc or a click beside it (not while something is
// on its way), lets no key reach the screen behind it, and gives the focus back when it closes.

const FOCUSABLE =
  'button:not(:disabled), input:not(:disabled), select:not(:disabled), textarea:not(:disabled), [href], [tabindex="0"]'

interface DialogProps {
  title: React.ReactNode
  /** The title's id (one is made when not given). */
  titleId?: string
  /** 'alertdialog' for a confirmation that destroys something. */
  role?: 'dialog' | 'alertdialog'
  className?: string
  testId: string
  /** What the dialog is about, read with its title by screen readers. */
  description?: React.ReactNode
  /** Something is on its way: Esc and a click beside it do not close the dialog. */
  busy?: boolean
  onClose: () => void
  /** The element focused when the dialog opens. */
  initialFocus: React.RefObject<HTMLElement | null>
  /** Where the focus goes on close when the element that had it before is gone (or was none). */
  fallbackFocus?: () => HTMLElement | null
  children: React.ReactNode
}

/** Focus goes back where the agent was: the element focused when the dialog opened, else the fallback. */
function useReturnFocus(initialFocus: React.RefObject<HTMLElement | null>, fallback?: () => HTMLElement | null): void {
  // Read while rendering, before anything in the dialog takes the focus.
  const [opener] = useState(() => (document.activeElement instanceof HTMLElement ? document.activeElement : null))
  useEffect(() => {
    initialFocus.current?.focus()
    return () => {
      requestAnimationFrame(() => {
        if (document.activeElement && document.activeElement !== document.body) return
        const target = opener && opener !== document.body && opener.isConnected ? opener : (fallback?.() ?? null)
        target?.focus()
      })
    }
    // Once per dialog: the opener is who had focus when it opened.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [])
}

export function Dialog(props: DialogProps): React.JSX.Element {
  const { busy = false, onClose } = props
  const id = useId()
  const titleId = props.titleId ?? `${id}-title`
  useReturnFocus(props.initialFocus, props.fallbackFocus)
  return (
    <div className="dialog-backdrop" onClick={(event) => event.target === event.currentTarget && !busy && onClose()}>
      <div
        className={props.className ? `dialog ${props.className}` : 'dialog'}
        role={props.role ?? 'dialog'}
        aria-modal="true"
        aria-labelledby={titleId}
        aria-describedby={props.description ? `${id}-body` : undefined}
        data-testid={props.testId}
        onKeyDown={(event) => {
          // Modal: no key reaches the screen behind it (its Esc would close the payment, its
          // j/k/Enter would move or open another row while this one is being confirmed).
          event.stopPropagation()
          if (event.key === 'Escape' && !busy) {
            event.preventDefault()
            onClose()
          } else trapTab(event, event.currentTarget, FOCUSABLE)
        }}
      >
        <h2 id={titleId}>{props.title}</h2>
        {props.description && <div id={`${id}-body`}>{props.description}</div>}
        {props.children}
      </div>
    </div>
  )
}
