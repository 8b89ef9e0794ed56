import { useEffect, useRef, useState } from 'react'
import { useStore } from 'zustand'
import type { Order, Payment } from '../../../../shared/api-types'
import { newLinkProblemForOrder, newLinkProblemForPayment } from '../../../../shared/new-link'
import { useAppStore } from '../../stores/window-stores'
import type { SendingState } from '../../stores/sending-store'
import { newSendingStore } from '../../stores/view-stores'
import './sending.css'

// Something to send from a payment or an order (issue 49 item 7): a new payment link for one that was
// not paid, and the proof of payment of one that was. The page names the object only; main reads it,
// builds every word and makes the link, the e-mail draft and the PDF.

interface Props {
  target: { kind: 'payment' | 'order'; id: string }
  /** The object was paid: the proof of payment is offered. */
  paid: boolean
  /** The object can no longer be paid with its own checkout: a new link is offered. */
  linkable: boolean
  /** The heading level of the section in its view (the payment drawer's sections are h3). */
  level: 2 | 3
}

function SendSomething({ target, paid, linkable, level }: Props): React.JSX.Element | null {
  const [store] = useState(() => newSendingStore(target))
  const state = useStore(store)
  const copyText = useAppStore((s) => s.copyText)
  const [copied, setCopied] = useState<string | null>(null)
  const result = useRef<HTMLDivElement>(null)
  // The proof or the new link, once main answered, takes the focus: the agent reads it next.
  useEffect(() => {
    if (state.proof || state.link) result.current?.focus()
  }, [state.proof, state.link])
  if (!paid && !linkable) return null
  const Heading = level === 2 ? 'h2' : 'h3'
  const copy = (text: string, what: string) =>
    void copyText(text).then(
      () => setCopied(`${what} copied.`),
      () => setCopied(`${what} was not copied: try Copy again.`),
    )
  const busy = state.busy !== null
  const titleId = `send-title-${target.id}`
  return (
    <section className="send-something" aria-labelledby={titleId} data-testid="send-something">
      <Heading id={titleId} className="action-caption">
        Something to send
      </Heading>
      <div className="toolbar">
        {paid && (
          <button
            type="button"
            className="btn btn-small"
            disabled={busy}
            onClick={() => void state.showProof()}
            data-testid="send-proof"
          >
            {state.busy === 'proof' ? 'Reading…' : 'Proof of payment'}
          </button>
        )}
        {linkable && (
          <button
            type="button"
            className="btn btn-small"
            disabled={busy}
            onClick={() => void state.newLink()}
            data-testid="send-new-link"
            title="A payment link for the same amount and description; the customer may choose any method"
          >
            {state.busy === 'newLink' ? 'Making the link…' : 'New payment link'}
          </button>
        )}
      </div>
      {state.error && (
        <p className="banner banner-error" role="alert" data-testid="send-error">
          {state.error.message}
        </p>
      )}
      <div ref={result} tabIndex={-1} className="send-result">
        {state.proof && <ProofFacts state={state} copy={copy} />}
        {state.link && <NewLink state={state} copy={copy} />}
      </div>
      {(state.note || copied) && (
        <p className="field-hint" role="status" data-testid="send-note">
          {[state.note, copied].filter(Boolean).join(' ')}
        </p>
      )}
    </section>
  )
}

type Copy = (text: string, what: string) => void

/** The proof of payment main built, in the customer's language, with what can be done with it. */
function ProofFacts({ state, copy }: { state: SendingState; copy: Copy }): React.JSX.Element | null {
  const proof = state.proof
  if (!proof) return null
  const busy = state.busy !== null
  return (
    <div data-testid="send-proof-view">
      <p className="send-proof-title" lang={proof.language}>
        {proof.title}
      </p>
      <dl className="send-facts" lang={proof.language}>
        {proof.rows.map((r) => (
          <div key={r.label}>
            <dt>{r.label}</dt>
            <dd>{r.value}</dd>
          </div>
        ))}
      </dl>
      <div className="toolbar">
        <button
          type="button"
          className="btn btn-small"
          onClick={() => copy(proof.text, 'Message')}
          data-testid="send-proof-copy"
        >
          Copy as message
        </button>
        <button
          type="button"
          className="btn btn-small"
          disabled={busy || !proof.canEmail}
          title={proof.canEmail ? undefined : 'The customer has no e-mail address here'}
          onClick={() => void state.emailProof()}
          data-testid="send-proof-email"
        >
          E-mail draft
        </button>
        <button
          type="button"
          className="btn btn-small"
          disabled={busy}
          onClick={() => void state.saveProof()}
          data-testid="send-proof-pdf"
        >
          Save as PDF…
        </button>
      </div>
    </div>
  )
}

/** The payment link main made, to copy or to send in an e-mail draft. */
function NewLink({ state, copy }: { state: SendingState; copy: Copy }): React.JSX.Element | null {
  const link = state.link
  if (!link) return null
  return (
    <div data-testid="send-link-view">
      <p>
        New payment link for <strong>{link.description}</strong>:{' '}
        <span className="mono wrap-anywhere" data-testid="send-link-url">
          {link.url}
        </span>
      </p>
      <p className="field-hint" data-testid="send-link-shop-note">
        The shop is not told about a payment made through this link: it is a new payment, not the shop&apos;s own. When
        the customer has paid, tell the shop which order it is for.
      </p>
      <div className="toolbar">
        <button
          type="button"
          className="btn btn-small"
          onClick={() => copy(link.url, 'Link')}
          data-testid="send-link-copy"
        >
          Copy
        </button>
        <button
          type="button"
          className="btn btn-small"
          disabled={state.busy !== null || !link.canEmail}
          title={link.canEmail ? undefined : 'The customer has no e-mail address here'}
          onClick={() => void state.emailNewLink()}
          data-testid="send-link-email"
        >
          E-mail draft
        </button>
      </div>
    </div>
  )
}

/** From the payment drawer: the proof once paid, a new link once its checkout is over unpaid. */
export function SendFromPayment({ payment: p }: { payment: Payment }): React.JSX.Element {
  const paid = Boolean(p.paidAt)
  const linkable = newLinkProblemForPayment(p) === null
  return <SendSomething key={p.id} target={{ kind: 'payment', id: p.id }} paid={paid} linkable={linkable} level={3} />
}

/** From the order view: the proof of its paid payment, a new link while it was not paid. */
export function SendFromOrder({ order: o }: { order: Order }): React.JSX.Element {
  const payments = o._embedded?.payments ?? []
  const paid = payments.some((p) => Boolean(p.paidAt))
  const linkable = newLinkProblemForOrder(o, payments) === null
  return <SendSomething key={o.id} target={{ kind: 'order', id: o.id }} paid={paid} linkable={linkable} level={2} />
}
