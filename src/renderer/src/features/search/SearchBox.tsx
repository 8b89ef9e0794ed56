import { memo } from 'react'
import type { SearchGroup, SearchHit } from '../../../../shared/ipc/search'
import { agoInWords, formatMoment } from '../../../../shared/dates'
import { useSearchBox, type SearchBoxModel } from './use-search-box'
import './search.css'
import { formatCount } from '../../../../shared/count'
import { olderNotSearchedSentence } from './index-coverage'

export { useOpenTarget } from './use-search-box'

/** The one search box, always in the header; Ctrl/Cmd+K focuses it. */
export function SearchBox(): React.JSX.Element {
  const b = useSearchBox()
  const { store, text, open, result, error, loading, inputRef, listId, onKeyDown, activeId } = b
  return (
    <div className="search-box" role="search">
      <input
        ref={inputRef}
        type="search"
        className="search-input"
        data-testid="search-input"
        aria-label="Search orders and payments"
        placeholder="Search: e-mail, name, amount, order number, tr_/ord_ id or a pasted link  (Ctrl+K)"
        value={text}
        maxLength={20_000}
        role="combobox"
        aria-expanded={open}
        aria-controls={open ? listId : undefined}
        aria-activedescendant={activeId}
        autoComplete="off"
        spellCheck={false}
        onChange={(event) => {
          store.getState().setText(event.target.value)
          void store.getState().run()
        }}
        onKeyDown={onKeyDown}
        onFocus={() => {
          if (store.getState().text.trim()) store.setState({ open: true })
        }}
      />
      {open && (
        <div
          className="floating search-results"
          id={listId}
          role="listbox"
          data-testid="search-results"
          data-text={result?.text ?? (error ? text : undefined)}
          data-took-ms={result?.tookMs}
          aria-busy={loading || undefined}
          aria-label="Results"
        >
          <SearchResults b={b} />
        </div>
      )}
    </div>
  )
}

/** What the list shows: an error, a hint, the id to open, or the hits by group. */
function SearchResults({ b }: { b: SearchBoxModel }): React.JSX.Element {
  const { result, error, loading, hits, tickets, offer, openHit, openCustomer } = b
  return (
    <>
      {error ? (
        <p className="search-message error" data-testid="search-error">
          {error}
        </p>
      ) : !result ? (
        <p className="search-message muted">{loading ? 'Searching…' : 'Type to search.'}</p>
      ) : result.direct ? (
        <button
          type="button"
          className="search-hit selected"
          data-testid="search-direct"
          onClick={() => {
            if (result.direct) openHit(result.direct)
          }}
        >
          Open {result.direct.kind} <code>{result.direct.id}</code>
          {result.chips.some((c) => c.includes('from the link')) ? ' (from the pasted link)' : ''} — Enter
        </button>
      ) : (
        <>
          {result.warnings.map((w) => (
            <p key={w} className="search-message muted">
              {w}
            </p>
          ))}
          <TicketGroup b={b} />
          {hits.length === 0 && tickets.length === 0 ? (
            <p className="search-message" data-testid="search-empty">
              Nothing matches {result.chips.length ? result.chips.join(', ') : `“${result.text}”`}. The index holds{' '}
              {formatCount(result.index.payments)} payments and {formatCount(result.index.orders)} orders of this
              connection, last synced {agoInWords(result.index.syncedAt, Date.now())}.
            </p>
          ) : (
            <>
              {offer && (
                <div className="search-group" role="group" aria-label="Customer">
                  <div
                    role="option"
                    aria-selected={false}
                    className="search-hit search-customer"
                    data-testid="search-customer"
                    onMouseDown={(event) => {
                      event.preventDefault()
                      openCustomer(offer)
                    }}
                  >
                    <span className="search-hit-main">
                      <strong>Customer {offer.name ?? offer.email}</strong>
                      <span className="muted">
                        {offer.name ? `${offer.email} · ` : ''}all their orders and payments — Shift+Enter
                      </span>
                    </span>
                  </div>
                </div>
              )}
              <ResultGroup b={b} title="Orders" group={result.orders} offset={tickets.length} />
              <ResultGroup
                b={b}
                title="Payments"
                group={result.payments}
                offset={tickets.length + result.orders.hits.length}
              />
              <p className="search-message muted small">
                {result.chips.join(' · ')} — index synced {agoInWords(result.index.syncedAt, Date.now())}
              </p>
            </>
          )}
          <OlderNotSearched b={b} />
        </>
      )}
    </>
  )
}

/** The index keeps the newest objects only: say what a search cannot see, and offer Payments. */
function OlderNotSearched({ b }: { b: SearchBoxModel }): React.JSX.Element | null {
  const { result, store, openPayments } = b
  const sentence = result ? olderNotSearchedSentence(result.index) : null
  if (!sentence) return null
  return (
    <p className="search-message muted small" data-testid="search-older">
      {sentence}{' '}
      <button
        type="button"
        className="btn btn-link"
        onMouseDown={(event) => event.preventDefault()}
        onClick={() => {
          openPayments()
          store.getState().close()
        }}
      >
        Open Payments
      </button>
    </p>
  )
}

const OBJECT_WORDS = { payment: 'Payment', order: 'Order', customer: 'Customer' } as const

/** The objects the shared record attaches the typed ticket reference to: the first rows, Enter opens. */
function TicketGroup({ b }: { b: SearchBoxModel }): React.JSX.Element | null {
  const { result, tickets, listId, selected, openHit } = b
  if (!result?.ticket || tickets.length === 0) return null
  return (
    <div className="search-group" role="group" aria-label={`Ticket ${result.ticket.reference}`}>
      <div className="search-group-title">Ticket {result.ticket.reference}</div>
      {tickets.map((object, index) => (
        <div
          key={`${object.kind}-${object.id}`}
          id={`${listId}-${index}`}
          role="option"
          aria-selected={index === selected}
          className={index === selected ? 'search-hit selected' : 'search-hit'}
          data-testid={`search-ticket-${object.id}`}
          onMouseDown={(event) => {
            event.preventDefault()
            openHit(object)
          }}
        >
          <span className="search-hit-main">
            <strong>
              {OBJECT_WORDS[object.kind]} <span className="mono">{object.id}</span>
            </strong>
            <span className="muted">attached to ticket {result.ticket?.reference} in the team’s record</span>
          </span>
        </div>
      ))}
    </div>
  )
}

function ResultGroup(props: {
  b: SearchBoxModel
  title: string
  group: SearchGroup
  offset: number
}): React.JSX.Element | null {
  const { listId, selected, openHit } = props.b
  const { hits, more, broad } = props.group
  if (hits.length === 0) return null
  return (
    <div className="search-group" role="group" aria-label={props.title}>
      <div className="search-group-title">
        {props.title}
        {broad
          ? ' (many matches: the newest first; add a word to narrow)'
          : more
            ? ' (best matches; refine to see others)'
            : ''}
      </div>
      {hits.map((hit, i) => {
        const index = props.offset + i
        return (
          // Keyed by place, not by id: a keystroke's new hits take over the rows of the last ones
          // and change their text, instead of new rows being built, styled and laid out.
          <HitRow
            key={index}
            hit={hit}
            optionId={`${listId}-${index}`}
            selected={index === selected}
            onOpen={openHit}
          />
        )
      })}
    </div>
  )
}

interface HitRowProps {
  hit: SearchHit
  optionId: string
  selected: boolean
  onOpen: (hit: SearchHit) => void
}

/** The same hit as before: each keystroke brings a new result, mostly of the rows already shown. */
function sameHit(a: SearchHit, b: SearchHit): boolean {
  return (
    a.id === b.id &&
    a.kind === b.kind &&
    a.title === b.title &&
    a.customer === b.customer &&
    a.status === b.status &&
    a.createdAt === b.createdAt &&
    a.amount.currency === b.amount.currency &&
    a.amount.value === b.amount.value &&
    a.matched.join('\n') === b.matched.join('\n')
  )
}

/** One result row; skipped by React when the keystroke did not change it. */
const HitRow = memo(
  function HitRow({ hit, optionId, selected, onOpen }: HitRowProps): React.JSX.Element {
    return (
      <div
        id={optionId}
        role="option"
        aria-selected={selected}
        className={selected ? 'search-hit selected' : 'search-hit'}
        data-testid={`search-hit-${hit.id}`}
        onMouseDown={(event) => {
          event.preventDefault()
          onOpen(hit)
        }}
      >
        <span className="search-hit-main">
          <strong>{hit.title}</strong>
          <span className="muted">{hit.customer}</span>
        </span>
        <span className="search-hit-side">
          <span className="search-amount">
            {hit.amount.currency} {hit.amount.value}
          </span>
          <span className={`badge status-${hit.status}`} title={`Status: ${hit.status}`}>
            {hit.state}
          </span>
          <span className="muted">{formatMoment(hit.createdAt, 'day-time')}</span>
        </span>
        {hit.matched.length > 0 && <span className="search-matched muted">matched: {hit.matched.join(', ')}</span>}
      </div>
    )
  },
  (a, b) => a.optionId === b.optionId && a.selected === b.selected && a.onOpen === b.onOpen && sameHit(a.hit, b.hit),
)
