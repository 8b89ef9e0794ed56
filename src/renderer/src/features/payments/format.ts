// Display helpers of the payments browser: the user's locale for dates and amounts.

const dateFormats = new Map<string, Intl.DateTimeFormat>()

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

/** Local date and time, e.g. "22 Nov 2026, 14:05:09"; the raw text when it is not a date. */
export function formatLocalDateTime(iso: string | undefined | null, locale = userLocale()): string {
  if (!iso) return ''
  const d = new Date(iso)
  if (Number.isNaN(d.getTime())) return iso
  let f = dateFormats.get(locale)
  if (!f) {
    f = new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeStyle: 'medium' })
    dateFormats.set(locale, f)
  }
  return f.format(d)
}

export const STATUS_CLASS: Record<string, string> = {
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
