// ISO 3166-1 alpha-2 country codes (the 249 officially assigned codes), for Address.country
// (spec 2.1). Upper case only: the service's format, so "nl" is refused rather than guessed.
// Pure data: no node, no DOM.

const CODES =
  'AD AE AF AG AI AL AM AO AQ AR AS AT AU AW AX AZ ' +
  'BA BB BD BE BF BG BH BI BJ BL BM BN BO BQ BR BS BT BV BW BY BZ ' +
  'CA CC CD CF CG CH CI CK CL CM CN CO CR CU CV CW CX CY CZ ' +
  'DE DJ DK DM DO DZ ' +
  'EC EE EG EH ER ES ET ' +
  'FI FJ FK FM FO FR ' +
  'GA GB GD GE GF GG GH GI GL GM GN GP GQ GR GS GT GU GW GY ' +
  'HK HM HN HR HT HU ' +
  'ID IE IL IM IN IO IQ IR IS IT ' +
  'JE JM JO JP ' +
  'KE KG KH KI KM KN KP KR KW KY KZ ' +
  'LA LB LC LI LK LR LS LT LU LV LY ' +
  'MA MC MD ME MF MG MH MK ML MM MN MO MP MQ MR MS MT MU MV MW MX MY MZ ' +
  'NA NC NE NF NG NI NL NO NP NR NU NZ ' +
  'OM ' +
  'PA PE PF PG PH PK PL PM PN PR PS PT PW PY ' +
  'QA ' +
  'RE RO RS RU RW ' +
  'SA SB SC SD SE SG SH SI SJ SK SL SM SN SO SR SS ST SV SX SY SZ ' +
  'TC TD TF TG TH TJ TK TL TM TN TO TR TT TV TW TZ ' +
  'UA UG UM US UY UZ ' +
  'VA VC VE VG VI VN VU ' +
  'WF WS ' +
  'YE YT ' +
  'ZA ZM ZW'

/** All ISO 3166-1 alpha-2 codes, sorted. */
const COUNTRY_CODES: readonly string[] = Object.freeze(CODES.split(' '))

const COUNTRY_SET: ReadonlySet<string> = new Set(COUNTRY_CODES)

/** True when `code` is an assigned ISO 3166-1 alpha-2 code in upper case. */
export function isCountryCode(code: unknown): code is string {
  return typeof code === 'string' && COUNTRY_SET.has(code)
}

/**
 * Countries for which an address may omit `postalCode`: the list of the service's address object
 * (https://docs.mollie.com/overview/common-data-types, "Address object"). Every other country
 * needs one.
 */
const COUNTRIES_WITHOUT_POSTAL_CODE: readonly string[] = Object.freeze(
  (
    'AE AN AO AW BF BI BJ BO BS BV BW BZ CD CF CG CI CK CM DJ DM ER FJ GA GD GH GM GN GQ GY HK JM KE ' +
    'KI KM KN KP LC ML MO MR MS MU MW NA NR NU PA QA RW SB SC SL SO SR ST SY TF TK TL TO TT TV UG VU ' +
    'YE ZM ZW'
  ).split(' '),
)

const WITHOUT_POSTAL_CODE: ReadonlySet<string> = new Set(COUNTRIES_WITHOUT_POSTAL_CODE)

/** True when an address in `country` must carry a postal code. */
export function countryNeedsPostalCode(country: string): boolean {
  return !WITHOUT_POSTAL_CODE.has(country)
}
