// Customers, their payments and their mandates (https://docs.mollie.com/reference/customers-api,
// https://docs.mollie.com/reference/mandates-api), kept per profile and mode like every object.
import type { Metadata, Mode } from '../shared/api-types'
import type { Mandate } from '../shared/recurring-types'
import { listPage, scopeKey, type ListPage, type ListQuery, type Listed, type PaymentRecord } from './records'

export interface CustomerData {
  resource: 'customer'
  id: string
  mode: Mode
  name: string | null
  email: string | null
  locale: string | null
  metadata: Metadata
  createdAt: string
  /** the profile it was made under (not part of the service's JSON) */
  profileId: string
}

export type { Mandate } from '../shared/recurring-types'

export class CustomerStore {
  private readonly byId = new Map<string, CustomerData>()
  private readonly lists = new Map<string, Listed<CustomerData>[]>()
  private readonly payments = new Map<string, PaymentRecord[]>()
  private readonly mandates = new Map<string, Mandate[]>()
  /** deleted customers' ids and their scope: they answer 410 Gone, not 404 */
  private readonly deleted = new Map<string, string>()

  get count(): number {
    return this.byId.size
  }

  add(customer: CustomerData): void {
    this.byId.set(customer.id, customer)
    const key = scopeKey(customer.profileId, customer.mode)
    const list = this.lists.get(key)
    if (list) list.push({ data: customer })
    else this.lists.set(key, [{ data: customer }])
  }

  /** The customer, when it exists in this profile and mode and was not deleted. */
  get(id: string, profileId: string, mode: Mode): CustomerData | undefined {
    const customer = this.byId.get(id)
    if (!customer || customer.profileId !== profileId || customer.mode !== mode) return undefined
    return customer
  }

  /** Whether the customer existed in this profile and mode and was deleted. */
  wasDeleted(id: string, profileId: string, mode: Mode): boolean {
    return this.deleted.get(id) === scopeKey(profileId, mode)
  }

  /** GET /v2/customers; deleted customers are gone from the list. */
  list(profileId: string, mode: Mode, query: ListQuery): ListPage<Listed<CustomerData>> | null {
    return listPage(this.lists.get(scopeKey(profileId, mode)) ?? [], query)
  }

  /** https://docs.mollie.com/reference/delete-customer: its mandates are revoked with it. */
  delete(id: string): void {
    const customer = this.byId.get(id)
    if (!customer) return
    this.byId.delete(id)
    this.deleted.set(id, scopeKey(customer.profileId, customer.mode))
    const key = scopeKey(customer.profileId, customer.mode)
    this.lists.set(
      key,
      (this.lists.get(key) ?? []).filter((entry) => entry.data.id !== id),
    )
    for (const mandate of this.mandates.get(id) ?? []) mandate.status = 'invalid'
  }

  notePayment(customerId: string, record: PaymentRecord): void {
    const list = this.payments.get(customerId)
    if (list) list.push(record)
    else this.payments.set(customerId, [record])
  }

  paymentsOf(customerId: string): readonly PaymentRecord[] {
    return this.payments.get(customerId) ?? []
  }

  addMandate(mandate: Mandate): void {
    this.mandates.set(mandate.customerId, [...this.mandatesOf(mandate.customerId), mandate])
  }

  mandatesOf(customerId: string): readonly Mandate[] {
    return this.mandates.get(customerId) ?? []
  }

  /** The customer's valid mandate (the one named, or the newest valid one), or undefined. */
  validMandate(customerId: string, mandateId?: string): Mandate | undefined {
    const valid = this.mandatesOf(customerId).filter((m) => m.status === 'valid')
    return mandateId === undefined ? valid[valid.length - 1] : valid.find((m) => m.id === mandateId)
  }
}
