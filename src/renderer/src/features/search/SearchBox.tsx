import { memo, useCallback, useEffect, useId, useRef } from 'react'
import type { SearchGroup, SearchHit } from '../../../../shared/ipc/search'
import { useAppStore } from '../../app-stores'
import { flatHits } from '../../stores/search-store'
import { agoInWords, formatMoment } from '../../../../shared/dates'
import { customerOffer, type CustomerOffer } from './customer-offer'
import { useSearch, useSearchStore } from './search-context'
import './search.css'

/** Opens a hit or an id: a payment in the payments browser's detail, an order in the order view. */
export function useOpenTarget(): (target: { kind: 'payment' | 'order'; id: string }) => void {
  const navigate = useAppStore((s) => s.navigate)
  return useCallback(
    (target: { kind: 'payment' | 'order'; id: string }) => {
      if (target.kind === 'payment') navigate({ screen: 'payments', paymentId: target.id })
      else navigate({ screen: 'order', orderId: target.id })
    },
    [navigate],
  )
}

/** The one search box, always in the header; Ctrl/Cmd+K focuses it. */
/**
 * After a result opens, the keyboard goes to what was opened (its heading), not back to the search
 * box: the view's keys (R refund, C cancel…) then act at once.
 */
function focusOpenedView(id: string, framesLeft = 60): void {
  requestAnimationFrame(() => {
    const heading = [...document.querySelectorAll<HTMLElement>('#pay-detail-title, #order-title')].find((el) =>
      el.textContent?.includes(id),
    )
    if (!heading) {
      if (framesLeft > 0) focusOpenedView(id, framesLeft - 1)
      return
    }
    heading.tabIndex = -1
    heading.focus()
  })
}

export function SearchBox(): React.JSX.Element {
  const store = useSearchStore()
  const text = useSearch((s) => s.text)
  const open = useSearch((s) => s.open)
  const result = useSearch((s) => s.result)
  const error = useSearch((s) => s.error)
  const loading = useSearch((s) => s.loading)
  const selected = useSearch((s) => s.selected)
  const inputRef = useRef<HTMLInputElement>(null)
  const listId = useId()
  const openTarget = useOpenTarget()
  const navigate = useAppStore((s) => s.navigate)

  useEffect(() => {
    function onKey(event: KeyboardEvent): void {
      if ((event.ctrlKey || event.metaKey) && !event.altKey && !event.shiftKey && event.key.toLowerCase() === 'k') {
        event.preventDefault()
        inputRef.current?.focus()
        inputRef.current?.select()
      }
    }
    window.addEventListener('keydown', onKey)
    return () => window.removeEventListener('keydown', onKey)
  }, [])

  const hits = flatHits(result)
  const openHit = useCallback(
    (hit: SearchHit) => {
      openTarget(hit)
      store.getState().close()
      focusOpenedView(hit.id)
    },
    [openTarget, store],
  )

  // A search by e-mail (or one whose best hit names a customer) offers that customer's view first.
  const offer = customerOffer(result)
  const openCustomer = useCallback(
    (o: CustomerOffer) => {
      navigate({ screen: 'customer', email: o.email })
      store.getState().close()
    },
    [navigate, store],
  )

  function onKeyDown(event: React.KeyboardEvent<HTMLInputElement>): void {
    const s = store.getState()
    if (event.key === 'Enter' && event.shiftKey) {
      event.preventDefault()
      const o = customerOffer(s.result)
      if (o) openCustomer(o)
      return
    }
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault()
      s.move(event.key === 'ArrowDown' ? 1 : -1)
    } else if (event.key === 'Enter') {
      event.preventDefault()
      if (s.result?.direct) {
        openTarget(s.result.direct)
        s.close()
        focusOpenedView(s.result.direct.id)
        return
      }
      const hit = flatHits(s.result)[s.selected]
      if (hit) openHit(hit)
      else void s.run()
    } else if (event.key === 'Escape') {
      event.preventDefault()
      if (s.open) s.close()
      else {
        s.setText('')
        inputRef.current?.blur()
      }
    }
  }

  // Only while the list is shown: a closed list's option is gone, and pointing at it is an error.
  const activeId = open && selected >= 0 && hits[selected] ? `${listId}-${selected}` : undefined
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
                if (result.direct) openTarget(result.direct)
                store.getState().close()
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
              {hits.length === 0 ? (
                <p className="search-message" data-testid="search-empty">
                  Nothing matches {result.chips.length ? result.chips.join(', ') : `“${result.text}”`}. The index holds{' '}
                  {result.index.payments.toLocaleString()} payments and {result.index.orders.toLocaleString()} orders of
                  this connection, last synced {agoInWords(result.index.syncedAt, Date.now())}.
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
                  {group({ title: 'Orders', group: result.orders, offset: 0 })}
                  {group({ title: 'Payments', group: result.payments, offset: result.orders.hits.length })}
                  <p className="search-message muted small">
                    {result.chips.join(' · ')} — index synced {agoInWords(result.index.syncedAt, Date.now())}
                  </p>
                </>
              )}
            </>
          )}
        </div>
      )}
    </div>
  )

  function group(props: { title: string; group: SearchGroup; offset: number }): React.JSX.Element | null {
    const { hits, more, broad } = props.group
    if (hits.length === 0) return null
    return (
      <div className="search-group" role="group" aria-label={props.title}>
        <div className="search-group-title">
          {props.title}
          {broad
            ? ' (many matches: the best of the newest 1,000; add a word to narrow)'
            : more
              ? ' (best matches; refine to see others)'
              : ''}
        </div>
        {hits.map((hit, i) => {
          const index = props.offset + i
          return (
            <HitRow
              key={hit.id}
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
