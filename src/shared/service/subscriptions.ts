// The service's rules of a subscription (https://docs.mollie.com/reference/create-subscription,
// update-subscription, get-subscription): the interval grammar and its maximum, the statuses, the
// methods a subscription may force, the test-mode charge cap, and the dates of its charges. One
// source for the sandbox, the rules module and the client. Pure TypeScript: no node, no DOM.

/** https://docs.mollie.com/reference/get-subscription `status` */
export type SubscriptionStatus = 'pending' | 'active' | 'canceled' | 'suspended' | 'completed'

/** https://docs.mollie.com/reference/create-subscription `method`: forced on creation, or null. */
export const SUBSCRIPTION_METHODS = ['creditcard', 'directdebit', 'paypal'] as const
export type SubscriptionMethod = (typeof SUBSCRIPTION_METHODS)[number]

/** https://docs.mollie.com/reference/create-subscription `times`: "Subscriptions in test mode will be canceled automatically after 10 charges." */
export const TEST_MODE_SUBSCRIPTION_CHARGES = 10

type IntervalUnit = 'days' | 'weeks' | 'months'

interface SubscriptionInterval {
  count: number
  unit: IntervalUnit
}

/**
 * https://docs.mollie.com/reference/create-subscription `interval`: "... months", "... weeks",
 * "... days" ("1 month", "14 days"); "The maximum interval is 1 year (12 months, 52 weeks or 365 days)."
 */
const MAX_INTERVAL: Readonly<Record<IntervalUnit, number>> = { days: 365, weeks: 52, months: 12 }

const INTERVAL = /^([1-9]\d{0,3}) (day|days|week|weeks|month|months)$/

/** The interval an `interval` text names, or null when it is not one the service takes. */
export function parseInterval(text: unknown): SubscriptionInterval | null {
  if (typeof text !== 'string') return null
  const match = INTERVAL.exec(text)
  if (!match) return null
  const count = Number(match[1])
  const word = match[2] ?? ''
  const unit: IntervalUnit = word.startsWith('day') ? 'days' : word.startsWith('week') ? 'weeks' : 'months'
  return count <= MAX_INTERVAL[unit] ? { count, unit } : null
}

/** Why an `interval` text is refused, in a sentence; null when it is a valid interval. */
export function intervalProblem(text: unknown): string | null {
  if (parseInterval(text) !== null) return null
  if (typeof text === 'string' && INTERVAL.test(text)) {
    return 'The interval is longer than the maximum of 1 year (12 months, 52 weeks or 365 days).'
  }
  return 'The interval must be a number and days, weeks or months, for example "1 month" or "14 days".'
}

const DATE = /^(\d{4})-(\d{2})-(\d{2})$/

/** A real calendar date `YYYY-MM-DD` → ms at its start (UTC); null otherwise. */
export function dateStartMs(date: unknown): number | null {
  if (typeof date !== 'string') return null
  const match = DATE.exec(date)
  if (!match) return null
  const ms = Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3]))
  return new Date(ms).toISOString().slice(0, 10) === date ? ms : null
}

/**
 * The date `n` intervals after `anchor` (`YYYY-MM-DD`). Months count from the anchor and keep its
 * day, or the month's last day when it has fewer: "startDate 2018-04-30, 1 month: charged on the
 * last day of each month" (https://docs.mollie.com/reference/create-subscription).
 */
export function addIntervals(anchor: string, interval: SubscriptionInterval, n: number): string {
  const start = new Date(`${anchor}T00:00:00Z`)
  if (interval.unit !== 'months') {
    const days = interval.count * n * (interval.unit === 'weeks' ? 7 : 1)
    return new Date(start.getTime() + days * 86_400_000).toISOString().slice(0, 10)
  }
  const months = start.getUTCMonth() + interval.count * n
  const year = start.getUTCFullYear() + Math.floor(months / 12)
  const month = ((months % 12) + 12) % 12
  const lastDay = new Date(Date.UTC(year, month + 1, 0)).getUTCDate()
  return new Date(Date.UTC(year, month, Math.min(start.getUTCDate(), lastDay))).toISOString().slice(0, 10)
}

/** What the rules below need of a mandate and of a subscription. */
interface MandateLike {
  id: string
  status: string
  method: string
  createdAt: string
}
interface SubscriptionLike {
  status: SubscriptionStatus
  method: string | null
  mandateId?: string | null
}

/**
 * The mandate a subscription's charges run on: the one it names (while valid), else the customer's
 * newest valid mandate of the method it forces, of any method when it forces none
 * (https://docs.mollie.com/reference/create-subscription `mandateId`, `method`).
 */
export function chargingMandate<M extends MandateLike>(
  subscription: Pick<SubscriptionLike, 'method' | 'mandateId'>,
  mandates: readonly M[],
): M | undefined {
  const valid = mandates.filter((m) => m.status === 'valid')
  if (subscription.mandateId) return valid.find((m) => m.id === subscription.mandateId)
  let newest: M | undefined
  for (const m of valid) {
    if (subscription.method !== null && m.method !== subscription.method) continue
    if (newest === undefined || m.createdAt >= newest.createdAt) newest = m
  }
  return newest
}

/**
 * Whether revoking `mandateId` stops the subscription: "all connected subscriptions will be canceled"
 * (https://docs.mollie.com/reference/v2/mandates-api/revoke-mandate). Connected: one that names the
 * mandate, or names none and charges on it now (chargingMandate). A canceled or completed one has
 * nothing left to stop.
 */
export function stopsWithMandate(
  subscription: SubscriptionLike,
  mandateId: string,
  mandates: readonly MandateLike[],
): boolean {
  if (subscription.status === 'canceled' || subscription.status === 'completed') return false
  if (subscription.mandateId) return subscription.mandateId === mandateId
  return chargingMandate(subscription, mandates)?.id === mandateId
}
