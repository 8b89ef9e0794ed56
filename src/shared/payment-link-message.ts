// The message an agent sends with a new payment's link, in the customer's language: copied as a
// ready text, or as the body of an e-mail draft (main builds that mailto: URL). Pure: no Node, no DOM.
import type { Amount } from './api-types'
import { formatAmountForDisplay } from './money'

export interface LinkMessageInput {
  /** The checkout link (https, or the sandbox's own checkout). */
  link: string
  amount: Amount
  /** What is paid for (order number or payment description). */
  what: string
  /** The customer's first name, if known. */
  name?: string | null
  /** The order's or payment's locale (`nl_NL`), or the customer's country; English when unknown. */
  locale?: string | null
}

interface Words {
  hello: (name: string | null) => string
  body: (amount: string, what: string) => string
  closing: string
  subject: (what: string) => string
}

const ENGLISH: Words = {
  hello: (n) => (n ? `Hello ${n},` : 'Hello,'),
  body: (a, w) => `You can pay ${a} for ${w} with this link:`,
  closing: 'Kind regards',
  subject: (w) => `Your payment link for ${w}`,
}

const WORDS: Readonly<Record<string, Words>> = {
  en: ENGLISH,
  nl: {
    hello: (n) => (n ? `Beste ${n},` : 'Beste klant,'),
    body: (a, w) => `U kunt ${a} voor ${w} betalen via deze link:`,
    closing: 'Met vriendelijke groet',
    subject: (w) => `Uw betaallink voor ${w}`,
  },
  de: {
    hello: (n) => (n ? `Hallo ${n},` : 'Guten Tag,'),
    body: (a, w) => `Sie können ${a} für ${w} über diesen Link bezahlen:`,
    closing: 'Mit freundlichen Grüßen',
    subject: (w) => `Ihr Zahlungslink für ${w}`,
  },
  fr: {
    hello: (n) => (n ? `Bonjour ${n},` : 'Bonjour,'),
    body: (a, w) => `Vous pouvez payer ${a} pour ${w} avec ce lien :`,
    closing: 'Cordialement',
    subject: (w) => `Votre lien de paiement pour ${w}`,
  },
  es: {
    hello: (n) => (n ? `Hola ${n}:` : 'Hola:'),
    body: (a, w) => `Puede pagar ${a} por ${w} con este enlace:`,
    closing: 'Un saludo',
    subject: (w) => `Su enlace de pago para ${w}`,
  },
}

const COUNTRY_LANGUAGE: Readonly<Record<string, string>> = {
  NL: 'nl',
  BE: 'nl',
  DE: 'de',
  AT: 'de',
  FR: 'fr',
  ES: 'es',
}

/** The language used for `locale` (`nl_NL` → nl, `de` → de, a country `DE` → de), English otherwise. */
export function messageLanguage(locale: string | null | undefined): string {
  const text = (locale ?? '').trim()
  const language = /^[a-z]{2}(?:[_-][A-Z]{2})?$/.test(text) ? text.slice(0, 2) : (COUNTRY_LANGUAGE[text] ?? 'en')
  return Object.prototype.hasOwnProperty.call(WORDS, language) ? language : 'en'
}

function localeTag(language: string, locale: string | null | undefined): string {
  return locale && /^[a-z]{2}_[A-Z]{2}$/.test(locale) ? locale : language
}

/** The subject and the text of the message. */
export function linkMessage(input: LinkMessageInput): { language: string; subject: string; text: string } {
  const language = messageLanguage(input.locale)
  const words = WORDS[language] ?? ENGLISH
  const amount = formatAmountForDisplay(input.amount, localeTag(language, input.locale))
  const what = input.what.trim() || '—'
  const name = input.name?.trim() || null
  const text = [words.hello(name), '', words.body(amount, what), input.link, '', words.closing].join('\n')
  return { language, subject: words.subject(what), text }
}
