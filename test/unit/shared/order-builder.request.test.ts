import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import {
  buildDraftRequest,
  deriveBuilder,
  emptyDraftContent,
  nextOrderNumber,
  ruleContextFor,
  type DraftContent,
} from '../../../src/shared/order-builder'
import { validateCreateOrder } from '../../../src/shared/order-rules'
import { DRAFT_API_KEY, draftLine, validOrderDraft } from '../../helpers/drafts'
import { present } from '../../helpers/present'

const API_KEY = DRAFT_API_KEY
const CTX = { today: '2026-11-22', credential: 'api-key' as const }
const line = draftLine
const validOrder = validOrderDraft

describe('buildDraftRequest: draft → request body', () => {
  it('computes totals, VAT and the order amount with their formulas (spec 2.3)', () => {
    const built = buildDraftRequest(validOrder(), API_KEY)
    expect(built.lines[0]).toMatchObject({
      expectedTotal: { currency: 'EUR', value: '60.00' },
      totalFormula: '30.00 × 2 = 60.00',
      expectedVat: { currency: 'EUR', value: '10.41' }, // 60 × 21 / 121 = 10.4132…
      vatFormula: '60.00 × 21.00 / 121.00 = 10.41',
    })
    expect(built.amount).toEqual({ currency: 'EUR', value: '59.95' })
    expect(built.amountFormula).toBe('60.00 + -5.00 + 4.95 = 59.95')
    expect(validateCreateOrder(built.body, CTX)).toEqual([])
  })

  it('subtracts the discount and shows it in the formula', () => {
    const c = validOrder()
    c.lines[0] = { ...present(c.lines[0]), discountAmount: '1.50' }
    const built = buildDraftRequest(c, API_KEY)
    expect(present(built.lines[0]).totalFormula).toBe('30.00 × 2 - 1.50 = 58.50')
    expect(present((built.body.lines as { discountAmount?: unknown }[])[0]).discountAmount).toEqual({
      currency: 'EUR',
      value: '1.50',
    })
  })

  it('sends an override exactly as typed and computes VAT from the SENT total', () => {
    const c = validOrder()
    c.lines[0] = { ...present(c.lines[0]), totalOverride: '50.00', vatOverride: '9.99' }
    const built = buildDraftRequest(c, API_KEY)
    const sent = present((built.body.lines as { totalAmount: unknown; vatAmount: unknown }[])[0])
    expect(sent.totalAmount).toEqual({ currency: 'EUR', value: '50.00' })
    expect(sent.vatAmount).toEqual({ currency: 'EUR', value: '9.99' })
    expect(present(built.lines[0]).expectedVat).toEqual({ currency: 'EUR', value: '8.68' }) // 50 × 21 / 121 = 8.677…
    expect(built.amount?.value).toBe('49.95') // the amount follows the sent totals
  })

  it('keeps money strings exactly as typed (no float on the way)', () => {
    fc.assert(
      fc.property(
        fc.array(
          fc.record({
            units: fc.bigInt({ min: 0n, max: 99_999_999_999n }),
            cents: fc.integer({ min: 0, max: 99 }),
            qty: fc.integer({ min: 1, max: 999 }),
          }),
          { minLength: 1, maxLength: 8 },
        ),
        (specs) => {
          const c = validOrder()
          c.lines = specs.map((s, i) =>
            line(`k${i}`, {
              name: `Item ${i}`,
              quantity: String(s.qty),
              unitPrice: `${s.units}.${String(s.cents).padStart(2, '0')}`,
            }),
          )
          const built = buildDraftRequest(c, API_KEY)
          const lines = built.body.lines as {
            unitPrice: { value: string }
            totalAmount: { value: string }
            quantity: number
          }[]
          let sum = 0n
          specs.forEach((s, i) => {
            const unitMinor = s.units * 100n + BigInt(s.cents)
            const totalMinor = unitMinor * BigInt(s.qty)
            sum += totalMinor
            expect(present(lines[i]).unitPrice.value).toBe(present(c.lines[i]).unitPrice)
            expect(present(lines[i]).quantity).toBe(s.qty)
            expect(present(lines[i]).totalAmount.value).toBe(
              `${totalMinor / 100n}.${String(totalMinor % 100n).padStart(2, '0')}`,
            )
          })
          expect(built.amount?.value).toBe(`${sum / 100n}.${String(sum % 100n).padStart(2, '0')}`)
        },
      ),
      { numRuns: 200 },
    )
  })

  it('follows spec 5.3/5.4 for profileId and testmode like the API client', () => {
    const c = { ...validOrder(), profileId: 'pfl_draft' }
    expect(buildDraftRequest(c, API_KEY).body).not.toHaveProperty('profileId')
    expect(buildDraftRequest(c, API_KEY).body).not.toHaveProperty('testmode')
    const org = buildDraftRequest(c, { kind: 'organization-token', profileId: 'pfl_conn', testmode: true }).body
    expect(org).toMatchObject({ profileId: 'pfl_conn', testmode: true })
    const orgNoProfile = buildDraftRequest(c, { kind: 'organization-token', profileId: null, testmode: false }).body
    expect(orgNoProfile.profileId).toBe('pfl_draft')
    expect(orgNoProfile).not.toHaveProperty('testmode')
  })

  it('reports metadata that is not JSON and leaves it out', () => {
    const built = buildDraftRequest({ ...validOrder(), metadata: '{"a":' }, API_KEY)
    expect(built.localIssues.map((i) => i.field)).toEqual(['metadata'])
    expect(built.body).not.toHaveProperty('metadata')
    expect(buildDraftRequest({ ...validOrder(), metadata: '{"a":1}' }, API_KEY).body.metadata).toEqual({ a: 1 })
  })

  it('sends method as absent, a string or an array; locale "" as null for orders', () => {
    expect(buildDraftRequest(validOrder(), API_KEY).body).not.toHaveProperty('method')
    expect(buildDraftRequest({ ...validOrder(), methodMode: 'one', methods: ['ideal'] }, API_KEY).body.method).toBe(
      'ideal',
    )
    expect(
      buildDraftRequest({ ...validOrder(), methodMode: 'several', methods: ['ideal', 'paypal'] }, API_KEY).body.method,
    ).toEqual(['ideal', 'paypal'])
    expect(buildDraftRequest({ ...validOrder(), locale: '' }, API_KEY).body.locale).toBeNull()
  })

  it('copies the billing address to shipping with "same as billing"', () => {
    const body = buildDraftRequest(validOrder(), API_KEY).body
    expect(body.shippingAddress).toEqual(body.billingAddress)
    expect(buildDraftRequest({ ...validOrder(), shippingSameAsBilling: false }, API_KEY).body).not.toHaveProperty(
      'shippingAddress',
    )
  })

  it('builds payments: typed amount without lines, description lines with them', () => {
    const p: DraftContent = {
      ...emptyDraftContent('payment'),
      paymentAmount: '12.50',
      description: 'Invoice 7',
      redirectUrl: 'https://shop.example/r',
      lines: [line('a', { name: 'Thing', unitPrice: '12.50' })],
    }
    expect(buildDraftRequest(p, API_KEY).body).toEqual({
      amount: { currency: 'EUR', value: '12.50' },
      description: 'Invoice 7',
      redirectUrl: 'https://shop.example/r',
    })
    const withLines = buildDraftRequest({ ...p, paymentWithLines: true }, API_KEY).body
    expect(withLines.lines).toEqual([
      {
        type: 'physical',
        description: 'Thing',
        quantity: 1,
        unitPrice: { currency: 'EUR', value: '12.50' },
        totalAmount: { currency: 'EUR', value: '12.50' },
      },
    ])
  })

  it('gives the next order number for "Create another like this"', () => {
    expect(nextOrderNumber('A-100')).toBe('A-101')
    expect(nextOrderNumber('ORDER')).toBe('ORDER-2')
    expect(nextOrderNumber('X-2')).toBe('X-3')
  })
})

describe('deriveBuilder', () => {
  it('is clean for a valid order and its preview is the body', () => {
    const s = deriveBuilder(validOrder(), API_KEY, ruleContextFor(API_KEY, new Date('2026-11-22T10:00:00Z')))
    expect(s.violations).toEqual([])
    expect(JSON.parse(s.previewJson)).toEqual(s.built.body)
  })

  it('flags an overridden VAT with the expected value and allows "send anyway" only then', () => {
    const c = validOrder()
    c.lines[0] = { ...present(c.lines[0]), vatOverride: '10.46' }
    const s = deriveBuilder(c, API_KEY, CTX)
    expect(s.violations).toHaveLength(1)
    expect(s.violations[0]).toMatchObject({ field: 'lines.0.vatAmount', expected: '10.41' })
    expect(s.formErrors['lines.0.vatAmount']).toHaveLength(1)
    expect(s.onlyOverrides).toBe(true)
    c.billingAddress = { ...c.billingAddress, email: 'not-an-email' }
    expect(deriveBuilder(c, API_KEY, CTX).onlyOverrides).toBe(false)
  })

  it('does not repeat an incomplete line as "totalAmount/amount is required"', () => {
    const c = validOrder()
    c.lines[1] = { ...present(c.lines[1]), unitPrice: '' }
    const fields = deriveBuilder(c, API_KEY, CTX).violations.map((v) => v.field)
    expect(fields).toContain('lines.1.unitPrice')
    expect(fields).not.toContain('lines.1.totalAmount')
    expect(fields).not.toContain('amount')
  })
})

describe('amounts typed in the agent’s notation (the one amount reader)', () => {
  it('sends the normalized decimal string for prices, discounts, overrides and a payment amount', () => {
    const c = validOrder()
    c.lines[0] = { ...present(c.lines[0]), unitPrice: '30', discountAmount: '1,50' }
    c.lines[1] = { ...present(c.lines[1]), unitPrice: '€ -5,00' }
    c.lines[2] = { ...present(c.lines[2]), unitPrice: '4,95 EUR' }
    const built = buildDraftRequest(c, API_KEY)
    const lines = built.body.lines as { unitPrice: unknown; discountAmount?: unknown; totalAmount: unknown }[]
    expect(lines.map((l) => l.unitPrice)).toEqual([
      { currency: 'EUR', value: '30.00' },
      { currency: 'EUR', value: '-5.00' },
      { currency: 'EUR', value: '4.95' },
    ])
    expect(present(lines[0]).discountAmount).toEqual({ currency: 'EUR', value: '1.50' })
    expect(built.amount).toEqual({ currency: 'EUR', value: '58.45' })
    expect(validateCreateOrder(built.body, CTX)).toEqual([])

    const over = validOrder()
    over.lines[0] = { ...present(over.lines[0]), totalOverride: '60,00', vatOverride: '10,41' }
    const overLine = present((buildDraftRequest(over, API_KEY).body.lines as Record<string, unknown>[])[0])
    expect(overLine.totalAmount).toEqual({ currency: 'EUR', value: '60.00' })
    expect(overLine.vatAmount).toEqual({ currency: 'EUR', value: '10.41' })

    const payment = { ...emptyDraftContent('payment'), description: 'x', paymentAmount: '1.234,56' }
    expect(buildDraftRequest(payment, API_KEY).body.amount).toEqual({ currency: 'EUR', value: '1234.56' })
  })

  it('never takes an ambiguous or over-precise amount: it stays as typed and the rules name it', () => {
    const c = validOrder()
    c.lines[0] = { ...present(c.lines[0]), unitPrice: '1,234' }
    c.lines[2] = { ...present(c.lines[2]), unitPrice: '4,9555' }
    const built = buildDraftRequest(c, API_KEY)
    const lines = built.body.lines as { unitPrice: { value: string } }[]
    expect(present(lines[0]).unitPrice.value).toBe('1,234')
    expect(present(lines[2]).unitPrice.value).toBe('4,9555')
    const fields = deriveBuilder(c, API_KEY, CTX).violations.map((v) => v.field)
    expect(fields.some((f) => f.startsWith('lines.0.unitPrice'))).toBe(true)
    expect(fields.some((f) => f.startsWith('lines.2.unitPrice'))).toBe(true)
  })
})

describe('deriveBuilder with "same as billing"', () => {
  it('reports an address mistake once, on the billing address', () => {
    const c = validOrder()
    c.billingAddress = { ...c.billingAddress, email: 'ada@' }
    const fields = deriveBuilder(c, API_KEY, CTX).violations.map((v) => v.field)
    expect(fields).toEqual(['billingAddress.email'])
    // Its own shipping address is checked on its own.
    const own = deriveBuilder(
      { ...c, shippingSameAsBilling: false, shippingAddress: { ...c.billingAddress, email: 'x@' } },
      API_KEY,
      CTX,
    )
    expect(own.violations.map((v) => v.field)).toEqual(['billingAddress.email', 'shippingAddress.email'])
  })
})
