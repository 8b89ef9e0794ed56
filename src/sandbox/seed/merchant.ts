// The seeded merchant (issue 24 item 9, docs/SANDBOX.md "Seed data" and "Practice calls"): customers
// with names, e-mails, phones and addresses in several countries; payments in every status over the
// 90 days up to the sandbox clock's now, some of them orders with lines; failed card payments with
// their reasons, bank transfers open for days, subscriptions on mandates, refunds and chargebacks.
// Deterministic for a PRNG seed; one pass over time, so 100,000 payments take a few seconds at most.
import type { Mode } from '../../shared/api-types'
import type { CustomerData } from '../customers-store'
import { serviceTimestamp } from '../resources'
import type { SandboxStore } from '../store'
import { makePerson, type SeedCustomer } from './people'
import { buildAll } from './payments'
import { DAY_MS, pick, SEED_SPAN_DAYS, STORY_THRESHOLD, type Plan, type SeedOptions, type SeedResult } from './plan'
import { planStories, type StoryPlan } from './stories'
import { seedSubscriptions } from './subscriptions'

/** Customers of one mode: the story people first (test mode), then made-up ones. */
function seedCustomers(
  store: SandboxStore,
  o: SeedOptions,
  mode: Mode,
  count: number,
  stories: StoryPlan[],
): SeedCustomer[] {
  const out: SeedCustomer[] = []
  const start = o.nowMs - (SEED_SPAN_DAYS + 180) * DAY_MS
  const total = count + stories.length
  for (let i = 0; i < total; i++) {
    const story = i < stories.length ? stories[i] : undefined
    const person = story?.person ?? makePerson(o.random, undefined, i)
    const createdMs = start + Math.floor(((i + o.random()) / Math.max(1, total)) * 180 * DAY_MS)
    const data: CustomerData = {
      resource: 'customer',
      id: o.ids.next('cst'),
      mode,
      name: `${person.givenName} ${person.familyName}`,
      email: person.email,
      locale: person.country.locale,
      metadata: { phone: person.phone, country: person.country.code, ...(story ? { story: story.key } : {}) },
      createdAt: serviceTimestamp(createdMs),
      profileId: o.profileId,
    }
    store.customers.add(data)
    const customer: SeedCustomer = { data, person, ...(story ? { story: story.key } : {}) }
    if (story?.mandate || (!story && o.random() < 0.2)) {
      customer.mandate = {
        resource: 'mandate',
        id: o.ids.next('mdt'),
        mode,
        status: 'valid',
        method: 'directdebit',
        details: { consumerName: data.name, consumerAccount: 'NL55INGB0000000000', consumerBic: 'INGBNL2A' },
        mandateReference: `MDT-${data.id.slice(-6)}`,
        signatureDate: data.createdAt.slice(0, 10),
        createdAt: data.createdAt,
        customerId: data.id,
      }
      store.customers.addMandate(customer.mandate)
    }
    if (story) story.customer = customer
    out.push(customer)
  }
  return out
}

/**
 * Adds the seeded merchant to the store. Test mode gets `testPayments` payments and the story
 * customers; live mode `livePayments`. Returns what must be scheduled on the clock.
 */
export function seedMerchant(store: SandboxStore, o: SeedOptions): SeedResult {
  const result: SeedResult = { open: [], movingRefunds: [], webhookDown: [] }
  const total = o.testPayments + o.livePayments
  if (total === 0) return result
  // The practice stories come with a data set of some size (small seeds in tests stay exact).
  const stories = o.testPayments >= STORY_THRESHOLD && o.orders !== false ? planStories(o.nowMs, o.random) : []
  const testCustomers = seedCustomers(store, o, 'test', Math.round(o.testPayments / 8), stories)
  const liveCustomers = o.livePayments > 0 ? seedCustomers(store, o, 'live', Math.round(o.livePayments / 8), []) : []
  const plans = timeline(o, stories, testCustomers, liveCustomers)
  buildAll(store, o, plans, result)
  result.subscriptions = seedSubscriptions(store, o, testCustomers)
  return result
}

/** The payments in time order: random ones spread over the span, story ones at their moments. */
function timeline(o: SeedOptions, stories: StoryPlan[], test: SeedCustomer[], live: SeedCustomer[]): Plan[] {
  const storyPlans: Plan[] = stories
    .flatMap((s) =>
      s.payments.map((p): Plan => ({ mode: 'test', createdMs: p.createdMs, story: p, customer: s.customer })),
    )
    .sort((a, b) => a.createdMs - b.createdMs)
  const randomCount = Math.max(0, o.testPayments - storyPlans.length) + o.livePayments
  const start = o.nowMs - SEED_SPAN_DAYS * DAY_MS
  // Leave the last hour free so objects created through the API are always newer.
  const step = (SEED_SPAN_DAYS * DAY_MS - 3_600_000) / Math.max(1, randomCount)
  let testLeft = Math.max(0, o.testPayments - storyPlans.length)
  let liveLeft = o.livePayments
  const plans: Plan[] = []
  // Story customers keep to their stories: random payments go to the others.
  const testPool = test.filter((c) => c.story === undefined)
  let s = 0
  for (let i = 0; i < randomCount; i++) {
    const mode: Mode = o.random() * (testLeft + liveLeft) < testLeft ? 'test' : 'live'
    if (mode === 'test') testLeft--
    else liveLeft--
    const createdMs = Math.floor(start + i * step + o.random() * step * 0.9)
    while (s < storyPlans.length && (storyPlans[s]?.createdMs ?? Infinity) <= createdMs)
      plans.push(storyPlans[s++] as Plan)
    const pool = mode === 'test' ? testPool : live
    const customer = pool.length > 0 && o.random() < 0.6 ? pick(pool, o.random) : undefined
    plans.push({ mode, createdMs, customer })
  }
  while (s < storyPlans.length) plans.push(storyPlans[s++] as Plan)
  return plans
}
