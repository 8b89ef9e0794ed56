import { VAT_ROUNDING_RULE } from '../../../../shared/money'

/** The documented rounding rule of money.ts, in words for tooltips and help text (spec 2.3). */
export const ROUNDING_HELP =
  VAT_ROUNDING_RULE === 'half-away-from-zero'
    ? 'Totals are exact: total = unit price × quantity − discount. VAT = total × rate / (100 + rate), ' +
      "rounded to the currency's smallest unit, half away from zero (1.005 → 1.01, −1.005 → −1.01). No floating point is used."
    : `VAT is rounded with the rule "${VAT_ROUNDING_RULE}".`
