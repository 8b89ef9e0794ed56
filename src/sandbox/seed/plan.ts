// What the seed's parts share (merchant.ts plans, payments.ts builds): the options and the result,
// the time span, the weighted choices, and one planned payment. Below both, so neither imports the other.
import type { Mode, PaymentMethod, PaymentStatus } from '../../shared/api-types'
import { CARD_FAILURE_REASONS, type CardFailureReason } from '../../shared/service/enums'
import type { IdFactory } from '../ids'
import { paymentExpiryMs } from '../resources'
import type { SubscriptionRecord } from '../recurring-store'
import type { PaymentRecord } from '../store'
import type { SeedCustomer } from './people'
import type { StoryPlan } from './stories'

export const DAY_MS = 86_400_000
/** From this many test payments on, the practice stories are part of the data set. */
export const STORY_THRESHOLD = 100
/** Seeded payments span the 90 days up to the clock's now. */
export const SEED_SPAN_DAYS = 90

export interface SeedOptions {
  testPayments: number
  livePayments: number
  profileId: string
  nowMs: number
  random: () => number
  ids: IdFactory
  /** false: no orders (and no practice stories, some of which are orders); default true */
  orders?: boolean
}

/** What the caller schedules on the clock once the sandbox runs: expiry of open payments. */
export interface SeedResult {
  open: PaymentRecord[]
  /** refunds still moving on (pending or processing) */
  movingRefunds: { paymentId: string; refundId: string }[]
  /** orders whose shop does not answer its webhook: deliveries failing since `fromMs` */
  webhookDown: { objectId: string; url: string; fromMs: number }[]
  /** subscriptions whose next charge goes on the clock */
  subscriptions?: SubscriptionRecord[]
}

type NonEmpty<T> = readonly [T, ...T[]]

export function pick<T>(items: readonly T[], random: () => number): T {
  return items[Math.floor(random() * items.length)] as T
}

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
const STATUSES: [PaymentStatus, number][] = [
  ['paid', 66],
  ['open', 7],
  ['canceled', 8],
  ['expired', 8],
  ['failed', 8],
  ['authorized', 3],
]
const STATUS_TOTAL = STATUSES.reduce((sum, [, w]) => sum + w, 0)
const FAILURE_REASONS = Object.keys(CARD_FAILURE_REASONS) as CardFailureReason[]
const LABELS = ['Invoice', 'Gift card', 'Ticket', 'Workshop', 'Repair', 'Donation'] as const
const SHOP = 'https://shop.example.com'
const WEBHOOK = `${SHOP}/webhooks/payments`
/** The webhook of the practice story "the shop says I never paid": a shop that never answers. */
const WEBHOOK_DOWN = 'https://shop-down.example.com/webhooks/orders'
/**
 * The seeded merchant's made-up shops. The sandbox never calls them (nobody runs them, and asking
 * about them would only puzzle): their deliveries fail as a name that does not resolve.
 */
const SEEDED_SHOP_HOSTS: ReadonlySet<string> = new Set([new URL(WEBHOOK).hostname, new URL(WEBHOOK_DOWN).hostname])

function pickStatus(random: () => number): PaymentStatus {
  let roll = random() * STATUS_TOTAL
  for (const [status, weight] of STATUSES) {
    roll -= weight
    if (roll < 0) return status
  }
  return 'paid'
}

function expiryMs(method: PaymentMethod | null): number {
  return paymentExpiryMs(method)
}

interface Plan {
  mode: Mode
  createdMs: number
  story?: StoryPlan['payments'][number]
  customer?: SeedCustomer
}

export { expiryMs, pickStatus, FAILURE_REASONS, LABELS, METHODS, SEEDED_SHOP_HOSTS, SHOP, WEBHOOK, WEBHOOK_DOWN }
export type { Plan }
