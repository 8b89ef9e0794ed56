// Deterministic seed data (seeded PRNG): payments over the past months, in several currencies,
// methods and statuses. createdAt grows with the id, as for objects created through the API.
// 50,000 payments take well under a second: no sorting, one pass.
import type { Mode, PaymentMethod, PaymentStatus } from '../shared/api-types'
import { paymentIsCancelable } from '../shared/payment-actions'
import { fromMinor } from '../shared/money'
import type { IdFactory } from './ids'
import { paymentDetails, paymentExpiresAt, serviceTimestamp } from './resources'
import type { PaymentRecord, SandboxStore } from './store'

const CURRENCIES_AND_RANGES: NonEmpty<{ currency: string; maxMinor: number }> = [
  { currency: 'EUR', maxMinor: 250_00 },
  { currency: 'EUR', maxMinor: 80_00 },
  { currency: 'EUR', maxMinor: 1_500_00 },
  { currency: 'USD', maxMinor: 500_00 },
  { currency: 'GBP', maxMinor: 300_00 },
  { currency: 'CHF', maxMinor: 400_00 },
  { currency: 'SEK', maxMinor: 5_000_00 },
  { currency: 'PLN', maxMinor: 2_000_00 },
  { currency: 'JPY', maxMinor: 50_000 },
]

const METHODS: NonEmpty<PaymentMethod> = [
  'ideal',
  'ideal',
  'creditcard',
  'creditcard',
  'bancontact',
  'paypal',
  'banktransfer',
  'klarna',
  'applepay',
]

/** Weighted like a real shop: mostly paid, some open, a tail of failures. */
const STATUSES: [PaymentStatus, number][] = [
  ['paid', 62],
  ['open', 10],
  ['canceled', 9],
  ['expired', 9],
  ['failed', 6],
  ['authorized', 4],
]
const STATUS_TOTAL = STATUSES.reduce((sum, [, w]) => sum + w, 0)

const DESCRIPTIONS: NonEmpty<string> = [
  'Order',
  'Subscription',
  'Invoice',
  'Gift card',
  'Ticket',
  'Donation',
  'Workshop',
  'Repair',
]

const DAY_MS = 86_400_000
/** Seeded objects span the last 180 days. */
export const SEED_SPAN_DAYS = 180

type NonEmpty<T> = readonly [T, ...T[]]

/** One of `items`, chosen by `random` in [0, 1). */
function pick<T>(items: NonEmpty<T>, random: () => number): T {
  return items[Math.floor(random() * items.length)] ?? items[0]
}

function pickStatus(random: () => number): PaymentStatus {
  let roll = random() * STATUS_TOTAL
  for (const [status, weight] of STATUSES) {
    roll -= weight
    if (roll < 0) return status
  }
  return 'paid'
}

export interface SeedOptions {
  testPayments: number
  livePayments: number
  profileId: string
  nowMs: number
  random: () => number
  ids: IdFactory
}

/** Adds the seed payments to the store; test and live interleave in time like a real account. */
export function seedPayments(store: SandboxStore, options: SeedOptions): void {
  const { testPayments, livePayments, random, ids, profileId, nowMs } = options
  const total = testPayments + livePayments
  if (total === 0) return
  const start = nowMs - SEED_SPAN_DAYS * DAY_MS
  // Leave the last hour free so objects created through the API are always newer.
  const step = (SEED_SPAN_DAYS * DAY_MS - 3_600_000) / total
  let testLeft = testPayments
  let liveLeft = livePayments
  for (let i = 0; i < total; i++) {
    const mode: Mode = random() * (testLeft + liveLeft) < testLeft ? 'test' : 'live'
    if (mode === 'test') testLeft--
    else liveLeft--
    const createdMs = Math.floor(start + i * step + random() * step * 0.9)
    store.addPayment(seedPayment(ids.next('tr'), mode, createdMs, profileId, random))
  }
}

function seedPayment(
  id: string,
  mode: Mode,
  createdMs: number,
  profileId: string,
  random: () => number,
): PaymentRecord {
  const range = pick(CURRENCIES_AND_RANGES, random)
  const minor = BigInt(100 + Math.floor(random() * range.maxMinor))
  const amount = { currency: range.currency, value: fromMinor(minor, range.currency) }
  const status = pickStatus(random)
  const method = status === 'open' && random() < 0.5 ? null : pick(METHODS, random)
  const createdAt = serviceTimestamp(createdMs)
  const eventAt = serviceTimestamp(createdMs + 60_000 + Math.floor(random() * 600_000))
  const label = pick(DESCRIPTIONS, random)
  const data: PaymentRecord['data'] = {
    resource: 'payment',
    id,
    mode,
    createdAt,
    amount,
    description: `${label} ${10000 + Math.floor(random() * 90000)}`,
    method,
    metadata: null,
    status,
    profileId,
    sequenceType: 'oneoff',
    redirectUrl: 'https://shop.example.com/return',
  }
  switch (status) {
    case 'open':
      data.isCancelable = paymentIsCancelable(data)
      break
    case 'authorized':
      data.isCancelable = paymentIsCancelable(data)
      data.authorizedAt = eventAt
      break
    case 'paid':
      data.paidAt = eventAt
      data.amountRefunded = { currency: amount.currency, value: fromMinor(0n, amount.currency) }
      data.amountRemaining = { ...amount }
      break
    case 'canceled':
      data.canceledAt = eventAt
      break
    case 'expired':
      data.expiredAt = eventAt
      break
    case 'failed':
      data.failedAt = eventAt
      break
    default:
      break
  }
  // As the checkout leaves them (store.applyOutcome): open payments expire, others have a locale
  // and, once paid or authorized, their method's details.
  if (status === 'open') {
    data.expiresAt = paymentExpiresAt(method, createdMs)
    data.details = null
  } else {
    data.locale = 'en_US'
    if (status === 'paid' || status === 'authorized') data.details = paymentDetails(method, id, undefined)
  }
  return { data, offeredMethods: null }
}
