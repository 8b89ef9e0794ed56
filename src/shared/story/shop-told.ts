// "I paid but the shop says I didn't" (issue 49 item 5), told: a paid payment whose webhook calls the
// shop did not take gets a banner ("Your shop was not told this payment is paid: it answered 500 since
// 10:42"), from the same webhook calls its timeline shows; once the agent told the shop again (the
// action record's `tell-the-shop` rows) the banner says what the shop answered then. And the note the
// agent copies for the shop's developer: what was sent, when, and every answer. Pure: words and dates
// come from the caller's locale and time zone.
import type { Payment } from '../api-types'
import { TELL_SHOP_USER_AGENT, type TellShopResult } from '../ipc/tell-shop'
import { formatMoment, type DateWords } from '../dates'
import { formatAmountForDisplay } from '../money'
import type { ActionRecordEntry } from '../team-record'
import type { DeliveryRecord } from '../deliveries'

type Attempt = DeliveryRecord['attempts'][number]

const took = (status: number | null) => status !== null && status >= 200 && status < 300

interface ShopNotice {
  tone: 'problem' | 'done' | 'neutral'
  sentence: string
  /** The failed webhook calls behind it, oldest first (for the note). */
  failed: { url: string; attempts: Attempt[] }[]
}

/** What the shop's last answer was, in words: "it answered 500", "it did not answer". */
function lastAnswer(a: Attempt): string {
  return a.status === null ? 'it did not answer' : `it answered ${a.status}`
}

/** The failed series: every delivery the service tried and the shop never took (not ones never sent). */
function failedSeries(deliveries: readonly DeliveryRecord[]): DeliveryRecord[] {
  return deliveries.filter(
    (d) =>
      (d.state === 'retrying' || d.state === 'failed' || d.state === 'delivering') &&
      d.attempts.length > 0 &&
      !d.attempts.some((a) => took(a.status)),
  )
}

/** The newest `tell-the-shop` row at or after `sinceMs`, as the banner tells it; null when none. */
function toldAgain(
  told: readonly ActionRecordEntry[],
  sinceMs: number,
  series: ShopNotice['failed'],
  words: DateWords,
): ShopNotice | null {
  const again = [...told]
    .filter((e) => e.action === 'tell-the-shop' && Date.parse(e.at) >= sinceMs)
    .sort((a, b) => Date.parse(a.at) - Date.parse(b.at))
    .pop()
  if (!again) return null
  const at = formatMoment(again.at, 'short-date-time', words)
  const answer = again.outcome.status === null ? 'it did not answer' : `it answered ${again.outcome.status}`
  if (again.outcome.result === 'done') {
    return { tone: 'done', sentence: `The shop was told again ${at}: ${answer}.`, failed: series }
  }
  return {
    tone: 'problem',
    sentence: `Your shop was not told this payment is paid: told again ${at}, ${answer}. Send its developer the note.`,
    failed: series,
  }
}

/**
 * The banner of a paid payment the shop was not told about, or null (not paid, no failed calls, or a
 * later call the shop took). `deliveries` null: this connection does not show the service's calls
 * (only the built-in Sandbox keeps them), so the banner offers the call without claiming a failure,
 * for a payment the service calls a shop about (`webhook`). `told`: the record's rows of this payment
 * (only `tell-the-shop` count).
 */
export function shopBanner(
  payment: Pick<Payment, 'status'> & { webhook: boolean },
  deliveries: readonly DeliveryRecord[] | null,
  told: readonly ActionRecordEntry[] = [],
  words: DateWords = {},
): ShopNotice | null {
  if (payment.status !== 'paid') return null
  if (deliveries === null) {
    if (!payment.webhook) return null
    return (
      toldAgain(told, 0, [], words) ?? {
        tone: 'neutral',
        sentence:
          'This connection does not show the payment service’s calls to the shop. If the shop says it was not ' +
          'told this payment is paid, tell it again.',
        failed: [],
      }
    )
  }
  const failed = failedSeries(deliveries)
  if (failed.length === 0) return null
  const attempts = failed.flatMap((d) => d.attempts).sort((a, b) => Date.parse(a.at) - Date.parse(b.at))
  const first = attempts[0]
  const last = attempts[attempts.length - 1]
  if (!first || !last) return null
  // A delivery the shop took after the failures: it was told.
  const takenLater = deliveries.some((d) =>
    d.attempts.some((a) => took(a.status) && Date.parse(a.at) > Date.parse(last.at)),
  )
  if (takenLater) return null
  const series = failed.map((d) => ({ url: d.url, attempts: d.attempts }))
  return (
    toldAgain(told, Date.parse(first.at), series, words) ?? {
      tone: 'problem',
      sentence: `Your shop was not told this payment is paid: ${lastAnswer(last)} since ${formatMoment(first.at, 'short-date-time', words)}.`,
      failed: series,
    }
  )
}

/** One attempt as a developer reads it: exact UTC time and the answer. */
function attemptLine(a: Attempt): string {
  const answer = a.status === null ? `no answer (${a.error ?? 'no answer'})` : `HTTP ${a.status}`
  return `  ${new Date(a.at).toISOString()}  ${answer}`
}

/**
 * The note for the shop's developer: the payment, the service's failed calls, and the call Paydesk made
 * (request and answer) when there was one. Plain text, exact times in UTC.
 */
export function shopDeveloperNote(
  payment: Pick<Payment, 'id' | 'amount' | 'paidAt' | 'status'>,
  banner: ShopNotice | null,
  sent: TellShopResult | null,
): string {
  const lines = [
    `Payment ${payment.id} (${formatAmountForDisplay(payment.amount, 'en')}) is ${payment.status}` +
      (payment.paidAt ? ` since ${new Date(payment.paidAt).toISOString()}.` : '.'),
  ]
  for (const series of banner?.failed ?? []) {
    lines.push('', `The payment service's webhook calls to ${series.url} were not taken:`)
    lines.push(...series.attempts.map(attemptLine))
  }
  if (sent) {
    const answer =
      sent.answer.status === null
        ? `No answer: ${sent.answer.failure ?? 'no answer.'}`
        : `Your shop answered HTTP ${sent.answer.status} after ${sent.answer.durationMs} ms.`
    lines.push(
      '',
      `At ${sent.answer.at} we sent your webhook the same call again, from our support desk:`,
      `  POST ${sent.url}`,
      '  Content-Type: application/x-www-form-urlencoded',
      `  User-Agent: ${TELL_SHOP_USER_AGENT}`,
      '',
      `  ${sent.body}`,
      '',
      answer,
    )
  }
  lines.push(
    '',
    'Your webhook should answer with a 2xx status and then read the status of the id it was given from the ' +
      'payment service (https://docs.mollie.com/reference/webhooks).',
  )
  return lines.join('\n')
}
