// A chargeback in the agent's words (issue 49 item 4): the bank's reason, what it means, what the
// merchant can do next and by when where the rules are known, and the fee where it is documented.
// Pure TypeScript: no node, no DOM.
import type { Chargeback } from '../api-types'
import { formatMoment, type DateWords } from '../dates'

const DAY_MS = 86_400_000

/** The reason codes the banks send most, in words (SEPA return codes; card dispute codes). */
const REASONS: Record<string, string> = {
  MD06: 'the customer asked their bank to reverse the direct debit',
  MD01: 'there is no valid mandate for this direct debit',
  AC04: "the customer's bank account is closed",
  AC06: "the customer's bank account is blocked",
  AM04: "there was not enough money in the customer's account",
  MS02: "the customer's bank refused it without giving a reason",
  MS03: "the customer's bank refused it without giving a reason",
  SL01: "the customer's bank refused it (a service of the bank)",
  '4837': 'the cardholder says they did not authorize the payment',
  '4853': 'the cardholder says the goods or service were not as described',
  '4855': 'the cardholder says the goods or service were not received',
  '10.4': 'the cardholder says the payment was fraud (card not present)',
  '13.1': 'the cardholder says the goods or service were not received',
}

/** "the customer asked their bank to reverse the direct debit (MD06)"; the bank's own words otherwise. */
export function chargebackReasonWords(reason: Chargeback['reason']): string {
  if (!reason) return 'the bank gave no reason'
  const words = REASONS[reason.code]
  return words ? `${words} (${reason.code})` : `${reason.description || 'no reason given'} (${reason.code})`
}

interface ChargebackAdvice {
  /** What it means for the merchant, in a sentence. */
  meaning: string
  /** What the merchant can do next. */
  next: string
  /** The day to act by (ISO 8601) where a rule gives one; null otherwise. */
  respondBy: string | null
  /** The documented fee, or null where none is named. */
  fee: string | null
  /** The page the advice follows. */
  source: string
}

/**
 * What a chargeback means and what can be done. A SEPA direct debit reversal cannot be contested
 * (https://help.mollie.com/hc/en-gb/articles/115000796469: "Once a customer requests a chargeback, you
 * cannot dispute it"); a card chargeback can be objected to, with the documents with the payment
 * service within 2 days of the notification (https://help.mollie.com/hc/en-us/articles/115001470869:
 * "only when we receive all relevant documentation ... within 2 days"; "€ 19 ex. VAT"). Other methods:
 * no rule known here.
 */
export function chargebackAdvice(
  chargeback: Pick<Chargeback, 'createdAt' | 'reversedAt'>,
  method: string | null | undefined,
  words: DateWords = {},
): ChargebackAdvice {
  if (chargeback.reversedAt) {
    return {
      meaning: `Reversed on ${formatMoment(chargeback.reversedAt, 'date', words)}: the money came back to the merchant.`,
      next: 'Nothing to do; the fee of the chargeback is not refunded.',
      respondBy: null,
      fee: null,
      source: 'https://help.mollie.com/hc/en-us/articles/115001470869',
    }
  }
  if (method === 'directdebit') {
    return {
      meaning: "The customer's bank took the money back from the merchant; a SEPA reversal cannot be contested.",
      next: 'Contact the customer about it; to be paid, ask them to pay again (a new payment). Do not refund this payment: the money is gone already.',
      respondBy: null,
      fee: 'a fee per chargeback (the amount is not named in the documentation); some banks add their own',
      source: 'https://help.mollie.com/hc/en-gb/articles/115000796469',
    }
  }
  if (method === 'creditcard' || method === 'applepay') {
    const respondBy = new Date(Date.parse(chargeback.createdAt) + 2 * DAY_MS).toISOString()
    return {
      meaning: "The cardholder's bank took the money back from the merchant; it can be objected to with evidence.",
      next: `To object, send the payment service the order's documents (proof of delivery, the customer's messages) by ${formatMoment(respondBy, 'date', words)}; otherwise it stands.`,
      respondBy,
      fee: '€19 excl. VAT, also when the chargeback is reversed',
      source: 'https://help.mollie.com/hc/en-us/articles/115001470869',
    }
  }
  return {
    meaning: "The customer's bank took the money back from the merchant.",
    next: "Contact the customer; how to object depends on the payment method, and no deadline is known here: ask the payment service's support.",
    respondBy: null,
    fee: null,
    source: 'https://help.mollie.com/hc/en-us/articles/115001470869',
  }
}
