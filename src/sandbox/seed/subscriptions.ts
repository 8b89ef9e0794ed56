// The seeded subscriptions (docs/SANDBOX.md "Practice calls"): the customer who asks "Why did my
// subscription stop?" has a real subscription on her valid mandate, whose monthly-ish charges are
// her recurring payments (the last one failed) and whose next charge is on the sandbox clock.
import { addIntervals, parseInterval } from '../../shared/service/subscriptions'
import type { SubscriptionRecord } from '../recurring-store'
import { serviceTimestamp } from '../resources'
import type { SandboxStore } from '../store'
import type { SeedCustomer } from './people'
import type { SeedOptions } from './plan'

/** The story whose customer has a subscription, and its charge interval (its payments are 30 days apart). */
const SUBSCRIPTION_STORY = 'subscription-failed'
const STORY_INTERVAL = '30 days'

/** Makes the story customer's subscription from her recurring payments; returns it for the clock. */
export function seedSubscriptions(
  store: SandboxStore,
  o: SeedOptions,
  customers: SeedCustomer[],
): SubscriptionRecord[] {
  const out: SubscriptionRecord[] = []
  const interval = parseInterval(STORY_INTERVAL)
  for (const customer of customers) {
    if (customer.story !== SUBSCRIPTION_STORY || !customer.mandate || !interval) continue
    const payments = store.customers.paymentsOf(customer.data.id).filter((p) => p.data.sequenceType === 'recurring')
    const first = payments[0]
    if (!first) continue
    const startDate = first.data.createdAt.slice(0, 10)
    const record: SubscriptionRecord = {
      data: {
        resource: 'subscription',
        id: o.ids.next('sub'),
        mode: customer.data.mode,
        createdAt: serviceTimestamp(Date.parse(first.data.createdAt) - 3_600_000),
        status: 'active',
        amount: { ...first.data.amount },
        times: null,
        timesRemaining: null,
        interval: STORY_INTERVAL,
        startDate,
        nextPaymentDate: addIntervals(startDate, interval, payments.length),
        description: first.data.description,
        method: null,
        mandateId: customer.mandate.id,
        webhookUrl: 'https://shop.example.com/webhooks/subscriptions',
        metadata: { plan: 'coffee-monthly' },
        customerId: customer.data.id,
      },
      profileId: o.profileId,
      anchorDate: startDate,
      sinceAnchor: payments.length,
      charged: payments.length,
      generation: 0,
    }
    store.recurring.addSubscription(record)
    for (const payment of payments) {
      payment.data.subscriptionId = record.data.id
      delete payment.json
      store.recurring.notePayment(payment)
    }
    out.push(record)
  }
  return out
}
