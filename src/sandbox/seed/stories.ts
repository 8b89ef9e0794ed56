// The people of docs/SANDBOX.md "Practice calls": a handful of seeded customers, each standing for a
// question support gets every week. Their payments sit at fixed moments before the clock's now.
import type { PaymentMethod, PaymentStatus } from '../../shared/api-types'
import type { CardFailureReason } from '../../shared/service/enums'
import { COUNTRIES, DENMARK, emailLocal, makePerson, type Person, type SeedCustomer } from './people'

const DAY = 86_400_000
const MINUTE = 60_000

export interface StoryPayment {
  createdMs: number
  method: PaymentMethod
  status: PaymentStatus
  /** minor units */
  amount: bigint
  currency: string
  description: string
  sequenceType?: 'first' | 'recurring'
  failureReason?: CardFailureReason
  /** an order with lines whose total is the payment's amount (amount then ignored) */
  order?: boolean
  /**
   * a refund of this many minor units (`'first-line'`: the order's first line, as a line refund) this
   * long after payment; `status` when it did not simply move on with time: `queued` (the balance
   * could not cover it) or `failed` (the customer's account was closed)
   */
  refund?: { amount: bigint | 'first-line'; afterMs: number; status?: 'queued' | 'failed' }
  chargeback?: { afterMs: number }
  /** the shop at the webhook URL does not answer */
  webhookDown?: boolean
}

export interface StoryPlan {
  key: string
  /** The customer's question, as support hears it (docs/SANDBOX.md "Practice calls"). */
  question: string
  person: Person
  mandate?: boolean
  customer?: SeedCustomer
  payments: StoryPayment[]
  /** data the practice calls do not name (the welcome lists only the others) */
  hidden?: true
}

function person(code: string, givenName: string, familyName: string, random: () => number): Person {
  const country = [...COUNTRIES, DENMARK].find((c) => c.code === code) ?? COUNTRIES[0]
  const base = makePerson(random, country)
  const email = `${emailLocal(givenName, familyName)}@example.com`
  return { ...base, givenName, familyName, email, address: { ...base.address, givenName, familyName, email } }
}

export function planStories(nowMs: number, random: () => number): StoryPlan[] {
  const monthly = (daysAgo: number, status: PaymentStatus): StoryPayment => ({
    createdMs: nowMs - daysAgo * DAY,
    method: 'directdebit',
    status,
    amount: 12_99n,
    currency: 'EUR',
    description: 'Coffee subscription',
    sequenceType: 'recurring',
  })
  return [...paymentStories(nowMs, random, monthly), ...afterSaleStories(nowMs, random), refundTrouble(nowMs, random)]
}

/** A practice customer of the seeded merchant: who to search for, and what they ask. */
interface PracticeCall {
  name: string
  email: string
  question: string
}

/** The seeded practice customers, in the order of docs/SANDBOX.md "Practice calls" (names are fixed). */
export function practiceCalls(): PracticeCall[] {
  return planStories(0, () => 0.5)
    .filter((story) => story.hidden !== true)
    .map((story) => ({
      name: `${story.person.givenName} ${story.person.familyName}`,
      email: story.person.email,
      question: story.question,
    }))
}

/** Subscriptions and card trouble. */
function paymentStories(
  nowMs: number,
  random: () => number,
  monthly: (daysAgo: number, status: PaymentStatus) => StoryPayment,
): StoryPlan[] {
  return [
    {
      key: 'subscription-failed',
      question: 'Why did my subscription stop?',
      person: person('NL', 'Sanne', 'de Vries', random),
      mandate: true,
      payments: [monthly(80, 'paid'), monthly(50, 'paid'), monthly(20, 'paid'), monthly(2, 'failed')],
    },
    {
      key: 'card-declined',
      question: 'My card keeps being refused.',
      person: person('DE', 'Lukas', 'Schneider', random),
      payments: [
        {
          createdMs: nowMs - 3 * DAY,
          method: 'creditcard',
          status: 'failed',
          amount: 89_00n,
          currency: 'EUR',
          description: 'Desk lamp and mug',
          failureReason: 'insufficient_funds',
        },
        {
          createdMs: nowMs - 3 * DAY + 4 * MINUTE,
          method: 'creditcard',
          status: 'failed',
          amount: 89_00n,
          currency: 'EUR',
          description: 'Desk lamp and mug',
          failureReason: 'invalid_cvv',
        },
        {
          createdMs: nowMs - 3 * DAY + 20 * MINUTE,
          method: 'paypal',
          status: 'paid',
          amount: 89_00n,
          currency: 'EUR',
          description: 'Desk lamp and mug',
        },
      ],
    },
  ]
}

/** Refunds, chargebacks, waiting transfers and a shop that does not answer. */
function afterSaleStories(nowMs: number, random: () => number): StoryPlan[] {
  return [
    {
      key: 'partial-refund',
      question: 'Where is my refund?',
      person: person('FR', 'Emma', 'Dubois', random),
      payments: [
        {
          createdMs: nowMs - 10 * DAY,
          method: 'creditcard',
          status: 'paid',
          amount: 0n,
          currency: 'EUR',
          description: '',
          order: true,
          refund: { amount: 'first-line', afterMs: 6 * DAY },
        },
      ],
    },
    {
      key: 'chargeback',
      question: 'The bank took the money back.',
      person: person('GB', 'Oliver', 'Smith', random),
      payments: [
        {
          createdMs: nowMs - 40 * DAY,
          method: 'creditcard',
          status: 'paid',
          amount: 120_00n,
          currency: 'GBP',
          description: 'Wool scarves (4)',
          chargeback: { afterMs: 35 * DAY },
        },
      ],
    },
    {
      key: 'bank-transfer-waiting',
      question: 'I transferred the money, why is it still open?',
      person: person('BE', 'Lotte', 'Peeters', random),
      payments: [
        {
          createdMs: nowMs - 5 * DAY,
          method: 'banktransfer',
          status: 'open',
          amount: 249_00n,
          currency: 'EUR',
          description: 'Invoice 2026-0417',
        },
      ],
    },
    {
      key: 'webhook-down',
      question: 'The shop says I never paid.',
      person: person('IT', 'Marco', 'Rossi', random),
      payments: [
        {
          createdMs: nowMs - DAY,
          method: 'ideal',
          status: 'paid',
          amount: 0n,
          currency: 'EUR',
          description: '',
          order: true,
          webhookDown: true,
        },
      ],
    },
  ]
}

/**
 * Refunds that did not go through (https://docs.mollie.com/payments/refunds, "Refund statuses"): one
 * failed after processing, the money back on the balance; one queued for lack of balance in its
 * currency (nothing else is paid in DKK, so that balance holds nothing this week).
 */
function refundTrouble(nowMs: number, random: () => number): StoryPlan {
  return {
    key: 'refund-trouble',
    question: 'Two refunds that did not reach me.',
    person: person('DK', 'Freja', 'Nielsen', random),
    hidden: true,
    payments: [
      {
        createdMs: nowMs - 30 * DAY,
        method: 'creditcard',
        status: 'paid',
        amount: 64_90n,
        currency: 'EUR',
        description: 'Rain jacket',
        refund: { amount: 64_90n, afterMs: 10 * DAY, status: 'failed' },
      },
      {
        createdMs: nowMs - 12 * DAY,
        method: 'creditcard',
        status: 'paid',
        amount: 1_250_00n,
        currency: 'DKK',
        description: 'Standing desk',
        refund: { amount: 1_250_00n, afterMs: 12 * DAY - 3 * 60 * MINUTE, status: 'queued' },
      },
    ],
  }
}
