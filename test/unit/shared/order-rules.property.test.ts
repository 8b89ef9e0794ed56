// Property-based tests of the rules module (fast-check). The formulas of spec 2.3 are recomputed
// here independently of src/shared/money.ts, with plain bigint arithmetic on the value strings.
import { describe, it, expect } from 'vitest'
import fc from 'fast-check'
import { ORDER_LINE_TYPES, type Amount } from '../../../src/shared/api-types'
import { computeLineTotals } from '../../../src/shared/money'
import { validateCreateOrder, validateCreatePayment, type RuleContext } from '../../../src/shared/order-rules'
import { present } from '../../helpers/present'

const TODAY = '2026-11-22'
const CURRENCY_DECIMALS: Record<string, number> = { EUR: 2, USD: 2, JPY: 0, KWD: 3 }
const CREDIT_TYPES = new Set(['discount', 'store_credit', 'gift_card'])

/** Minor units from a value string, written independently of money.ts. */
function minorOf(a: Amount): bigint {
  const decimals = present(CURRENCY_DECIMALS[a.currency])
  const [, frac = ''] = a.value.replace('-', '').split('.')
  expect(frac.length).toBe(decimals)
  return BigInt(a.value.replace('.', ''))
}

function valueOf(minor: bigint, currency: string): string {
  const d = present(CURRENCY_DECIMALS[currency])
  const sign = minor < 0n ? '-' : ''
  const s = (minor < 0n ? -minor : minor).toString().padStart(d + 1, '0')
  return d === 0 ? sign + s : `${sign}${s.slice(0, -d)}.${s.slice(-d)}`
}

/** The VAT formula of spec 2.3 as a condition: vat is total × p / (100 + p) rounded half away from zero. */
function isVatOf(vat: bigint, total: bigint, rate: string): boolean {
  const [int, frac = ''] = rate.split('.')
  const p = BigInt(present(int) + frac)
  const den = 100n * 10n ** BigInt(frac.length) + p
  const num = total * p
  const err = 2n * (num - vat * den) // twice the rounding error, scaled by den
  const absErr = err < 0n ? -err : err
  if (absErr > den) return false
  if (absErr < den) return true
  // an exact half: the rounded value must lie farther from zero than the exact one
  const abs = (x: bigint) => (x < 0n ? -x : x)
  return abs(vat * den) > abs(num)
}

interface GenLine {
  type: string | undefined
  quantity: number
  unit: bigint
  discount: bigint | null
  vatRate: string | null
}

const vatRateArb = fc.oneof(
  fc.constantFrom('0', '0.00', '5.5', '6', '9.00', '21.00', '21', '20', '100.00'),
  fc.integer({ min: 0, max: 10_000 }).map((h) => `${Math.floor(h / 100)}.${String(h % 100).padStart(2, '0')}`),
)

function lineArb(withVat: 'always' | 'sometimes'): fc.Arbitrary<GenLine> {
  return fc
    .record({
      type: fc.option(fc.constantFrom(...ORDER_LINE_TYPES), { nil: undefined }),
      quantity: fc.integer({ min: 1, max: 50 }),
      magnitude: fc.bigInt({ min: 0n, max: 100_000n }),
      discountShare: fc.option(fc.integer({ min: 0, max: 100 }), { nil: null }),
      vatRate: withVat === 'always' ? vatRateArb : fc.option(vatRateArb, { nil: null }),
    })
    .map(({ type, quantity, magnitude, discountShare, vatRate }) => {
      const credit = type !== undefined && CREDIT_TYPES.has(type)
      const unit = credit ? -magnitude : magnitude
      // a discount of 0..100% of the gross line; none on discount lines (they carry it in unitPrice)
      const discount =
        type === 'discount' || discountShare === null
          ? null
          : ((credit ? 0n : magnitude) * BigInt(quantity) * BigInt(discountShare)) / 100n
      return { type, quantity, unit, discount, vatRate }
    })
}

interface LineBody {
  type?: string
  name: string
  quantity: number
  unitPrice: Amount
  discountAmount?: Amount
  totalAmount: Amount
  vatRate?: string
  vatAmount?: Amount
}

interface GenOrder {
  body: Record<string, unknown>
  ctx: RuleContext
  currency: string
}

function orderArb(withVat: 'always' | 'sometimes'): fc.Arbitrary<GenOrder> {
  return fc
    .record({
      currency: fc.constantFrom('EUR', 'USD', 'JPY', 'KWD'),
      lines: fc.array(lineArb(withVat), { minLength: 1, maxLength: 15 }),
      org: fc.boolean(),
    })
    .map(({ currency, lines, org }) => {
      const amountOf = (minor: bigint): Amount => ({ currency, value: valueOf(minor, currency) })
      const bodyLines: LineBody[] = lines.map((l, i) => {
        const unitPrice = amountOf(l.unit)
        const discountAmount = l.discount === null ? undefined : amountOf(l.discount)
        const totals = computeLineTotals({ quantity: l.quantity, unitPrice, discountAmount, vatRate: l.vatRate })
        return {
          ...(l.type === undefined ? {} : { type: l.type }),
          name: `Item ${i}`,
          quantity: l.quantity,
          unitPrice,
          ...(discountAmount ? { discountAmount } : {}),
          totalAmount: totals.totalAmount,
          ...(l.vatRate === null ? {} : { vatRate: l.vatRate, vatAmount: totals.vatAmount }),
        }
      })
      let sum = bodyLines.reduce((s, l) => s + minorOf(l.totalAmount), 0n)
      if (sum <= 0n) {
        // credits exceed the goods: a surcharge line brings the order amount to a positive value
        const fix = amountOf(1n - sum)
        bodyLines.push({ type: 'surcharge', name: 'Surcharge', quantity: 1, unitPrice: fix, totalAmount: fix })
        sum = 1n
      }
      const body: Record<string, unknown> = {
        orderNumber: 'P-1',
        amount: amountOf(sum),
        redirectUrl: 'https://shop.example/return',
        billingAddress: {
          givenName: 'Ada',
          familyName: 'Lovelace',
          email: 'ada@example.org',
          streetAndNumber: '221B Baker Street',
          postalCode: 'NW1 6XE',
          city: 'London',
          country: 'GB',
        },
        locale: 'en_GB',
        lines: bodyLines,
      }
      if (org) body.profileId = 'pfl_test'
      return {
        body,
        currency,
        ctx: { today: TODAY, credential: org ? 'organization-token' : 'api-key' },
      }
    })
}

const ORDER_KEYS = [
  'orderNumber',
  'amount',
  'lines',
  'billingAddress',
  'shippingAddress',
  'locale',
  'method',
  'redirectUrl',
  'cancelUrl',
  'webhookUrl',
  'metadata',
  'expiresAt',
  'consumerDateOfBirth',
  'profileId',
  'testmode',
  'description',
  'sequenceType',
  '__proto__',
  'constructor',
  'toString',
  'hasOwnProperty',
]
const LINE_KEYS = [
  'type',
  'name',
  'description',
  'quantity',
  'unitPrice',
  'discountAmount',
  'totalAmount',
  'vatRate',
  'vatAmount',
  'sku',
  'category',
  'metadata',
  'imageUrl',
  'productUrl',
  '__proto__',
]

const anyValue = fc.anything({
  withBigInt: true,
  withNullPrototype: true,
  withBoxedValues: true,
  withSparseArray: true,
  withDate: true,
  withMap: true,
  withSet: true,
  withObjectString: true,
  maxDepth: 3,
})
const amountish = fc.oneof(
  fc.record({
    currency: fc.constantFrom('EUR', 'JPY', 'KWD', 'eur', 'XXX', ''),
    value: fc.oneof(fc.string(), fc.double(), anyValue),
  }),
  anyValue,
)
const lineish = fc.oneof(
  fc.dictionary(fc.constantFrom(...LINE_KEYS), fc.oneof(amountish, anyValue), { maxKeys: 8 }),
  anyValue,
)
const bodyish = fc.oneof(
  fc.jsonValue(),
  anyValue,
  fc.dictionary(
    fc.constantFrom(...ORDER_KEYS),
    fc.oneof(amountish, fc.array(lineish, { maxLength: 4 }), fc.jsonValue(), anyValue),
    { maxKeys: 12 },
  ),
)
// parsed JSON with own "__proto__" keys, as a hostile client would send it
const parsedJsonBody = fc
  .jsonValue()
  .map((v) => JSON.parse(`{"__proto__":${JSON.stringify(v) ?? 'null'},"lines":[{"__proto__":{"quantity":1}}]}`))

describe('property: the validators never throw', () => {
  it('on arbitrary JSON-ish bodies and contexts', () => {
    fc.assert(
      fc.property(
        fc.oneof(bodyish, parsedJsonBody),
        fc.constantFrom<RuleContext['credential']>('api-key', 'organization-token'),
        fc.oneof(fc.constant(TODAY), fc.string()),
        (body, credential, today) => {
          const ctx = { today, credential }
          for (const validate of [validateCreateOrder, validateCreatePayment]) {
            const first = validate(body, ctx)
            expect(Array.isArray(first)).toBe(true)
            for (const v of first) {
              expect(typeof v.field).toBe('string')
              expect(typeof v.message).toBe('string')
            }
            // deterministic: the same body gives the same answer
            expect(validate(body, ctx)).toEqual(first)
          }
        },
      ),
      { numRuns: 400 },
    )
    expect(({} as Record<string, unknown>).quantity).toBeUndefined()
  })
})

describe('property: generated valid orders', () => {
  it('are accepted and satisfy the formulas of spec 2.3', () => {
    fc.assert(
      fc.property(orderArb('sometimes'), ({ body, ctx, currency }) => {
        expect(validateCreateOrder(body, ctx)).toEqual([])
        const lines = body.lines as LineBody[]
        let sum = 0n
        for (const l of lines) {
          const gross = minorOf(l.unitPrice) * BigInt(l.quantity)
          const discount = l.discountAmount ? minorOf(l.discountAmount) : 0n
          const total = minorOf(l.totalAmount)
          expect(total).toBe(gross - discount)
          if (l.vatRate !== undefined) expect(isVatOf(minorOf(present(l.vatAmount)), total, l.vatRate)).toBe(true)
          expect(l.totalAmount.currency).toBe(currency)
          sum += total
        }
        expect(minorOf(body.amount as Amount)).toBe(sum)
      }),
      { numRuns: 300 },
    )
  })

  it('the independent VAT check agrees with hand-computed cases', () => {
    expect(isVatOf(1041n, 6000n, '21.00')).toBe(true) // 60.00 at 21% -> 10.41
    expect(isVatOf(1046n, 6000n, '21.00')).toBe(false)
    expect(isVatOf(1n, 1n, '100')).toBe(true) // 0.005 -> 0.01 (half away from zero)
    expect(isVatOf(0n, 1n, '100')).toBe(false)
    expect(isVatOf(-1n, -1n, '100')).toBe(true)
  })
})

describe('property: one minor unit off is caught on exactly that line', () => {
  it('for vatAmount and totalAmount', () => {
    fc.assert(
      fc.property(
        orderArb('always'),
        fc.nat(),
        fc.constantFrom('vatAmount', 'totalAmount'),
        fc.constantFrom(1n, -1n),
        ({ body, ctx, currency }, pick, field, delta) => {
          const lines = body.lines as LineBody[]
          // the surcharge line added for positive amounts has no VAT; pick among lines that have it
          const candidates = lines.map((l, i) => (field in l ? i : -1)).filter((i) => i >= 0)
          const index = present(candidates[pick % candidates.length])
          const perturbed = structuredClone(body)
          const line = present((perturbed.lines as LineBody[])[index])
          line[field] = { currency, value: valueOf(minorOf(present(line[field])) + delta, currency) }
          const violations = validateCreateOrder(perturbed, ctx)
          const path = `lines.${index}.${field}`
          expect(violations.length).toBeGreaterThan(0)
          expect(present(violations[0]).field).toBe(path)
          if (field === 'vatAmount') {
            expect(violations.map((v) => v.field)).toEqual([path])
            expect(present(violations[0]).expected).toBe(present(present(lines[index]).vatAmount).value)
          } else {
            expect(present(violations[0]).expected).toBe(present(lines[index]).totalAmount.value)
            // the VAT of that line may now disagree with its declared total, and the sum no longer
            // matches the amount; nothing else may be reported
            for (const v of violations) expect([path, `lines.${index}.vatAmount`, 'amount']).toContain(v.field)
            expect(violations.map((v) => v.field)).toContain('amount')
          }
        },
      ),
      { numRuns: 300 },
    )
  })
})
