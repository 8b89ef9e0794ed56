// Clear ends for the client's calls (issue 27 item 6): what a call says when it ends in a way the
// plain status handling would leave vague or crash on. (Replayed answers: replay-notes.ts.)

import type { LostWriteLookup } from '../../shared/api-error'
import type { Amount } from '../../shared/api-types'
import { isId } from '../../shared/service'

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

const RESOURCE_WORDS: Record<string, string> = {
  '/payments': 'payment',
  '/orders': 'order',
  '/refunds': 'refund',
}

/** The object a write acts on, in words ("payment", "refund"), from its path. */
function objectWord(path: string): string {
  if (/\/refunds(\/|$)/.test(path)) return RESOURCE_WORDS['/refunds'] ?? 'object'
  if (/^\/orders\/[^/]+\/payments/.test(path)) return 'payment'
  if (path.startsWith('/orders')) return RESOURCE_WORDS['/orders'] ?? 'object'
  if (path.startsWith('/payments')) return RESOURCE_WORDS['/payments'] ?? 'object'
  return 'object'
}

/**
 * A write whose answer never arrived (network fault or timeout after it was sent): it may have been
 * done. Says so, and how to find out without acting twice.
 */
export function lostAnswerSentence(method: string, path: string, idempotencyKey: string | undefined): string {
  const what = objectWord(path)
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

/**
 * What can honestly be looked up after a write whose answer was lost, from the request as sent
 * (path below /v2, and body): the object a cancel or update acted on, a payment's refunds after a
 * refund, the newest payments with the description and amount of a payment create. Null when
 * nothing can be told apart (an order create is found by its number in the search, not here).
 */
export function lostWriteLookup(method: string, path: string, body: unknown): LostWriteLookup | null {
  const parts = path.split('?')[0]?.split('/').filter(Boolean) ?? []
  const [collection, id, sub] = parts
  if (collection === 'payments' && id && isId('payment', id)) {
    if (sub === 'refunds' && method === 'POST' && parts.length === 3)
      return { kind: 'refund', by: 'payment', paymentId: id }
    if (sub === undefined && (method === 'DELETE' || method === 'PATCH')) return { kind: 'payment', by: 'id', id }
    return null
  }
  if (collection === 'orders' && id && isId('order', id)) {
    if (sub === undefined && method === 'DELETE') return { kind: 'order', by: 'id', id }
    if (sub === 'payments' && method === 'POST' && parts.length === 3) return { kind: 'order', by: 'id', id }
    return null
  }
  if (collection === 'payments' && parts.length === 1 && method === 'POST') {
    const description = (body as { description?: unknown } | null)?.description
    if (typeof description !== 'string' || description === '') return null
    return { kind: 'payment', by: 'recent', description, amount: amountOf(body) }
  }
  return null
}
