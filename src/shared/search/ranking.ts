// How far the search ranks: read by main's index (query.ts) and named by the search box. A module of
// its own, with no imports, so the renderer's first screen does not pull in the IPC schemas for it.

/**
 * Relevance is ranked over at most this many matches of a query's words, the newest ones (main's
 * index ranks them; the search box names the number when more matched). A word matching more (a
 * two-letter prefix while typing, "order" in every description) is too broad for relevance to mean
 * much. Ranking is the costly part of a keystroke's query (bm25 reads each candidate's positions):
 * 1,000 candidates kept main's query p95 near 6 ms over 100,000 payments and 20,000 orders, 300 near
 * 4 ms (bench:search-typing, issue 28).
 */
export const RANKED_CANDIDATES = 300
