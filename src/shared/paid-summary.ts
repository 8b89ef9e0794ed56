// "Proof of payment" (issue 49 item 7): the facts of a paid payment told to the customer in their own
// language, as a message to copy or e-mail and as the rows of a printable page. Main builds it from the
// payment (and its order) it read itself; the page never supplies a fact. Dates and amounts are
// formatted with Intl for the payment's locale; the fixed sentences come from the one table below
// (English, Dutch, German, French; English for any other locale). Pure: no Node, no DOM.
import type { Amount, Payment } from './api-types'
import { formatAmountForDisplay, isPositive, parseAmountValue } from './money'
import { methodName } from './story/words'
import type { SummaryRow } from './ipc/sending'

/** What the summary is built from: the payment main read, the merchant's name, its order's number. */
interface PaidSummaryInput {
  payment: Pick<Payment, 'id' | 'status' | 'amount' | 'description' | 'method' | 'paidAt' | 'locale'> &
    Partial<Pick<Payment, 'amountRefunded' | 'amountChargedBack'>>
  /** The merchant's name as its profile names it (https://docs.mollie.com/reference/get-profile `name`). */
  merchant: string
  /** The order's number when the payment belongs to an order. */
  orderNumber?: string | null
  /** The time zone dates are told in (an IANA name); the desk's own when left out. */
  timeZone?: string
}

export interface PaidSummary {
  /** The language of the fixed sentences (en, nl, de, fr). */
  language: SummaryLanguage
  /** The BCP 47 tag dates and amounts were formatted for (nl-NL). */
  locale: string
  /** The page's and the e-mail's title. */
  title: string
  /** The opening sentence ("Merchant confirms it received €10.00 from you."). */
  lead: string
  rows: SummaryRow[]
  /** The whole message as plain text (copy, e-mail body). */
  text: string
}

type SummaryLanguage = 'en' | 'nl' | 'de' | 'fr'

interface SummaryWords {
  title: string
  lead: (merchant: string, amount: string) => string
  amount: string
  paidOn: string
  method: string
  description: string
  paymentReference: string
  orderNumber: string
  merchant: string
  /** Money returned after the payment: told as it is, so the proof never says more than happened. */
  refunded: string
  chargedBack: string
  /** Generic method names in this language (brand names such as iDEAL stay as they are). */
  methods: Partial<Record<string, string>>
}

/** The fixed sentences: the one table for every language the summary speaks. */
const WORDS: Readonly<Record<SummaryLanguage, SummaryWords>> = {
  en: {
    title: 'Proof of payment',
    lead: (m, a) => `${m} confirms that your payment of ${a} was received.`,
    amount: 'Amount',
    paidOn: 'Paid on',
    method: 'Payment method',
    description: 'Description',
    paymentReference: 'Payment reference',
    orderNumber: 'Order number',
    merchant: 'Merchant',
    refunded: 'Refunded (sent back or on its way)',
    chargedBack: 'Taken back by the bank (chargeback)',
    methods: {},
  },
  nl: {
    title: 'Betalingsbewijs',
    lead: (m, a) => `${m} bevestigt dat uw betaling van ${a} is ontvangen.`,
    amount: 'Bedrag',
    paidOn: 'Betaald op',
    method: 'Betaalmethode',
    description: 'Omschrijving',
    paymentReference: 'Betalingskenmerk',
    orderNumber: 'Bestelnummer',
    merchant: 'Verkoper',
    refunded: 'Terugbetaald (teruggestort of onderweg)',
    chargedBack: 'Teruggeboekt door de bank (chargeback)',
    methods: {
      creditcard: 'creditcard',
      banktransfer: 'bankoverschrijving',
      directdebit: 'SEPA-incasso',
      giftcard: 'cadeaukaart',
      voucher: 'voucher',
    },
  },
  de: {
    title: 'Zahlungsbestätigung',
    lead: (m, a) => `${m} bestätigt den Eingang Ihrer Zahlung von ${a}.`,
    amount: 'Betrag',
    paidOn: 'Bezahlt am',
    method: 'Zahlungsart',
    description: 'Beschreibung',
    paymentReference: 'Zahlungsreferenz',
    orderNumber: 'Bestellnummer',
    merchant: 'Händler',
    refunded: 'Erstattet (zurückgezahlt oder unterwegs)',
    chargedBack: 'Von der Bank zurückgebucht (Chargeback)',
    methods: {
      creditcard: 'Kreditkarte',
      banktransfer: 'Banküberweisung',
      directdebit: 'SEPA-Lastschrift',
      giftcard: 'Geschenkkarte',
      voucher: 'Gutschein',
    },
  },
  fr: {
    title: 'Preuve de paiement',
    lead: (m, a) => `${m} confirme la réception de votre paiement de ${a}.`,
    amount: 'Montant',
    paidOn: 'Payé le',
    method: 'Moyen de paiement',
    description: 'Description',
    paymentReference: 'Référence du paiement',
    orderNumber: 'Numéro de commande',
    merchant: 'Marchand',
    refunded: 'Remboursé (reversé ou en cours)',
    chargedBack: 'Repris par la banque (rétrofacturation)',
    methods: {
      creditcard: 'carte bancaire',
      banktransfer: 'virement bancaire',
      directdebit: 'prélèvement SEPA',
      giftcard: 'carte cadeau',
      voucher: 'bon d’achat',
    },
  },
}

/** The language and the Intl tag for a payment's locale (`nl_NL` → nl, nl-NL); English otherwise. */
export function summaryLocale(locale: string | null | undefined): { language: SummaryLanguage; tag: string } {
  const match = /^([a-z]{2})_([A-Z]{2})$/.exec(locale ?? '')
  if (!match) return { language: 'en', tag: 'en-GB' }
  const language = match[1] as string
  const tag = `${language}-${match[2] as string}`
  return language in WORDS ? { language: language as SummaryLanguage, tag } : { language: 'en', tag }
}

/** Why no proof of payment can be made for this payment, in the agent's words, or null. */
export function paidSummaryProblem(payment: PaidSummaryInput['payment']): string | null {
  if (payment.paidAt === undefined || payment.paidAt === null || payment.paidAt === '') {
    return `this payment is ${payment.status}, not paid, so there is no payment to prove.`
  }
  if (!parseAmountValue(payment.amount.value, payment.amount.currency).ok) {
    return 'the payment’s amount is not valid money.'
  }
  if (Number.isNaN(Date.parse(payment.paidAt))) return 'the payment’s date of payment cannot be read.'
  return null
}

/** One plain line: control characters and line breaks become spaces (a fact cannot add a paragraph). */
function oneLine(text: string): string {
  return text.replace(/[\u0000-\u001f\u007f-\u009f\u2028\u2029]+/g, ' ').trim()
}

/** A row for money that went back, when some did. */
function returned(label: string, amount: Amount | undefined, tag: string): SummaryRow[] {
  const money = amount && parseAmountValue(amount.value, amount.currency).ok ? amount : null
  return isPositive(money) ? [{ label, value: formatAmountForDisplay(money, tag) }] : []
}

/** The summary; throws when paidSummaryProblem has a reason (callers check it first). */
export function paidSummary(input: PaidSummaryInput): PaidSummary {
  const problem = paidSummaryProblem(input.payment)
  if (problem !== null) throw new Error(problem)
  const { payment } = input
  const { language, tag } = summaryLocale(payment.locale)
  const words = WORDS[language]
  const amount = formatAmountForDisplay(payment.amount, tag)
  const paidOn = new Intl.DateTimeFormat(tag, {
    year: 'numeric',
    month: 'long',
    day: 'numeric',
    hour: 'numeric',
    minute: '2-digit',
    timeZoneName: 'short',
    ...(input.timeZone ? { timeZone: input.timeZone } : {}),
  }).format(new Date(payment.paidAt as string))
  const method = payment.method ? (words.methods[payment.method] ?? methodName(payment.method)) : null
  const merchant = oneLine(input.merchant)
  const rows: SummaryRow[] = [
    { label: words.amount, value: amount },
    { label: words.paidOn, value: paidOn },
    ...(method ? [{ label: words.method, value: method }] : []),
    ...(oneLine(payment.description) ? [{ label: words.description, value: oneLine(payment.description) }] : []),
    { label: words.paymentReference, value: payment.id },
    ...(input.orderNumber ? [{ label: words.orderNumber, value: oneLine(input.orderNumber) }] : []),
    { label: words.merchant, value: merchant },
    ...returned(words.refunded, payment.amountRefunded, tag),
    ...returned(words.chargedBack, payment.amountChargedBack, tag),
  ]
  const lead = words.lead(merchant, amount)
  const text = [words.title, '', lead, '', ...rows.map((r) => `${r.label}: ${r.value}`)].join('\n')
  return { language, locale: tag, title: words.title, lead, rows, text }
}
