// After a write whose answer was lost (issue 27 item 6), the error carries what main says can be
// looked up (LostWriteLookup). This is the renderer's reading of it: the button's words, the object
// to open, and, for a payment create, which of the newest payments match what was sent. Pure.

import type { LostWriteLookup } from '../../../shared/api-error'
import type { Payment } from '../../../shared/api-types'

/** How many of the newest payments a "did it get created?" look-up reads (one page). */
export const RECENT_PAYMENTS_READ = 50

/** The object view that answers the question, for the look-ups by id. */
type LookupTarget = { screen: 'payments'; paymentId: string } | { screen: 'order'; orderId: string }

/** The button's words: what it will show. */
export function lookupLabel(lookup: LostWriteLookup): string {
  switch (lookup.kind) {
    case 'refund':
      return `Look up the refunds of ${lookup.paymentId}`
    case 'order':
      return `Look up order ${lookup.by === 'id' ? lookup.id : ''}`.trim()
    case 'payment':
      return lookup.by === 'id' ? `Look up payment ${lookup.id}` : 'Look for the payment among the newest'
  }
}

/** The view to open for a look-up by id (a payment's view lists its refunds); null for a search. */
export function lookupTarget(lookup: LostWriteLookup): LookupTarget | null {
  if (lookup.kind === 'refund') return { screen: 'payments', paymentId: lookup.paymentId }
  if (lookup.kind === 'order' && lookup.by === 'id') return { screen: 'order', orderId: lookup.id }
  if (lookup.kind === 'payment' && lookup.by === 'id') return { screen: 'payments', paymentId: lookup.id }
  return null
}

type RecentLookup = Extract<LostWriteLookup, { by: 'recent' }>

/** The newest payments with the description and amount that were sent (exact: strings compared as sent). */
export function matchingPayments(lookup: RecentLookup, payments: readonly Payment[]): Payment[] {
  return payments.filter(
    (p) =>
      p.description === lookup.description &&
      (lookup.amount === null ||
        (p.amount.currency === lookup.amount.currency && p.amount.value === lookup.amount.value)),
  )
}

/** What the search found, in the agent's words. */
export function recentResultWords(lookup: RecentLookup, matches: readonly Payment[], read: number): string {
  const what = `"${lookup.description}"${lookup.amount ? ` for ${lookup.amount.currency} ${lookup.amount.value}` : ''}`
  if (matches.length === 0) {
    return `No payment ${what} among the ${read} newest: it was most likely not created. Sending again with the same idempotency key is safe either way.`
  }
  const ids = matches.map((p) => p.id).join(', ')
  return matches.length === 1
    ? `Found it: payment ${ids} ${what} exists, so it was created. Do not create it again.`
    : `${matches.length} payments ${what} among the ${read} newest (${ids}): check which one is the one just sent before creating another.`
}
