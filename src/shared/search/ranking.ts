// How far the search ranks: read by main's index (query.ts) and the customer view's rows
// (customer-rows.ts); the search group's `broad` (ipc/search.ts) names it. A module of its own, with
// no imports.

/**
 * Relevance is ranked when at most this many matches of a query's words pass its filters (main's
 * index ranks them). A word matching more (a two-letter prefix while typing, "order" in every
 * description) is too broad for relevance to mean much: its newest matches are shown, newest first,
 * and the search box says there are many. Ranking is the costly part of a keystroke's query (bm25
 * counts every match of each word in the whole table, then reads each candidate's positions): 1,000
 * candidates kept main's query p95 near 6 ms over 100,000 payments and 20,000 orders, 300 near 4 ms
 * (bench:search-typing, issue 28), and a broad word, not ranked, takes a fraction of either.
 */
export const RANKED_CANDIDATES = 300
