// Address objects (billingAddress, shippingAddress) and the person names in them.
import { ADDRESS_FIELDS } from '../api-types'
import { countryNeedsPostalCode, isCountryCode } from '../countries'
import {
  checkOptionalString,
  codePointLength,
  describe,
  E164_PATTERN,
  get,
  isObject,
  NAME_MIN_LENGTH,
  quote,
  type Violations,
} from './common'

const EMAIL_PATTERN = /^[^\s@]+@[^\s@.]+(?:\.[^\s@.]+)+$/

function checkPersonName(out: Violations, field: string, v: unknown): void {
  const s = checkOptionalString(out, field, v)
  if (s === null) return
  const t = s.trim()
  if (codePointLength(t, NAME_MIN_LENGTH) < NAME_MIN_LENGTH) {
    out.add(field, `The field ${field} must be at least ${NAME_MIN_LENGTH} characters.`)
  } else if (/^\d+$/.test(t)) {
    out.add(field, `The field ${field} may not consist of digits only.`)
  }
}

/**
 * Fields an address must carry (https://docs.mollie.com/overview/common-data-types, "Address
 * object"; https://docs.mollie.com/reference/v2/orders-api/create-order, billingAddress and
 * shippingAddress): orders need the person and the full address; payment addresses at least
 * street, city and country. `postalCode` is needed as well unless the country has none.
 */
export const ORDER_ADDRESS_REQUIRED: readonly string[] = [
  'givenName',
  'familyName',
  'email',
  'streetAndNumber',
  'city',
  'country',
]
export const PAYMENT_ADDRESS_REQUIRED: readonly string[] = ['streetAndNumber', 'city', 'country']

function isBlank(v: unknown): boolean {
  return v === undefined || (typeof v === 'string' && v.trim() === '')
}

export function checkAddress(
  out: Violations,
  field: string,
  v: unknown,
  required: boolean,
  requiredFields: readonly string[],
): void {
  if (v === undefined) {
    if (required) out.add(field, `The field ${field} is required.`)
    return
  }
  if (!isObject(v)) {
    out.add(field, `The field ${field} must be an address object, not ${describe(v)}.`)
    return
  }
  for (const key of ADDRESS_FIELDS) {
    const path = `${field}.${key}`
    const value = get(v, key)
    if (requiredFields.includes(key) && isBlank(value)) {
      out.add(path, `The field ${path} is required.`)
      continue
    }
    if (key === 'postalCode' && isBlank(value)) {
      const country = get(v, 'country')
      if (isCountryCode(country) && countryNeedsPostalCode(country)) {
        out.add(path, `The field ${path} is required for an address in ${country}.`)
        continue
      }
    }
    switch (key) {
      case 'givenName':
      case 'familyName':
        checkPersonName(out, path, value)
        break
      case 'email': {
        const s = checkOptionalString(out, path, value)
        if (s !== null && (s.length > 254 || !EMAIL_PATTERN.test(s))) {
          out.add(path, `The field ${path} is not a valid e-mail address.`)
        }
        break
      }
      case 'phone': {
        const s = checkOptionalString(out, path, value)
        if (s !== null && !E164_PATTERN.test(s)) {
          out.add(path, `The field ${path} must be in E.164 format, such as +31208202070.`)
        }
        break
      }
      case 'country': {
        const s = checkOptionalString(out, path, value)
        if (s !== null && !isCountryCode(s)) {
          out.add(path, `The field ${path} must be an ISO 3166-1 alpha-2 country code such as NL, got ${quote(s)}.`)
        }
        break
      }
      default:
        checkOptionalString(out, path, value)
    }
  }
}
