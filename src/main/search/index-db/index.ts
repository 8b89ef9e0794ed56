// The local search index (docs/SEARCH.md, "Search index"): what callers import.
//   schema.ts      the file's tables, its checks at open, the in-memory full-text tables
//   open.ts        opening a connection's file; an outdated or damaged one is replaced
//   search-index.ts the SearchIndex class, the face over the parts below
//   writes.ts      rows in and out, the full-text table rebuilt at open
//   query.ts       a parsed query run as one statement within its time budget
//   row-filters.ts each full-text row's status, method and time in memory, checked by a walk
//   phrases.ts     a query's word as a full-text phrase, and the prefix index lengths
//   hits.ts        result rows as hits, and the home summary
//   markers.ts     sync markers and the account the rows belong to
export { orderRow, paymentRow, type IndexRow, type PersonalFields } from '../rows'
export { EMPTY_MARKER } from './markers'
export type { MarkerKind, SyncMarker } from '../sync-target'
export { indexFileName, openSearchIndex, removeSearchIndex } from './open'
export { RANKED_CANDIDATES } from '../../../shared/search/ranking'
export { HITS_PER_GROUP } from './query'
export { DEFAULT_LIMITS, IndexDamagedError, IndexOutdatedError } from './schema'
export { SearchIndex, type OpenOptions } from './search-index'
