// Line and VAT arithmetic of the service (spec 2.3/2.4): exact decimal strings per currency. The
// formulas are implemented once in src/shared/money.ts (exact bigint minor units); this is their name
// in the spec module, so rules, builder and sandbox reach them from one place.
export {
  VAT_ROUNDING_RULE,
  parseVatRate,
  vatAmountMinor,
  computeVatAmount,
  computeLineTotals,
  vatFormulaText,
  totalFormulaText,
  type VatRate,
} from '../money'
