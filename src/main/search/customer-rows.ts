// The customer view's questions to the local index (docs/VIEWS.md, "Customer view"): the newest
// orders and payments that carry one e-mail address (an order's billing or shipping e-mail, a
// payment's addresses). Kept apart from index-db/; it asks through the index's own search, whose
// every value is a bound parameter, then keeps only the rows whose e-mail is exactly the one asked.
import type { SearchHit, SyncKind } from '../../shared/ipc/search'
import type { ParsedQuery } from '../../shared/search/query'
import { RANKED_CANDIDATES, type SearchIndex } from './index-db'
import type { IndexSearchResult } from './index-db/query'
import type { SharedSearch } from './service-context'

interface CustomerRows {
  hits: SearchHit[]
  /** More rows of this e-mail exist than are returned. */
  more: boolean
}

/** The e-mail addresses a hit names (its customer text is "name · e-mail, e-mail": customerLine), lower case. */
export function emailsOfHit(hit: Pick<SearchHit, 'customer'>): string[] {
  return hit.customer
    .split(/[\s·,]+/)
    .filter((word) => word.includes('@'))
    .map((word) => word.toLowerCase())
}

/**
 * The newest `limit` rows of `kind` whose e-mail is `email` (lower case), newest first. The index
 * walks the newest RANKED_CANDIDATES matches of the address's words; when that many matched, more
 * may exist and `more` says so.
 */
export function customerRows(index: SearchIndex, kind: SyncKind, email: string, limit: number): CustomerRows {
  return exactRows(index.search(kind, emailQuery(email), RANKED_CANDIDATES), email, limit)
}

/** The same question asked of the team's shared index (team mode: the desk's own index is not walked). */
export async function sharedCustomerRows(
  shared: SharedSearch,
  kind: SyncKind,
  email: string,
  limit: number,
): Promise<CustomerRows> {
  return exactRows(await shared.search(kind, emailQuery(email), RANKED_CANDIDATES), email, limit)
}

function emailQuery(email: string): ParsedQuery {
  return { statuses: [], methods: [], terms: [email], chips: [], warnings: [] }
}

function exactRows(found: IndexSearchResult, email: string, limit: number): CustomerRows {
  const exact = found.hits
    .filter((hit) => emailsOfHit(hit).includes(email))
    .sort((a, b) => (a.createdAt < b.createdAt ? 1 : a.createdAt > b.createdAt ? -1 : a.id < b.id ? 1 : -1))
  return { hits: exact.slice(0, limit), more: exact.length > limit || found.broad }
}
