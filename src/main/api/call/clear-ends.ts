// Clear ends for the client's calls (issue 27 item 6): what a call says when it ends in a way the
// plain status handling would leave vague or crash on. (Replayed answers: replay-notes.ts.)

import type { LostWriteLookup } from '../../../shared/api-error'
import type { Amount } from '../../../shared/api-types'
import { isId, matchOperation } from '../../../shared/service'

/** Deeper JSON than this is no answer of the service (spec 4: resources nest a few levels). */
export const MAX_JSON_DEPTH = 64

/** Nesting depth of a parsed JSON value, counted without recursion (a deep value must not overflow the stack). */
export function jsonDepthExceeds(value: unknown, max = MAX_JSON_DEPTH): boolean {
  const stack: [unknown, number][] = [[value, 1]]
  while (stack.length > 0) {
    const [v, depth] = stack.pop() as [unknown, number]
    if (typeof v !== 'object' || v === null) continue
    if (depth > max) return true
    for (const child of Array.isArray(v) ? v : Object.values(v)) {
      if (typeof child === 'object' && child !== null) stack.push([child, depth + 1])
    }
  }
  return false
}

/** A 3xx answer: never followed (the credential would travel with it); the message says so. */
export function redirectMessage(status: number, location: string | undefined): string {
  const to = location ? ` to ${location.slice(0, 200)}` : ''
  return `The service answered with a redirect (${status}${to}); Paydesk does not follow redirects, so nothing more was sent. Check the connection's base URL.`
}

/**
 * The object a write acts on, in words ("payment", "refund"): the last word of its operation's id
 * in the operation table (`create-order-payment` → payment, `cancel-refund` → refund).
 */
function objectWord(method: string, path: string): string {
  const match = matchOperation(method, path.split('?', 1)[0] ?? '')
  return match.found ? (match.operation.id.split('-').pop() ?? 'object') : 'object'
}

/**
 * A write whose answer never arrived (network fault or timeout after it was sent): it may have been
 * done. Says so, and how to find out without acting twice.
 */
export function lostAnswerSentence(method: string, path: string, idempotencyKey: string | undefined): string {
  const what = objectWord(method, path)
  const done =
    method === 'POST'
      ? `the ${what} may have been created`
      : method === 'DELETE'
        ? `the ${what} may have been canceled`
        : `the ${what} may have been changed`
  const key = idempotencyKey
    ? ` Sending it again with the same idempotency key (${idempotencyKey}) returns the first result instead of acting twice.`
    : ''
  return `The answer was lost, so ${done}. Look it up before sending it again.${key}`
}

/** A 4xx to a resent cancel that says the object is already canceled: the first attempt did it. */
export function isAlreadyCanceled(status: number | null, detail: string | null): boolean {
  return status !== null && status >= 400 && status < 500 && /already\s+(been\s+)?cancel/i.test(detail ?? '')
}

/** A JSON body's amount, when it has the shape of one (spec 2: currency and decimal string). */
function amountOf(body: unknown): Amount | null {
  const a = (body as { amount?: { currency?: unknown; value?: unknown } } | null)?.amount
  return typeof a?.currency === 'string' && typeof a.value === 'string'
    ? { currency: a.currency, value: a.value }
    : null
}

type Params = Record<string, string>

function byId(kind: 'payment' | 'order', id: string | undefined): LostWriteLookup | null {
  return id !== undefined && isId(kind, id) ? { kind, by: 'id', id } : null
}

/** Per operation of the table: what a lost answer to it can be looked up by. */
const LOOKUPS: Readonly<Record<string, (params: Params, body: unknown) => LostWriteLookup | null>> = {
  'create-refund': ({ paymentId }) =>
    paymentId !== undefined && isId('payment', paymentId) ? { kind: 'refund', by: 'payment', paymentId } : null,
  'cancel-payment': ({ paymentId }) => byId('payment', paymentId),
  'update-payment': ({ paymentId }) => byId('payment', paymentId),
  'cancel-order': ({ orderId }) => byId('order', orderId),
  'create-order-payment': ({ orderId }) => byId('order', orderId),
  'create-payment': (_, body) => {
    const description = (body as { description?: unknown } | null)?.description
    if (typeof description !== 'string' || description === '') return null
    return { kind: 'payment', by: 'recent', description, amount: amountOf(body) }
  },
}

/**
 * What can honestly be looked up after a write whose answer was lost, from the request as sent
 * (path below /v2, and body): the object a cancel or update acted on, a payment's refunds after a
 * refund, the newest payments with the description and amount of a payment create. Null when
 * nothing can be told apart (an order create is found by its number in the search, not here).
 */
export function lostWriteLookup(method: string, path: string, body: unknown): LostWriteLookup | null {
  const match = matchOperation(method, path.split('?', 1)[0] ?? '')
  if (!match.found) return null
  return LOOKUPS[match.operation.id]?.(match.params, body) ?? null
}
