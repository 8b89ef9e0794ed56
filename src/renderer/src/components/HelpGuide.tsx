import { useEffect } from 'react'
import { HELP_EVENT } from '../lib/help'
import { InfoDialog, useInfoDialog } from './InfoDialog'

// F1 anywhere (or "Help" on the home screen): a short guide to the common calls, written for
// support staff. Esc or Close returns focus to where the agent was.

const CALLS: readonly { title: string; steps: string }[] = [
  {
    title: 'A customer asks about a payment',
    steps:
      'Press Ctrl+K and type their e-mail, name, order number or amount (39,95 works), or paste the link or message they sent. Enter opens the first hit.',
  },
  {
    title: 'Refund all or part of a payment',
    steps:
      'Open the payment and press R (or “Refund…”). Type the amount the way you say it; Paydesk shows what will be sent and asks when an amount could be read two ways. The dialog names the customer and the connection before anything is sent.',
  },
  {
    title: 'Cancel an order or an open payment',
    steps:
      'Open it and press C. Only what can still be canceled offers it; the confirmation says what the customer loses.',
  },
  {
    title: 'Take an order on the phone',
    steps:
      'Orders (Ctrl+1): fill in the customer and the lines. Required fields are marked *, the VAT rate starts at the shipping country’s standard rate, and the bar at the bottom names each field still missing: click it to go there. After creating, copy the payment link as a ready message or e-mail it.',
  },
  {
    title: 'Why did it fail?',
    steps:
      'Home lists today’s failed, expired and canceled payments. In a payment, “View request in Inspector” shows exactly what the service answered.',
  },
]

export function HelpGuide(): React.JSX.Element | null {
  const dialog = useInfoDialog()
  const { show } = dialog
  useEffect(() => {
    function onKey(event: KeyboardEvent): void {
      if (event.key !== 'F1') return
      event.preventDefault()
      show()
    }
    window.addEventListener('keydown', onKey)
    window.addEventListener(HELP_EVENT, show)
    return () => {
      window.removeEventListener('keydown', onKey)
      window.removeEventListener(HELP_EVENT, show)
    }
  }, [show])

  return (
    <InfoDialog
      state={dialog}
      title="Help: the common calls"
      titleId="help-guide-title"
      testId="help-guide"
      className="help-guide"
    >
      {CALLS.map((c) => (
        <section key={c.title}>
          <h3>{c.title}</h3>
          <p>{c.steps}</p>
        </section>
      ))}
      <p className="muted">Press ? for all keyboard shortcuts.</p>
    </InfoDialog>
  )
}
