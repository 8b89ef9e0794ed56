// Update payment (https://docs.mollie.com/reference/update-payment): which fields a PATCH may change,
// and when. The sandbox refuses the rest with 422 naming the field (never ignores it silently);
// order-rules' validateUpdatePayment applies the field list, the sandbox the state rules.
import { LOCALES, PAYMENT_METHODS, type PaymentStatus } from './enums'

/** Fields an update may change whatever the payment's status (description, webhook, metadata). */
const UPDATE_PAYMENT_FIELDS_ANY_STATUS = ['description', 'webhookUrl', 'metadata'] as const

/**
 * Where the customer is sent back to: only until the payment is finalized
 * (https://docs.mollie.com/reference/update-payment, `redirectUrl` and `cancelUrl`): once it is paid,
 * canceled, expired or failed, the customer has already come back.
 */
const UPDATE_PAYMENT_FIELDS_UNTIL_FINAL = ['redirectUrl', 'cancelUrl'] as const

/** Payment statuses after which nothing the customer does changes the payment. */
const FINAL_STATUSES: readonly PaymentStatus[] = ['paid', 'canceled', 'expired', 'failed']

/** Fields an update may change only while the payment is open (the customer has not paid yet). */
const UPDATE_PAYMENT_FIELDS_WHILE_OPEN = ['method', 'locale'] as const

/** Fields that say who asks, not what changes (checked by the credential rules). */
const CREDENTIAL_FIELDS = ['testmode', 'profileId'] as const

const UPDATABLE: ReadonlySet<string> = new Set<string>([
  ...UPDATE_PAYMENT_FIELDS_ANY_STATUS,
  ...UPDATE_PAYMENT_FIELDS_UNTIL_FINAL,
  ...UPDATE_PAYMENT_FIELDS_WHILE_OPEN,
  ...CREDENTIAL_FIELDS,
])

interface UpdateViolation {
  field: string
  message: string
}

/** Fields of an update body that no update can change, and bad `method`/`locale` values. */
export function updatePaymentFieldViolations(body: Record<string, unknown>): UpdateViolation[] {
  const out: UpdateViolation[] = []
  for (const key of Object.keys(body)) {
    if (body[key] === undefined || UPDATABLE.has(key)) continue
    out.push({
      field: key,
      message: `The field ${key} cannot be updated; an update may change ${[...UPDATE_PAYMENT_FIELDS_ANY_STATUS, ...UPDATE_PAYMENT_FIELDS_UNTIL_FINAL, ...UPDATE_PAYMENT_FIELDS_WHILE_OPEN].join(', ')}.`,
    })
  }
  const method = body['method']
  if (
    method !== undefined &&
    !(typeof method === 'string' && (PAYMENT_METHODS as readonly string[]).includes(method))
  ) {
    out.push({ field: 'method', message: `The method must be one of ${PAYMENT_METHODS.join(', ')}.` })
  }
  const locale = body['locale']
  if (locale !== undefined && !(typeof locale === 'string' && (LOCALES as readonly string[]).includes(locale))) {
    out.push({ field: 'locale', message: `The locale must be one of ${LOCALES.join(', ')}.` })
  }
  return out
}

/**
 * Why this update cannot apply to the payment as it is now; null when it can. `method` and
 * `locale` only while open; `method` only on a payment created without one (the customer was to
 * choose it at checkout).
 */
export function updatePaymentStateViolation(
  payment: { status: PaymentStatus; createdWithoutMethod: boolean },
  body: Record<string, unknown>,
): UpdateViolation | null {
  for (const field of UPDATE_PAYMENT_FIELDS_UNTIL_FINAL) {
    if (body[field] !== undefined && FINAL_STATUSES.includes(payment.status)) {
      return {
        field,
        message: `The ${field} can be changed only until the payment is finalized; this payment is ${payment.status}.`,
      }
    }
  }
  for (const field of UPDATE_PAYMENT_FIELDS_WHILE_OPEN) {
    if (body[field] !== undefined && payment.status !== 'open') {
      return {
        field,
        message: `The ${field} can be changed only while the payment is open; this payment is ${payment.status}.`,
      }
    }
  }
  if (body['method'] !== undefined && !payment.createdWithoutMethod) {
    return {
      field: 'method',
      message: 'The method can be changed only on a payment that was created without one.',
    }
  }
  return null
}
