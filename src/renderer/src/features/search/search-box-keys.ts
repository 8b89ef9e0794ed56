// What the search box does with a key and which view an opened result goes to: decided here, from
// the search store's state, so the hook (use-search-box.ts) only carries it out.
import type { SearchHit, SearchResult } from '../../../../shared/ipc/search'
import type { FocusRequest } from '../../stores/app-store'
import { flatHits, ticketObjects } from '../../stores/search-store'
import { customerOffer, type CustomerOffer } from './customer-offer'

/** Something the search box opens: a payment, an order or a customer. */
export interface OpenTarget {
  kind: 'payment' | 'order' | 'customer'
  id: string
}

/** A payment opens in the payments browser's detail, an order in the order view, a customer in theirs. */
export function screenFor(target: OpenTarget): FocusRequest {
  if (target.kind === 'payment') return { screen: 'payments', paymentId: target.id }
  if (target.kind === 'order') return { screen: 'order', orderId: target.id }
  return { screen: 'customer', customerId: target.id }
}

/** The box's part of the search store's state. */
export interface BoxState {
  result: SearchResult | null
  selected: number
  open: boolean
}

type BoxKeyEffect =
  /** Shift+Enter: the customer the search offers (nothing when it offers none) */
  | { kind: 'customer'; offer: CustomerOffer | null }
  | { kind: 'move'; by: 1 | -1 }
  /** an id or link typed in the box, or an object of a ticket's: opened, the list closed */
  | { kind: 'open'; target: OpenTarget }
  | { kind: 'open-hit'; hit: SearchHit }
  /** Enter with no row chosen: search now */
  | { kind: 'search' }
  | { kind: 'close' }
  /** Esc with the list closed: the text cleared, the box left */
  | { kind: 'clear' }

/** What a key in the box does (null: the key is not the box's; every other answer takes the key). */
export function boxKeyEffect(s: BoxState, key: string, shift: boolean): BoxKeyEffect | null {
  if (key === 'Enter' && shift) return { kind: 'customer', offer: customerOffer(s.result) }
  if (key === 'ArrowDown') return { kind: 'move', by: 1 }
  if (key === 'ArrowUp') return { kind: 'move', by: -1 }
  if (key === 'Escape') return s.open ? { kind: 'close' } : { kind: 'clear' }
  if (key !== 'Enter') return null
  if (s.result?.direct) return { kind: 'open', target: s.result.direct }
  const tickets = ticketObjects(s.result)
  const object = tickets[s.selected]
  if (object) return { kind: 'open', target: object }
  const hit = flatHits(s.result)[s.selected - tickets.length]
  return hit ? { kind: 'open-hit', hit } : { kind: 'search' }
}

/** The row the list's active descendant names: only while the list is shown and a row is chosen. */
export function activeRow(s: BoxState): number | null {
  const rows = ticketObjects(s.result).length + flatHits(s.result).length
  return s.open && s.selected >= 0 && s.selected < rows ? s.selected : null
}
