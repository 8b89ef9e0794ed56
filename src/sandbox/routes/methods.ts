// Payment methods (https://docs.mollie.com/reference/list-methods, get-method, list-all-methods): the
// methods the sandbox's profile has activated, filtered by amount, sequenceType and locale as
// documented; wallets only when the checkout asks for them; issuers and pricing on request
// (method-extras.ts); every method the service offers at /v2/methods/all.
import { LOCALES } from '../../shared/api-types'
import { SEQUENCE_TYPES } from '../../shared/service/enums'
import { METHOD_CURRENCIES } from '../../shared/service/methods'
import { HAL_JSON, jsonReply, SandboxError, type Reply } from '../errors'
import { queryScope, type ApiRequest } from '../request'
import type { SandboxContext } from '../context'
import {
  issuersOf,
  listParam,
  METHOD_INCLUDES,
  NOT_ACTIVATED,
  pricingOf,
  WALLETS,
  type MethodInclude,
} from './method-extras'
import { apiLink } from '../links'

interface MethodInfo {
  id: string
  description: Record<'en' | 'nl' | 'de' | 'fr', string>
  /** EUR limits (choice: the sandbox's profile; per-currency limits are not modelled) */
  min: string
  max: string | null
  /** currencies accepted; EUR only unless listed */
  currencies: readonly string[]
  /** sequence types the method supports (https://docs.mollie.com/payments/recurring) */
  sequence: readonly ('oneoff' | 'first' | 'recurring')[]
}

const same = (name: string) => ({ en: name, nl: name, de: name, fr: name })
const names = (en: string, nl: string, de: string, fr: string) => ({ en, nl, de, fr })
// Sequence types: one-off only (O), one-off and first (OF), also recurring (OFR), recurring only (R).
const O = ['oneoff'] as const
const OF = ['oneoff', 'first'] as const
const OFR = ['oneoff', 'first', 'recurring'] as const
const R = ['recurring'] as const

function method(
  id: string,
  description: MethodInfo['description'],
  min: string,
  max: string,
  sequence: MethodInfo['sequence'],
): MethodInfo {
  return { id, description, min, max, currencies: METHOD_CURRENCIES[id] ?? ['EUR'], sequence }
}

/**
 * The sandbox profile's activated methods, in the order the service lists them by default; a row is
 * id, names (en, nl, de, fr), EUR min and max, currencies, sequence types.
 */
const METHOD_CATALOG: readonly MethodInfo[] = [
  method('ideal', same('iDEAL'), '0.01', '50000.00', OF),
  method('creditcard', names('Card', 'Creditcard', 'Kreditkarte', 'Carte bancaire'), '0.01', '10000.00', OFR),
  method('applepay', same('Apple Pay'), '0.01', '10000.00', OF),
  method('bancontact', same('Bancontact'), '0.02', '50000.00', OF),
  method(
    'banktransfer',
    names('Bank transfer', 'Overboeking', 'Überweisung', 'Virement bancaire'),
    '0.01',
    '1000000.00',
    O,
  ),
  method('belfius', same('Belfius Pay Button'), '0.01', '50000.00', OF),
  method('kbc', same('KBC/CBC Payment Button'), '0.01', '50000.00', OF),
  method('eps', same('eps'), '1.00', '50000.00', OF),
  method('paypal', same('PayPal'), '0.01', '8000.00', OFR),
  method(
    'directdebit',
    names('SEPA Direct Debit', 'SEPA-incasso', 'SEPA-Lastschrift', 'Prélèvement SEPA'),
    '0.01',
    '1000.00',
    R,
  ),
  method('klarna', same('Klarna'), '0.01', '10000.00', O),
  method('paysafecard', same('paysafecard'), '1.00', '1000.00', O),
  method('przelewy24', same('Przelewy24'), '0.01', '50000.00', O),
]

function language(locale: string | null): 'en' | 'nl' | 'de' | 'fr' {
  const lang = locale?.slice(0, 2)
  return lang === 'nl' || lang === 'de' || lang === 'fr' ? lang : 'en'
}

function methodJson(
  ctx: SandboxContext,
  m: { id: string; min: string; max: string | null },
  description: string,
  status: 'activated' | null,
  include: ReadonlySet<MethodInclude>,
) {
  const image = (size: string) => `${ctx.origin}/docs/method-images/${m.id}${size}`
  const json: Record<string, unknown> = {
    resource: 'method',
    id: m.id,
    description,
    minimumAmount: { value: m.min, currency: 'EUR' },
    maximumAmount: m.max === null ? null : { value: m.max, currency: 'EUR' },
    image: { size1x: image('.png'), size2x: image('%402x.png'), svg: image('.svg') },
    status,
  }
  const issuers = include.has('issuers') ? issuersOf(ctx.origin, m.id) : undefined
  if (issuers) json.issuers = issuers
  if (include.has('pricing')) json.pricing = pricingOf(m.id)
  json._links = {
    self: apiLink(ctx.origin, 'get-method', { methodId: m.id }),
    documentation: { href: `${ctx.origin}/docs/methods`, type: 'text/html' },
  }
  return json
}

function activatedJson(ctx: SandboxContext, m: MethodInfo, locale: string | null, include: ReadonlySet<MethodInclude>) {
  return methodJson(ctx, m, m.description[language(locale)], 'activated', include)
}

function localeParam(params: URLSearchParams): string | null {
  const locale = params.get('locale')
  if (locale !== null && !(LOCALES as readonly string[]).includes(locale)) {
    throw new SandboxError(400, `The locale must be one of ${LOCALES.join(', ')}.`, 'locale')
  }
  return locale
}

/** `amount[value]` + `amount[currency]` (both or neither). */
function amountParam(params: URLSearchParams): { value: string; currency: string } | null {
  const value = params.get('amount[value]')
  const currency = params.get('amount[currency]')
  if (value === null && currency === null) return null
  if (value === null || !/^\d{1,10}(\.\d{1,3})?$/.test(value)) {
    throw new SandboxError(400, 'The amount[value] must be a decimal string such as 10.00.', 'amount.value')
  }
  if (currency === null || !/^[A-Z]{3}$/.test(currency)) {
    throw new SandboxError(400, 'The amount[currency] must be an ISO 4217 code such as EUR.', 'amount.currency')
  }
  return { value, currency }
}

/** A decimal string in cents (a third decimal is cut off: limits are in whole cents). */
function cents(value: string): bigint {
  const [whole = '0', fraction = ''] = value.split('.')
  return BigInt(whole) * 100n + BigInt(fraction.padEnd(2, '0').slice(0, 2))
}

function fits(
  m: Pick<MethodInfo, 'currencies' | 'min' | 'max'>,
  amount: { value: string; currency: string } | null,
): boolean {
  if (!amount) return true
  if (!m.currencies.includes(amount.currency)) return false
  if (amount.currency !== 'EUR') return true
  const value = cents(amount.value)
  return value >= cents(m.min) && (m.max === null || value <= cents(m.max))
}

/**
 * GET /v2/methods (https://docs.mollie.com/reference/list-methods). Wallets (Apple Pay) only with
 * `includeWallets=applepay`: the checkout must say it can show them (https://docs.mollie.com/docs/apple-pay).
 */
export function listMethods(ctx: SandboxContext, request: ApiRequest): Reply {
  queryScope(ctx, request)
  const params = request.url.searchParams
  const locale = localeParam(params)
  const amount = amountParam(params)
  const include = listParam(params, 'include', METHOD_INCLUDES)
  const wallets = listParam(params, 'includeWallets', WALLETS)
  const sequenceType = params.get('sequenceType') ?? 'oneoff'
  if (!(SEQUENCE_TYPES as readonly string[]).includes(sequenceType)) {
    throw new SandboxError(400, `The sequenceType must be one of ${SEQUENCE_TYPES.join(', ')}.`, 'sequenceType')
  }
  const methods = METHOD_CATALOG.filter(
    (m) =>
      (!WALLETS.includes(m.id) || wallets.has(m.id)) &&
      m.sequence.includes(sequenceType as 'oneoff') &&
      fits(m, amount),
  ).map((m) => activatedJson(ctx, m, locale, include))
  return methodList(ctx, request, methods)
}

function methodList(ctx: SandboxContext, request: ApiRequest, methods: unknown[]): Reply {
  return jsonReply(200, {
    count: methods.length,
    _embedded: { methods },
    _links: {
      self: { href: `${ctx.origin}${request.path}${request.url.search}`, type: HAL_JSON },
      documentation: { href: `${ctx.origin}/docs/list-methods`, type: 'text/html' },
    },
  })
}

/**
 * GET /v2/methods/all (https://docs.mollie.com/reference/list-all-methods): every method the service
 * offers, activated on the profile or not (`status: null`), with `locale`, `amount` and `include`.
 */
export function listAllMethodsRoute(ctx: SandboxContext, request: ApiRequest): Reply {
  queryScope(ctx, request)
  const params = request.url.searchParams
  const locale = localeParam(params)
  const amount = amountParam(params)
  const include = listParam(params, 'include', METHOD_INCLUDES)
  const activated = METHOD_CATALOG.filter((m) => fits(m, amount)).map((m) => activatedJson(ctx, m, locale, include))
  const others = NOT_ACTIVATED.filter((m) => fits({ ...m, currencies: ['EUR'] }, amount)).map((m) =>
    methodJson(ctx, m, m.name, null, include),
  )
  return methodList(ctx, request, [...activated, ...others])
}

/** GET /v2/methods/{id} (https://docs.mollie.com/reference/get-method), with `include=issuers,pricing`. */
export function getMethod(ctx: SandboxContext, request: ApiRequest, id: string): Reply {
  queryScope(ctx, request)
  const locale = localeParam(request.url.searchParams)
  const include = listParam(request.url.searchParams, 'include', METHOD_INCLUDES)
  const method = METHOD_CATALOG.find((m) => m.id === id)
  if (!method) throw new SandboxError(404, `No payment method ${id} is activated on this profile.`)
  return jsonReply(200, activatedJson(ctx, method, locale, include))
}
