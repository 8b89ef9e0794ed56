/**
 * The builder and the sandbox agree: random drafts go through the builder (buildRequest +
 * validateCreateOrder, exactly what the Create button checks) and are POSTed over real HTTP to a
 * sandbox started here. Valid for the builder ⇒ 201; refused by the builder ⇒ 422 whose `field`
 * is the builder's first violation.
 */
import fc from 'fast-check'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startSandbox, type RunningSandbox } from '../../src/sandbox'
import { ORDER_LINE_TYPES } from '../../src/shared/api-types'
import {
  buildRequest,
  emptyDraftContent,
  ruleContextFor,
  type CredentialShape,
  type DraftContent,
  type DraftLine,
} from '../../src/shared/order-builder'
import { validateCreateOrder } from '../../src/shared/order-rules'

const KEY = 'test_RulesVsSandboxPropertyKey01'
const API_KEY: CredentialShape = { kind: 'api-key', profileId: null, testmode: null }

let sandbox: RunningSandbox

beforeAll(async () => {
  sandbox = await startSandbox({
    keys: [KEY],
    seedPayments: 0,
    quotas: { test: { write: { q: 1000, burst: 1000 }, read: { q: 1000, burst: 1000 } } },
  })
})

afterAll(async () => {
  await sandbox?.close()
})

function daysFromToday(days: number): string {
  return new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10)
}

/** Mostly sensible values with a fair share of mistakes a person makes in the form. */
const money = fc.oneof(
  {
    weight: 6,
    arbitrary: fc
      .tuple(fc.integer({ min: 0, max: 500 }), fc.integer({ min: 0, max: 99 }))
      .map(([u, c]) => `${u}.${String(c).padStart(2, '0')}`),
  },
  { weight: 1, arbitrary: fc.constantFrom('', '1.5', '10', 'abc', '-3.00', '010.00', '1.005') },
)

const line: fc.Arbitrary<DraftLine> = fc
  .record({
    type: fc.oneof(
      { weight: 8, arbitrary: fc.constantFrom(...ORDER_LINE_TYPES) },
      { weight: 1, arbitrary: fc.constant('bogus') },
    ),
    name: fc.constantFrom('Shoes', 'Gift card', '', ' '),
    quantity: fc.constantFrom('1', '2', '3', '10', '0', 'x', ''),
    unitPrice: money,
    discountAmount: fc.oneof({ weight: 4, arbitrary: fc.constant('') }, { weight: 1, arbitrary: money }),
    vatRate: fc.constantFrom('', '21.00', '9', '5.5', '0.00', '150', 'abc'),
    totalOverride: fc.oneof({ weight: 5, arbitrary: fc.constant(null) }, { weight: 1, arbitrary: money }),
    vatOverride: fc.oneof({ weight: 5, arbitrary: fc.constant(null) }, { weight: 1, arbitrary: money }),
    sku: fc.constantFrom('', 'SKU-1', 'x'.repeat(65)),
    category: fc.constantFrom('', '', 'meal', 'nope'),
  })
  .map((r): DraftLine => ({
    key: 'k',
    ...r,
    // Credit lines need a negative price: give most of them one so valid orders are common.
    unitPrice:
      ['discount', 'store_credit', 'gift_card'].includes(r.type) && /^\d/.test(r.unitPrice)
        ? `-${r.unitPrice}`
        : r.unitPrice,
    imageUrl: '',
    productUrl: '',
    metadata: '',
  }))

const draft: fc.Arbitrary<DraftContent> = fc
  .record({
    orderNumber: fc.constantFrom('A-1', 'ORDER 2026/11', '', '   '),
    currency: fc.constantFrom('EUR', 'EUR', 'USD', 'JPY'),
    lines: fc.array(line, { minLength: 0, maxLength: 4 }),
    locale: fc.constantFrom('en_US', 'nl_NL', '', 'xx_XX'),
    redirectUrl: fc.constantFrom('https://shop.example/return', 'https://shop.example/return', '', 'not a url'),
    webhookUrl: fc.constantFrom('', '', 'https://hooks.example/order', 'http://localhost/hook'),
    givenName: fc.constantFrom('Ada', 'A', '1234', ''),
    street: fc.constantFrom('Keizersgracht 126', 'Keizersgracht 126', ''),
    postalCode: fc.constantFrom('1015 CW', '1015 CW', ''),
    email: fc.constantFrom('ada@example.org', '', 'ada@', 'ada@example'),
    phone: fc.constantFrom('', '+31208202070', '0612345678'),
    country: fc.constantFrom('NL', 'DE', '', 'XX', 'nl'),
    methodMode: fc.constantFrom('none', 'one', 'several') as fc.Arbitrary<DraftContent['methodMode']>,
    methods: fc.constantFrom<string[]>(['ideal'], ['klarna', 'paypal'], [], ['creditcard']),
    expiresAt: fc.constantFrom(
      '',
      daysFromToday(1),
      daysFromToday(0),
      daysFromToday(40),
      daysFromToday(200),
      '2026-02-30',
    ),
    metadata: fc.constantFrom('', '{"ref":"A-1"}', '"text"', JSON.stringify({ big: 'x'.repeat(1100) })),
  })
  .map((r): DraftContent => ({
    ...emptyDraftContent('order'),
    orderNumber: r.orderNumber,
    currency: r.currency,
    // With JPY (no decimals) most generated prices are wrong, as typing "12.50" in JPY would be.
    lines: r.lines,
    locale: r.locale,
    redirectUrl: r.redirectUrl,
    webhookUrl: r.webhookUrl,
    billingAddress: {
      ...(r.givenName ? { givenName: r.givenName } : {}),
      ...(r.street ? { streetAndNumber: r.street } : {}),
      ...(r.postalCode ? { postalCode: r.postalCode } : {}),
      city: 'Amsterdam',
      ...(r.email ? { email: r.email } : {}),
      ...(r.phone ? { phone: r.phone } : {}),
      ...(r.country ? { country: r.country } : {}),
      familyName: 'Lovelace',
    },
    methodMode: r.methodMode,
    methods: r.methodMode === 'one' ? r.methods.slice(0, 1) : r.methods,
    expiresAt: r.expiresAt,
    metadata: r.metadata,
  }))

/** A sensible draft (what a careful user types)... */
const goodLine: fc.Arbitrary<DraftLine> = fc
  .record({
    type: fc.constantFrom('physical', 'digital', 'shipping_fee', 'surcharge', 'discount', 'gift_card'),
    quantity: fc.integer({ min: 1, max: 20 }),
    units: fc.integer({ min: 1, max: 400 }),
    cents: fc.integer({ min: 0, max: 99 }),
    vatRate: fc.constantFrom('', '21.00', '9', '5.5', '0.00'),
    discount: fc.boolean(),
  })
  .map((r): DraftLine => {
    const credit = r.type === 'discount' || r.type === 'gift_card'
    const price = `${credit ? '-' : ''}${r.units}.${String(r.cents).padStart(2, '0')}`
    return {
      key: 'k',
      type: r.type,
      name: `Item ${r.units}`,
      quantity: credit ? '1' : String(r.quantity),
      unitPrice: price,
      discountAmount: r.discount && !credit ? '0.50' : '',
      vatRate: r.vatRate,
      totalOverride: null,
      vatOverride: null,
      sku: '',
      category: '',
      imageUrl: '',
      productUrl: '',
      metadata: '',
    }
  })

const goodDraft: fc.Arbitrary<DraftContent> = fc
  .record({
    // Credit lines first would make the sum negative: put two goods lines up front, big enough.
    goods: fc.array(
      goodLine.filter((l) => !l.unitPrice.startsWith('-')),
      { minLength: 1, maxLength: 3 },
    ),
    extra: fc.array(goodLine, { maxLength: 2 }),
    orderNumber: fc.stringMatching(/^[A-Z]{1,3}-[0-9]{1,6}$/),
    locale: fc.constantFrom('en_US', 'nl_NL', 'de_DE', ''),
  })
  .map((r): DraftContent => ({
    ...emptyDraftContent('order'),
    orderNumber: r.orderNumber,
    locale: r.locale,
    redirectUrl: 'https://shop.example/return',
    billingAddress: {
      givenName: 'Ada',
      familyName: 'Lovelace',
      email: 'ada@example.org',
      streetAndNumber: 'Keizersgracht 126',
      postalCode: '1015 CW',
      city: 'Amsterdam',
      country: 'NL',
    },
    lines: [
      ...r.goods.map((l) => ({ ...l, quantity: '20', unitPrice: l.unitPrice.replace(/^\d+/, '900') })),
      ...r.extra,
    ],
  }))

/** ...with at most one typical mistake. */
const MISTAKES: ((c: DraftContent) => DraftContent)[] = [
  (c) => ({ ...c, billingAddress: { ...c.billingAddress, email: 'ada@' } }),
  (c) => ({ ...c, orderNumber: '' }),
  (c) => ({
    ...c,
    lines: c.lines.map((l, i) => (i === c.lines.length - 1 ? { ...l, vatRate: '21.00', vatOverride: '0.01' } : l)),
  }),
  (c) => ({ ...c, lines: c.lines.map((l, i) => (i === 0 ? { ...l, totalOverride: '1.00' } : l)) }),
  (c) => ({ ...c, lines: c.lines.map((l, i) => (i === 0 ? { ...l, quantity: '0' } : l)) }),
  (c) => ({ ...c, webhookUrl: 'http://localhost/hook' }),
  (c) => ({ ...c, expiresAt: daysFromToday(0) }),
  (c) => ({ ...c, currency: 'JPY' }),
  (c) => ({ ...c, billingAddress: { ...c.billingAddress, phone: '0612345678' } }),
]
const mostlyGood: fc.Arbitrary<DraftContent> = fc
  .tuple(goodDraft, fc.option(fc.integer({ min: 0, max: MISTAKES.length - 1 }), { freq: 2 }))
  .map(([c, m]) => (m === null ? c : MISTAKES[m]!(c)))

async function post(body: unknown): Promise<{ status: number; field?: string; detail?: string }> {
  const response = await fetch(`${sandbox.baseUrl}/orders`, {
    method: 'POST',
    headers: { Authorization: `Bearer ${KEY}`, 'Content-Type': 'application/json' },
    body: JSON.stringify(body),
  })
  const json = (await response.json()) as { field?: string; detail?: string }
  return { status: response.status, field: json.field, detail: json.detail }
}

describe('builder rules vs the sandbox (real HTTP)', () => {
  it('agree on acceptance and on the first refused field', async () => {
    let accepted = 0
    let refused = 0
    await fc.assert(
      fc.asyncProperty(
        fc.oneof({ weight: 3, arbitrary: mostlyGood }, { weight: 2, arbitrary: draft }),
        async (content) => {
          const built = buildRequest(content, API_KEY)
          fc.pre(built.localIssues.length === 0) // those never leave the builder
          const violations = validateCreateOrder(built.body, ruleContextFor(API_KEY))
          const answer = await post(built.body)
          if (violations.length === 0) {
            accepted++
            expect(answer, answer.detail).toMatchObject({ status: 201 })
          } else {
            refused++
            expect(answer.status).toBe(422)
            expect(answer.field ?? '').toBe(violations[0]!.field)
          }
        },
      ),
      { numRuns: 100 },
    )
    // Both sides of the property were exercised.
    expect(accepted).toBeGreaterThan(0)
    expect(refused).toBeGreaterThan(0)
  })
})
