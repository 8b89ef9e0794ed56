// How many payments a desk's index may keep, the newest (issue 46 item 8). Zod-free: Home (the first
// screen) offers the choice, and the IPC schema (shared/ipc/search.ts) takes only these.

/** The agent's choice per connection, since memory and disk grow with it (docs/SEARCH.md, "Search index"). */
export const PAYMENT_CAP_CHOICES = [100_000, 250_000, 500_000, 1_000_000] as const
export type PaymentCap = (typeof PAYMENT_CAP_CHOICES)[number]
export const DEFAULT_PAYMENT_CAP: PaymentCap = 250_000
