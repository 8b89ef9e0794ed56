// Refund rules both sides apply: the sandbox refuses a duplicate with 409, and main does not send
// one unasked after a lost answer (src/main/services/pending-actions.ts).

/**
 * A refund of the same amount on the same payment within this long of an earlier one that still
 * stands is a duplicate. The documentation names no window: the sandbox's choice (docs/SANDBOX.md
 * "Refunds"), kept here so main and the sandbox agree.
 */
export const DUPLICATE_REFUND_WINDOW_MS = 60 * 60 * 1000
