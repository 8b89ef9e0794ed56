import { openHelp } from '../../lib/help'

// The first minute: three things to try on the connection, with what the index already holds (no
// names written in here: the sandbox's seeded customers may change), and the way to Help.

export function Welcome({
  example,
  connectionLabel,
}: {
  /** A customer e-mail or name from the index to search for, when it has one. */
  example: string | null
  connectionLabel: string | null
}): React.JSX.Element {
  return (
    <article className="card home-welcome" aria-labelledby="home-welcome-title" data-testid="home-welcome">
      <h2 id="home-welcome-title">Welcome to Paydesk</h2>
      <p>
        Three things to try{connectionLabel ? ` on ${connectionLabel}` : ''} (nothing here reaches real customers on a
        test connection):
      </p>
      <ol>
        <li>
          Find a customer: press <kbd>Ctrl+K</kbd> and type{' '}
          {example ? <strong data-testid="home-welcome-example">{example}</strong> : 'a customer’s e-mail or name'}.
        </li>
        <li>
          Open one of their paid payments and refund part of it: press <kbd>R</kbd>, type an amount such as 5,00.
        </li>
        <li>
          Paste a payment or checkout link, or a customer’s whole message, into the search: Paydesk opens what it points
          at.
        </li>
      </ol>
      <button type="button" className="btn btn-small" onClick={openHelp} data-testid="home-help">
        Help: the common calls (F1)
      </button>
    </article>
  )
}
