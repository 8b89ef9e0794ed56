// "Stop charging me" (issue 49 item 6) in the agent's words: a mandate's method, account (masked:
// the full IBAN is never shown) and status, a subscription's interval and status, what Revoke mandate
// and Cancel subscription will do, why one does not apply, and the sentence for the caller. Pure: the
// words and dates come from the caller's locale and time zone. API names stay under "API details".
import type { Amount } from '../api-types'
import { formatMoment, type DateWords } from '../dates'
import type { MandateRow, StoppedCharges, SubscriptionRow } from '../ipc/recurring'
import { formatAmountForDisplay } from '../money'
import type { Mandate, MandateMethod } from '../recurring-types'
import { parseInterval, type SubscriptionStatus } from '../service/subscriptions'

/** The page that says what revoking does: cited in the dialog and the code. */
export const REVOKE_MANDATE_SOURCE = 'https://docs.mollie.com/reference/v2/mandates-api/revoke-mandate'

const METHOD_WORDS: Readonly<Record<MandateMethod, string>> = {
  directdebit: 'SEPA Direct Debit',
  creditcard: 'Card',
  paypal: 'PayPal',
}

export function mandateMethodWords(method: string): string {
  return METHOD_WORDS[method as MandateMethod] ?? method
}

function text(value: unknown): string | null {
  return typeof value === 'string' && value.trim() !== '' ? value.trim() : null
}

/**
 * The mandate's account as the desk shows it, never whole: an IBAN by its country and last four
 * characters ("NL…0000"), a card by its label and last four digits, a PayPal e-mail by its first
 * letter and domain. Main masks before anything reaches the page.
 */
export function maskedAccount(mandate: Pick<Mandate, 'method' | 'details'>): string | null {
  const d = mandate.details ?? {}
  if (mandate.method === 'creditcard') {
    const digits = text(d['cardNumber'])?.replace(/\D/g, '').slice(-4) ?? null
    const label = text(d['cardLabel']) ?? 'Card'
    return digits ? `${label} ending ${digits}` : label
  }
  const account = text(d['consumerAccount'])
  if (account === null) return null
  if (account.includes('@')) {
    const [name = '', domain = ''] = account.split('@')
    return `${name.slice(0, 1)}…@${domain}`
  }
  const compact = account.replace(/\s+/g, '').toUpperCase()
  return compact.length > 4 ? `${compact.slice(0, 2)}…${compact.slice(-4)}` : '…'
}

/** The holder's name the mandate names (card holder or account holder). */
export function mandateHolder(mandate: Pick<Mandate, 'method' | 'details'>): string | null {
  const d = mandate.details ?? {}
  return text(mandate.method === 'creditcard' ? d['cardHolder'] : d['consumerName'])
}

/** A status as the badge names it, and what it means beside it (or null). */
interface StatusWords {
  label: string
  note: string | null
}

/** https://docs.mollie.com/reference/get-mandate `status`. */
export function mandateStatusWords(status: Mandate['status']): StatusWords {
  switch (status) {
    case 'valid':
      return { label: 'Active', note: 'payments can be taken with it' }
    case 'pending':
      return { label: 'Pending', note: 'waiting for the bank to confirm it' }
    default:
      return { label: 'Revoked', note: 'no payments can be taken with it' }
  }
}

/** https://docs.mollie.com/reference/get-subscription `status`. */
export function subscriptionStatusWords(status: SubscriptionStatus): StatusWords {
  switch (status) {
    case 'active':
      return { label: 'Active', note: null }
    case 'pending':
      return { label: 'Pending', note: 'waiting for a mandate' }
    case 'canceled':
      return { label: 'Canceled', note: null }
    case 'suspended':
      return { label: 'Suspended', note: 'no valid mandate to charge' }
    case 'completed':
      return { label: 'Completed', note: 'every payment was taken' }
  }
}

/** "every month", "every 14 days"; the service's text when it is not an interval. */
export function intervalWords(interval: string): string {
  const parsed = parseInterval(interval)
  if (!parsed) return interval
  const unit = parsed.unit.slice(0, -1)
  return parsed.count === 1 ? `every ${unit}` : `every ${parsed.count} ${parsed.unit}`
}

function each(amount: Amount, interval: string, words: DateWords): string {
  return `${formatAmountForDisplay(amount, words.locale)} ${intervalWords(interval)}`
}

/** "“Gym monthly” (€12.99 every month)". */
export function subscriptionName(
  s: Pick<SubscriptionRow, 'description' | 'amount' | 'interval'>,
  words: DateWords = {},
) {
  return `“${s.description}” (${each(s.amount, s.interval, words)})`
}

/**
 * The last payment taken and one still being collected; nothing about the past when the payments
 * could not be read (never "none" on a guess).
 */
function lastPayment(s: Pick<SubscriptionRow, 'lastPaidAt' | 'timesCharged' | 'underWay'>, words: DateWords): string {
  const last = s.lastPaidAt
    ? ` The last payment was on ${formatMoment(s.lastPaidAt, 'day', words)}.`
    : s.timesCharged === 0
      ? ' No payment was taken under it.'
      : ''
  const underWay = s.underWay
    ? ` A payment of ${formatAmountForDisplay(s.underWay.amount, words.locale)} started on ${formatMoment(s.underWay.createdAt, 'day', words)} is still being collected; this does not stop it.`
    : ''
  return last + underWay
}

/** Why Cancel subscription does not apply to it as it is now, or null when it does. */
export function cancelNotApplicable(
  s: Pick<SubscriptionRow, 'description' | 'status' | 'canceledAt'>,
  words: DateWords = {},
): string | null {
  if (s.status === 'canceled') {
    const when = s.canceledAt ? ` on ${formatMoment(s.canceledAt, 'day', words)}` : ''
    return `the subscription “${s.description}” was already canceled${when}; no further payments will be taken.`
  }
  if (s.status === 'completed') {
    return `the subscription “${s.description}” has ended: it took all its payments, and nothing is left to stop.`
  }
  return null
}

/** Why Revoke mandate does not apply to it as it is now, or null when it does. */
export function revokeNotApplicable(m: Pick<MandateRow, 'status' | 'account'>): string | null {
  if (m.status !== 'invalid') return null
  return `the mandate${m.account ? ` for ${m.account}` : ''} was already revoked (or is no longer valid); no payments can be taken with it.`
}

/** What Cancel subscription will do, for the dialog. */
export function cancelWillDo(s: SubscriptionRow, words: DateWords = {}): string {
  const next = s.nextPaymentDate
    ? `its next payment, on ${formatMoment(s.nextPaymentDate, 'day', words)}, will not be taken, nor any after it`
    : 'no further payment will be taken'
  return (
    `Canceling stops the subscription ${subscriptionName(s, words)}: ${next}. ` +
    'Payments already taken are not refunded by this, and one already under way still completes. ' +
    'A canceled subscription cannot be started again: the shop would need to set up a new one.'
  )
}

/** What Revoke mandate will do, for the dialog: the subscriptions it stops named. */
export function revokeWillDo(m: MandateRow, stopping: readonly SubscriptionRow[], words: DateWords = {}): string {
  const account = m.account ? `${mandateMethodWords(m.method)}, ${m.account}` : mandateMethodWords(m.method)
  const subs =
    stopping.length === 0
      ? 'No active subscription uses it.'
      : `The service also cancels every subscription that uses it: ${stopping.map((s) => subscriptionName(s, words)).join(', ')}.`
  return (
    `Revoking means no further payments can be taken with this mandate (${account}). ${subs} ` +
    'It cannot be undone: to charge this customer again, they must give a new mandate.'
  )
}

/** The sentence for the caller once the subscription is canceled. */
function subscriptionStoppedForCaller(s: SubscriptionRow, words: DateWords = {}): string {
  return `We have stopped your subscription “${s.description}”; no further payments will be taken.${lastPayment(s, words)}`
}

/** The sentence for the caller once the mandate is revoked, naming the subscriptions that stopped with it. */
function mandateRevokedForCaller(m: MandateRow, stopped: readonly SubscriptionRow[], words: DateWords = {}): string {
  const from =
    m.method === 'creditcard'
      ? `your card${m.account ? ` (${m.account})` : ''}`
      : m.method === 'paypal'
        ? 'your PayPal account'
        : `your bank account${m.account ? ` ending ${m.account.slice(-4)}` : ''}`
  const base = `We have canceled your permission for us to take payments from ${from}; no further payments will be taken with it.`
  if (stopped.length === 0) return base
  const names = stopped.map((s) => `“${s.description}”`).join(', ')
  const last = stopped
    .map((s) => s.lastPaidAt)
    .filter((at): at is string => at !== null)
    .sort()
    .at(-1)
  const lastWords = last ? ` The last payment was on ${formatMoment(last, 'day', words)}.` : ''
  const underWay = stopped
    .map((s) => lastPayment({ lastPaidAt: null, timesCharged: null, underWay: s.underWay }, words))
    .join('')
  return `${base} Your subscription${stopped.length > 1 ? 's' : ''} ${names} stopped with it.${lastWords}${underWay}`
}

/** The sentence for the caller after Revoke mandate or Cancel subscription. */
export function stoppedForCaller(stopped: StoppedCharges, words: DateWords = {}): string {
  const [first] = stopped.subscriptions
  if (stopped.mandate) return mandateRevokedForCaller(stopped.mandate, stopped.subscriptions, words)
  return first ? subscriptionStoppedForCaller(first, words) : 'We have stopped the payments.'
}

/** What was done, for the agent. */
export function stoppedDone(stopped: StoppedCharges, words: DateWords = {}): string {
  const names = stopped.subscriptions.map((s) => subscriptionName(s, words)).join(', ')
  if (stopped.mandate) {
    const also = names ? ` The service canceled ${names} with it.` : ''
    return `The mandate is revoked: no further payments can be taken with it.${also}`
  }
  return `The subscription ${names} is canceled: no further payments will be taken.`
}
