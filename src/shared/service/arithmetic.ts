// Line and VAT arithmetic of the service (spec 2.3/2.4): exact decimal strings per currency. The
// formulas are implemented once in src/shared/money.ts (exact bigint minor units); this is their name
// in the spec module, so rules, builder and sandbox reach them from one place.
export {
  VAT_ROUNDING_RULE,
  VAT_RATE_MAX,
  VAT_RATE_MAX_DECIMALS,
  AMOUNT_MAX_INTEGER_DIGITS,
  parseVatRate,
  vatAmountMinor,
  computeVatAmount,
  computeLineTotals,
  vatFormulaText,
  totalFormulaText,
  type VatRate,
  type LineMoneyInput,
  type LineMoneyTotals,
} from '../money'
