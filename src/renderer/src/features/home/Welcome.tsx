import type { PracticeCustomer } from '../../../../shared/ipc/search'
import { openHelp } from '../../lib/help'

// The first minute: three things to try on the connection, and the way to Help. On the built-in
// Sandbox main names its seeded practice customers (no names are written in here); elsewhere a
// customer from the index is the example, when it has one.

export function Welcome({
  example,
  practice,
  connection,
}: {
  /** A customer e-mail or name from the index to search for, when it has one. */
  example: string | null
  /** The seeded practice customers of the built-in Sandbox (empty on other connections). */
  practice: readonly PracticeCustomer[]
  /** The active connection: on a live one the welcome speaks of real money (issue 49 item 7). */
  connection: { label: string; isLive: boolean } | null
}): React.JSX.Element {
  const first = practice[0]?.email ?? example
  const live = connection?.isLive === true
  return (
    <article className="card home-welcome" aria-labelledby="home-welcome-title" data-testid="home-welcome">
      <h2 id="home-welcome-title">Welcome to Paydesk</h2>
      {live ? (
        <p className="home-live-note" data-testid="home-welcome-live">
          {connection?.label} is a LIVE connection: a refund here sends real money back to a real customer, and a cancel
          stops a real payment. Paydesk asks you once more before anything is sent.
        </p>
      ) : null}
      <p>
        Three things to try{connection ? ` on ${connection.label}` : ''}
        {live ? ':' : ' (nothing here reaches real customers on a test connection):'}
      </p>
      <ol>
        <li>
          Find a customer: press <kbd>Ctrl+K</kbd> and type{' '}
          {first ? <strong data-testid="home-welcome-example">{first}</strong> : 'a customer’s e-mail or name'}.
        </li>
        <li>
          {live
            ? 'Open one of their paid payments and read its story: a refund (R) here is real money back to the customer.'
            : 'Open one of their paid payments and refund part of it: press '}
          {!live && (
            <>
              <kbd>R</kbd>, type an amount such as 5,00.
            </>
          )}
        </li>
        <li>
          Paste a payment or checkout link, or a customer’s whole message, into the search: Paydesk opens what it points
          at.
        </li>
      </ol>
      {practice.length > 0 && (
        <>
          <p>Practice calls: these customers of the Sandbox each have a question.</p>
          <ul className="home-practice" data-testid="home-practice">
            {practice.map((c) => (
              <li key={c.email}>
                <strong>{c.name}</strong> <span className="mono">{c.email}</span>: “{c.question}”
              </li>
            ))}
          </ul>
        </>
      )}
      <button type="button" className="btn btn-small" onClick={openHelp} data-testid="home-help">
        Help: the common calls (F1)
      </button>
    </article>
  )
}
