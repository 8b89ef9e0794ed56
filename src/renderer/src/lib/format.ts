// Display helpers of the payments browser: the user's locale for dates and amounts.

import { formatMoment } from '../../../shared/dates'
import { paymentState } from '../../../shared/story/payment-story'

let cachedLocale: string | null = null
// navigator.language is read once (a list renders hundreds of cells per frame) and again when the
// system language changes.
const events = globalThis as { addEventListener?: (type: string, listener: () => void) => void }
events.addEventListener?.('languagechange', () => {
  cachedLocale = null
})

export function userLocale(): string {
  cachedLocale ??= globalThis.navigator?.language || 'en-US'
  return cachedLocale
}

/** Local date and time, e.g. "22 Nov 2026, 14:05:09"; the raw text when it is not a date (shared/dates.ts). */
export function formatLocalDateTime(iso: string | undefined | null, locale = userLocale()): string {
  return formatMoment(iso, 'date-time', { locale })
}

const STATUS_CLASS: Record<string, string> = {
  open: 'badge pay-status-open',
  pending: 'badge pay-status-pending',
  authorized: 'badge pay-status-authorized',
  paid: 'badge pay-status-paid',
  canceled: 'badge pay-status-canceled',
  expired: 'badge pay-status-expired',
  failed: 'badge pay-status-failed',
}

export function statusClass(status: string): string {
  return STATUS_CLASS[status] ?? 'badge'
}

/**
 * The badge of a payment by its state in words (issue 49): a paid payment charged back reads as a
 * problem and one refunded as ended, never in paid's green; a refund on its way waits like pending.
 */
export function stateClass(payment: Parameters<typeof paymentState>[0]): string {
  if (payment.status !== 'paid') return statusClass(payment.status)
  switch (paymentState(payment).tone) {
    case 'problem':
      return STATUS_CLASS.failed ?? 'badge'
    case 'waiting':
      return STATUS_CLASS.pending ?? 'badge'
    case 'neutral':
      return STATUS_CLASS.canceled ?? 'badge'
    default:
      return statusClass(payment.status)
  }
}
