// Subscriptions and payment links (https://docs.mollie.com/reference/subscriptions-api,
// https://docs.mollie.com/reference/payment-links-api), kept per profile and mode like every object,
// with the payments each one made.
import type { Mode } from '../shared/api-types'
import type { PaymentLink, Subscription } from '../shared/recurring-types'
import { listPage, scopeKey, type ListPage, type ListQuery, type Listed, type PaymentRecord } from './records'

/** A subscription as the service shows it, without `_links` (routes/subscriptions.ts renders them). */
type SubscriptionData = Omit<Subscription, '_links'>

/** A subscription and what the sandbox keeps about its charges (not part of its JSON). */
export interface SubscriptionRecord {
  data: SubscriptionData
  profileId: string
  /** the date later charges count from: the start date, or the last charge when the interval changed */
  anchorDate: string
  /** charges since `anchorDate` */
  sinceAnchor: number
  /** charges made (paid or failed) */
  charged: number
  /** bumped when the schedule changes: a charge scheduled under an older one does nothing */
  generation: number
  /** the next charge fails (set through the admin API), with this card failure reason */
  failNext?: string
}

/** A payment link (https://docs.mollie.com/reference/get-payment-link), without `_links`. */
export type PaymentLinkData = Omit<PaymentLink, '_links'>

function append<T>(map: Map<string, T[]>, key: string, item: T): void {
  const list = map.get(key)
  if (list) list.push(item)
  else map.set(key, [item])
}

export class RecurringStore {
  private readonly subscriptions = new Map<string, SubscriptionRecord>()
  private readonly byCustomer = new Map<string, SubscriptionRecord[]>()
  private readonly subscriptionLists = new Map<string, SubscriptionRecord[]>()
  private readonly subscriptionPayments = new Map<string, PaymentRecord[]>()
  private readonly links = new Map<string, Listed<PaymentLinkData>>()
  private readonly linkLists = new Map<string, Listed<PaymentLinkData>[]>()
  private readonly linkPayments = new Map<string, PaymentRecord[]>()

  addSubscription(record: SubscriptionRecord): void {
    this.subscriptions.set(record.data.id, record)
    append(this.byCustomer, record.data.customerId, record)
    append(this.subscriptionLists, scopeKey(record.profileId, record.data.mode), record)
  }

  /** The subscription of this customer, profile and mode, or undefined. */
  subscription(id: string, customerId: string, profileId: string, mode: Mode): SubscriptionRecord | undefined {
    const record = this.subscriptions.get(id)
    if (!record || record.data.customerId !== customerId) return undefined
    return record.profileId === profileId && record.data.mode === mode ? record : undefined
  }

  subscriptionAnyScope(id: string): SubscriptionRecord | undefined {
    return this.subscriptions.get(id)
  }

  subscriptionsOf(customerId: string): readonly SubscriptionRecord[] {
    return this.byCustomer.get(customerId) ?? []
  }

  /** GET /v2/subscriptions: the scope's subscriptions. */
  listSubscriptions(profileId: string, mode: Mode, query: ListQuery): ListPage<SubscriptionRecord> | null {
    return listPage(this.subscriptionLists.get(scopeKey(profileId, mode)) ?? [], query)
  }

  /** Called for every payment added to the store (store.ts addPayment). */
  notePayment(record: PaymentRecord): void {
    const subscriptionId = record.data.subscriptionId
    if (subscriptionId !== undefined) append(this.subscriptionPayments, subscriptionId, record)
    const linkId = record.related?.paymentLinkId
    if (linkId !== undefined) append(this.linkPayments, linkId, record)
  }

  paymentsOfSubscription(id: string): readonly PaymentRecord[] {
    return this.subscriptionPayments.get(id) ?? []
  }

  addLink(link: PaymentLinkData): void {
    const entry = { data: link }
    this.links.set(link.id, entry)
    append(this.linkLists, scopeKey(link.profileId, link.mode), entry)
  }

  link(id: string, profileId: string, mode: Mode): PaymentLinkData | undefined {
    const link = this.links.get(id)?.data
    return link && link.profileId === profileId && link.mode === mode ? link : undefined
  }

  linkAnyScope(id: string): PaymentLinkData | undefined {
    return this.links.get(id)?.data
  }

  /** https://docs.mollie.com/reference/delete-payment-link: "will no longer show up in the API". */
  deleteLink(id: string): void {
    const link = this.links.get(id)?.data
    if (!link) return
    this.links.delete(id)
    const key = scopeKey(link.profileId, link.mode)
    this.linkLists.set(
      key,
      (this.linkLists.get(key) ?? []).filter((entry) => entry.data.id !== id),
    )
  }

  listLinks(profileId: string, mode: Mode, query: ListQuery): ListPage<Listed<PaymentLinkData>> | null {
    return listPage(this.linkLists.get(scopeKey(profileId, mode)) ?? [], query)
  }

  paymentsOfLink(id: string): readonly PaymentRecord[] {
    return this.linkPayments.get(id) ?? []
  }
}
