import type { Address, Amount } from '../../../../shared/api-types'
import { linkMessage } from '../../../../shared/payment-link-message'
import { useAppStore } from '../../stores/window-stores'
import { useOutcomeNote } from './use-outcome-note'

// Send a new payment's link, not just copy it: as a ready message in the customer's language, or
// as an e-mail draft to the customer (main reads the payment or order named by `target` and builds
// the mailto: from it: recipient, link and words are the object's, not the page's).

export function SendLink({
  target,
  link,
  amount,
  what,
  locale,
  address,
}: {
  target: { kind: 'payment' | 'order'; id: string }
  link: string
  amount: Amount
  what: string
  locale: string | null | undefined
  address: Address | undefined
}): React.JSX.Element {
  const [note, report] = useOutcomeNote()
  const copyText = useAppStore((s) => s.copyText)
  const emailLink = useAppStore((s) => s.emailLink)
  const input = {
    link,
    amount,
    what,
    name: address?.givenName ?? null,
    locale: locale ?? address?.country ?? null,
  }
  const message = linkMessage(input)
  const email = address?.email ?? ''
  return (
    <div className="toolbar" data-testid="send-link">
      <button
        type="button"
        className="btn btn-small"
        onClick={() =>
          report(copyText(message.text), `Message copied (${message.language}).`, 'Could not copy the message')
        }
        title={message.text}
        data-testid="copy-link-message"
      >
        Copy as message ({message.language})
      </button>
      <button
        type="button"
        className="btn btn-small"
        disabled={email === ''}
        title={email ? `Opens a draft to ${email} in your mail program` : 'The customer has no e-mail address here'}
        onClick={() => report(emailLink(target), `E-mail draft to ${email} opened.`)}
        data-testid="email-link"
      >
        E-mail to customer
      </button>
      {note && (
        <span className="field-hint" role="status" data-testid="send-link-note">
          {note}
        </span>
      )}
    </div>
  )
}
