import { z } from 'zod'
import type { Address, Customer } from '../api-types'
import type { CurrencyTotals, CustomerOrder, CustomerPayment, CustomerProblem } from '../customer-summary'
import { ID_PATTERNS } from '../service/ids'
import { CUSTOMER_EMAIL_PATTERN } from '../customer-email'
import { defineChannel } from './define'

// The customer view (docs/VIEWS.md, "Customer view"): the renderer names a customer by the
// service's customer id or by an e-mail address; main finds their orders and payments in the local
// index, reads them fresh from the service, and answers with what the view shows.

/** The newest orders and payments of a customer the view reads fresh and shows (each list). */
export const CUSTOMER_VIEW_BOUND = 50

/** Longest e-mail address (RFC 5321 path limit). */
const MAX_EMAIL_LENGTH = 254

// The e-mail pattern lives in a zod-free module: the search box (first screen) needs it, not zod.
export { CUSTOMER_EMAIL_PATTERN } from '../customer-email'

const customerRefInput = z
  .object({
    customerId: z.string().max(64).regex(ID_PATTERNS.customer, 'a customer id looks like cst_…').optional(),
    email: z
      .string()
      .trim()
      .max(MAX_EMAIL_LENGTH)
      .regex(CUSTOMER_EMAIL_PATTERN, 'Not an e-mail address.')
      .transform((v) => v.toLowerCase())
      .optional(),
  })
  .strict()
  .refine((v) => (v.customerId === undefined) !== (v.email === undefined), {
    message: 'give either a customer id or an e-mail address',
  })
export type CustomerRef = z.output<typeof customerRefInput>

export interface CustomerView {
  /** What the view was opened with. */
  ref: { customerId: string | null; email: string | null }
  /** The service's customer id, when the customer has one (asked, or named by their payments). */
  customerId: string | null
  name: string | null
  email: string | null
  phone: string | null
  /** Distinct postal addresses from their orders and payments, newest first. */
  addresses: Address[]
  /** Newest first, at most CUSTOMER_VIEW_BOUND. */
  orders: CustomerOrder[]
  payments: CustomerPayment[]
  /** More orders / payments exist than are shown (only the newest CUSTOMER_VIEW_BOUND are). */
  moreOrders: boolean
  morePayments: boolean
  bound: number
  totals: CurrencyTotals[]
  problems: CustomerProblem[]
  /** Objects that could not be read fresh (shown as the index holds them) and why. */
  stale: { count: number; reason: string | null }
  /** When main read the customer (ISO time). */
  readAt: string
  /** The customer object as the API returned it, for "API details" (null: no customer id). */
  raw: Customer | null
}

export const customerChannels = {
  'customers.open': defineChannel<CustomerView>()(customerRefInput),
}
