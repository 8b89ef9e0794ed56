import { z } from 'zod'
import type { Amount } from '../api-types'
import type { Mandate, MandateMethod } from '../recurring-types'
import type { SubscriptionMethod, SubscriptionStatus } from '../service/subscriptions'
import { defineChannel } from './define'
import {
  customerIdSchema as customerId,
  mandateIdSchema as mandateId,
  subscriptionIdSchema as subscriptionId,
} from './ids'
import { ticketInput } from './team'

// "Stop charging me" (issue 49 item 6): a customer's mandates and subscriptions in the customer view,
// read by main, and the two writes that stop the charges: Revoke mandate and Cancel subscription.
// The renderer names the customer and the object; main reads both fresh, checks the action applies,
// asks on a live connection, sends, records the write and answers with the view read again and the
// sentence for the caller.

/** The newest mandates and subscriptions of a customer the view reads (each list). */
export const RECURRING_VIEW_BOUND = 50

/** A mandate as the view shows it: main masks the account, the full IBAN never reaches the page. */
export interface MandateRow {
  id: string
  method: MandateMethod
  /** The account or card, masked ("NL…0000", "Mastercard ending 1234", "s…@example.com"). */
  account: string | null
  /** The account holder's name, as the mandate names it. */
  holder: string | null
  status: Mandate['status']
  /** Signed on (YYYY-MM-DD), else the day it was made. */
  since: string
  reference: string | null
  /** The subscriptions that stop when it is revoked (shared/service/subscriptions.ts stopsWithMandate). */
  subscriptionIds: string[]
}

export interface SubscriptionRow {
  id: string
  description: string
  amount: Amount
  /** As the service writes it ("1 month", "14 days"). */
  interval: string
  status: SubscriptionStatus
  method: SubscriptionMethod | null
  nextPaymentDate: string | null
  startDate: string
  createdAt: string
  canceledAt: string | null
  /** null: until canceled. */
  times: number | null
  /** Payments the subscription made so far (null: its payments could not be read). */
  timesCharged: number | null
  /** More payments exist than were counted (timesCharged is a lower bound). */
  moreCharges: boolean
  /** When its newest paid payment was paid (ISO time), or null: none paid yet (or not read). */
  lastPaidAt: string | null
  /** Its newest payment still being collected (open or pending: a direct debit takes days), or null. */
  underWay: { amount: Amount; createdAt: string } | null
}

export interface RecurringView {
  customerId: string
  /** Newest first. */
  mandates: MandateRow[]
  subscriptions: SubscriptionRow[]
  /** More mandates or subscriptions exist than RECURRING_VIEW_BOUND. */
  more: boolean
  /** What could not be read (a subscription's payments), in a sentence; null when all was read. */
  partial: string | null
  readAt: string
}

/** What a write stopped, as main read it just before sending (the view tells it in the agent's words). */
export interface StoppedCharges {
  /** The mandate revoked; null when a subscription was canceled. */
  mandate: MandateRow | null
  /** The subscription canceled, or those the revoked mandate stopped. */
  subscriptions: SubscriptionRow[]
}

export interface RecurringWriteResult {
  /** The mandates and subscriptions read again after the write. */
  view: RecurringView
  stopped: StoppedCharges
  /** The write's request id: its entry in the Inspector. */
  requestId: string | null
}

const ticket = ticketInput.optional()

export const recurringChannels = {
  'recurring.open': defineChannel<RecurringView>()(z.object({ customerId }).strict()),
  'recurring.revokeMandate': defineChannel<RecurringWriteResult>()(
    z.object({ customerId, mandateId, ticket }).strict(),
  ),
  'recurring.cancelSubscription': defineChannel<RecurringWriteResult>()(
    z.object({ customerId, subscriptionId, ticket }).strict(),
  ),
}
