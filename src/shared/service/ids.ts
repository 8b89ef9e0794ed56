// Object ids of the payment service: `<prefix>_<code>` (spec 2.6, 3). One prefix and one pattern
// per resource, and one check, for the client, the IPC schemas, the renderer and the sandbox.

export const ID_PREFIXES = {
  payment: 'tr',
  order: 'ord',
  orderLine: 'odl',
  mandate: 'mdt',
  customer: 'cst',
  profile: 'pfl',
  refund: 're',
  shipment: 'shp',
  chargeback: 'chb',
  capture: 'cpt',
  subscription: 'sub',
  paymentLink: 'pl',
  balance: 'bal',
  balanceTransaction: 'baltr',
  settlement: 'stl',
} as const

export type IdResource = keyof typeof ID_PREFIXES
export type IdPrefix = (typeof ID_PREFIXES)[IdResource]

/** The longest code after `<prefix>_` an id may have (far above the service's own ids). */
const MAX_ID_CODE_LENGTH = 60

/** An id of `resource` as a piece of a larger pattern (in a URL, in a JSON body): its prefix, `_`, then letters and digits. */
export function idPatternSource(resource: IdResource): string {
  return `${ID_PREFIXES[resource]}_[A-Za-z0-9]{1,${MAX_ID_CODE_LENGTH}}`
}

/** The shape of every object id, as a whole string. */
export const ID_PATTERNS: Readonly<Record<IdResource, RegExp>> = Object.fromEntries(
  Object.keys(ID_PREFIXES).map((resource) => [resource, new RegExp(`^${idPatternSource(resource as IdResource)}$`)]),
) as Record<IdResource, RegExp>

/**
 * Spec 2.2: a profile id is `pfl_` and its code; the service documents no alphabet for the code.
 * (The connection form further refuses whitespace and more than MAX_PROFILE_ID_LENGTH characters.)
 */
export const PROFILE_ID_PATTERN = /^pfl_.+$/
export const MAX_PROFILE_ID_LENGTH = 64

/** A path segment that is some object id (`tr_…`, `ord_…`): for endpoint keys and policy names. */
export const ANY_ID_SEGMENT = /^[a-z]{2,6}_[A-Za-z0-9]+$/

export function idPrefix(resource: IdResource): string {
  return `${ID_PREFIXES[resource]}_`
}

export function isId(resource: IdResource, value: unknown): value is string {
  if (typeof value !== 'string') return false
  if (resource === 'profile') return value.length <= MAX_PROFILE_ID_LENGTH && PROFILE_ID_PATTERN.test(value)
  return ID_PATTERNS[resource].test(value)
}

const RESOURCE_WORDS: Readonly<Record<IdResource, string>> = {
  payment: 'payment',
  order: 'order',
  orderLine: 'order line',
  mandate: 'mandate',
  customer: 'customer',
  profile: 'profile',
  refund: 'refund',
  shipment: 'shipment',
  chargeback: 'chargeback',
  capture: 'capture',
  subscription: 'subscription',
  paymentLink: 'payment link',
  balance: 'balance',
  balanceTransaction: 'balance transaction',
  settlement: 'settlement',
}

/** null when `value` is an id of `resource`, else the message to show (`Not a payment id (tr_…).`). */
export function idError(resource: IdResource, value: unknown): string | null {
  if (isId(resource, value)) return null
  return `Not ${/^[aeiou]/.test(RESOURCE_WORDS[resource]) ? 'an' : 'a'} ${RESOURCE_WORDS[resource]} id (${idPrefix(resource)}…).`
}
