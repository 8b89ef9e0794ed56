import { z } from 'zod'
import { idError, ID_PATTERNS, type IdResource } from '../service/ids'

// Object ids as channel inputs: one schema per kind of id, so every channel that takes a payment id
// checks it the same way (the spec module's pattern, which also bounds its length) and tells a bad
// one in the same words (`Not a payment id (tr_…).`).

function idSchema(resource: IdResource) {
  return z
    .string()
    .max(64)
    .regex(ID_PATTERNS[resource], idError(resource, '') ?? undefined)
}

export const paymentIdSchema = idSchema('payment')
export const orderIdSchema = idSchema('order')
export const customerIdSchema = idSchema('customer')
export const mandateIdSchema = idSchema('mandate')
export const subscriptionIdSchema = idSchema('subscription')

/** A refund of the rest held at this desk (Paydesk's own id, not the service's): `q_` and 16 hex digits. */
export const queuedRefundIdSchema = z.string().regex(/^q_[0-9a-f]{16}$/, 'a queued refund id looks like q_…')
