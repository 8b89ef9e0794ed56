import type { ListedPayment } from '../../../../shared/payments-page'
import { formatAmountForDisplay } from '../../../../shared/money'
import { paymentState } from '../../../../shared/story/payment-story'
import { methodName } from '../../../../shared/story/words'
import { formatLocalDateTime, userLocale } from '../../lib/format'

// The texts of a payments list row, formatted once per payment object and locale: a row scrolled
// back into view, or drawn again, does not format its amount and date again.

/** A payment's texts as the list shows them. */
export interface RowText {
  locale: string
  amount: string | null
  created: string
  /** The state in the agent's words: "refunded" for a paid payment all refunded, not "paid". */
  state: string
  /** The method in the agent's words ("card", "bank transfer", "iDEAL"); null before one is chosen. */
  method: string | null
}

const texts = new WeakMap<ListedPayment, RowText>()

/** The list's texts of a payment, formatted once per payment object and locale. */
export function rowText(payment: ListedPayment, locale = userLocale()): RowText {
  const known = texts.get(payment)
  if (known && known.locale === locale) return known
  const text: RowText = {
    locale,
    // Exact: formatAmountForDisplay formats the decimal string, never a float (spec 2.1).
    amount: payment.amount ? formatAmountForDisplay(payment.amount, locale) : null,
    created: formatLocalDateTime(payment.createdAt, locale),
    state: paymentState(payment).state.toLowerCase(),
    method: methodName(payment.method),
  }
  texts.set(payment, text)
  return text
}
