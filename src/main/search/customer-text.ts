// The name and e-mail of a payment's customer, for payments that carry neither themselves (issue 48
// item 7): a payment made through the Customers API (`POST /customers/{id}/payments`) names its
// customer by `customerId` only, so without this the search would not find it by the customer's
// name or e-mail. The sync reads each such customer once (GET /customers/{id}) and the rows of its
// payments carry the text (rows.ts); a payment with an address e-mail of its own costs no request.
import type { Customer, Payment } from '../../shared/api-types'
import { pathFor } from '../../shared/service'

interface CustomerText {
  name: string | null
  email: string | null
}

/** Customers read so far, by id (ids are the service's own, unique across accounts): kept for the process. */
const known = new Map<string, CustomerText | null>()

/** The customer text of `id` when it was read (null: read and gone), undefined when not read yet. */
export function customerTextOf(id: string): CustomerText | null | undefined {
  return known.get(id)
}

/** Whether the payment needs its customer's text: it names a customer and carries no e-mail of its own. */
function needsCustomer(p: Payment): boolean {
  return p.customerId !== undefined && !p.billingAddress?.email && !p.shippingAddress?.email
}

type Request<O> = <T>(req: { method: 'GET'; path: string }, opts: O) => Promise<T>

/**
 * Reads the customers of `payments` that need one and are not known yet, one request each. A customer
 * that is gone (404, 410) is remembered as such; other failures leave it unknown (the next sync asks again).
 */
export async function readCustomers<O>(payments: readonly Payment[], request: Request<O>, opts: O): Promise<void> {
  const wanted = new Set<string>()
  for (const p of payments) if (needsCustomer(p) && p.customerId && !known.has(p.customerId)) wanted.add(p.customerId)
  for (const id of wanted) {
    const path = pathFor('get-customer', { customerId: id })
    if (!path.ok) continue
    try {
      const c = await request<Customer>({ method: path.operation.method, path: path.path }, opts)
      known.set(id, { name: c.name ?? null, email: c.email ?? null })
    } catch (error) {
      const status = (error as { status?: number }).status
      if (status === 404 || status === 410) known.set(id, null)
      else if ((error as { name?: string }).name === 'AbortError') throw error
    }
  }
}
