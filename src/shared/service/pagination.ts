// Cursor pagination of list endpoints (spec 4.3 / 8.2): payments and orders page alike.

/** Spec 4.3 / 8.2: at most this many objects per list response. */
export const MAX_PAGE_SIZE = 250
/** Spec 4.3 leaves the default open; the sandbox's choice, documented in docs/SANDBOX.md. */
export const DEFAULT_PAGE_SIZE = 50
/** The smallest `limit` the service takes. */
const MIN_PAGE_SIZE = 1

/** Spec 4.3: `sort` of a list, `asc` for newer objects and `desc` (the default) for older. */
export const SORT_ORDERS = ['asc', 'desc'] as const

/** Whether `n` is a `limit` the service accepts (an integer from 1 to MAX_PAGE_SIZE). */
export function isPageSize(n: number): boolean {
  return Number.isInteger(n) && n >= MIN_PAGE_SIZE && n <= MAX_PAGE_SIZE
}
