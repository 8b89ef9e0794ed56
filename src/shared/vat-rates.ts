// Standard VAT rates by country, for the order builder's default VAT rate of a new line (shown in
// the field, never a placeholder, and never sent without the agent seeing it). Percent strings in
// the service's vatRate form (spec 2.3). Rates change: this table is the one place to update them.
// Sources: the European Commission's "VAT rates applied in the Member States" (2025 edition) and
// the national tax authorities for GB, NO, CH and IS, as in force on 1 November 2025.
// Pure data: no node, no DOM.

export const STANDARD_VAT_RATES: Readonly<Record<string, string>> = Object.freeze({
  AT: '20.00',
  BE: '21.00',
  BG: '20.00',
  CH: '8.10',
  CY: '19.00',
  CZ: '21.00',
  DE: '19.00',
  DK: '25.00',
  EE: '24.00',
  ES: '21.00',
  FI: '25.50',
  FR: '20.00',
  GB: '20.00',
  GR: '24.00',
  HR: '25.00',
  HU: '27.00',
  IE: '23.00',
  IS: '24.00',
  IT: '22.00',
  LT: '21.00',
  LU: '17.00',
  LV: '21.00',
  MT: '18.00',
  NL: '21.00',
  NO: '25.00',
  PL: '23.00',
  PT: '23.00',
  RO: '21.00',
  SE: '25.00',
  SI: '22.00',
  SK: '23.00',
})

/** The standard VAT rate of a country (ISO 3166-1 alpha-2, any case), or null when not listed. */
export function standardVatRate(country: string | undefined | null): string | null {
  const code = (country ?? '').trim().toUpperCase()
  return Object.prototype.hasOwnProperty.call(STANDARD_VAT_RATES, code) ? (STANDARD_VAT_RATES[code] ?? null) : null
}
