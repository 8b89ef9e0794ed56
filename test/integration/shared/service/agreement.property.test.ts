/**
 * The service's rules agree wherever they are applied (issue 12 item 2). Random drafts (orders and
 * payments) and the connections the app accepts (test and live API keys, organization tokens in
 * test and live mode) go through the builder (buildDraftRequest + the rules, exactly what the form
 * shows), then through the real API client over HTTP to a sandbox started here:
 * - the client sends exactly the builder's body (the credential rules of spec 5.3/5.4 applied once,
 *   the same way, on both sides);
 * - valid for the builder ⇔ 201; refused by the builder ⇔ 422 whose `field` is the builder's first
 *   violation.
 * And every credential the app accepts (the connection form's detectCredential) is masked by the
 * request log's redactor even when the redactor does not know the secret.
 */
import { randomUUID } from 'node:crypto'
import fc from 'fast-check'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createApiClient, type ApiClient } from '../../../../src/main/api/client'
import { isApiError } from '../../../../src/main/api/call/errors'
import type { ApiCredential } from '../../../../src/main/api/call/request-builder'
import { createRedactor } from '../../../../src/main/services/request-log/redaction'
import { startSandbox, type RunningSandbox } from '../../../../src/sandbox'
import type { AttemptEvent } from '../../../../src/shared/api-events'
import { ORDER_LINE_TYPES } from '../../../../src/shared/api-types'
import { checkConnectionOptions, detectCredential } from '../../../../src/shared/connection-rules'
import {
  buildDraftRequest,
  emptyDraftContent,
  type BuiltRequest,
  ruleContextFor,
  type CredentialShape,
  type DraftContent,
  type DraftLine,
} from '../../../../src/shared/order-builder'
import { validateCreateOrder, validateCreatePayment } from '../../../../src/shared/order-rules'
import { CREDENTIAL_BODY_PATTERN, CREDENTIAL_PREFIX_LIST, MAX_SECRET_LENGTH } from '../../../../src/shared/service'
import { present } from '../../../helpers/present'
import { DRAFT_BILLING_ADDRESS } from '../../../helpers/drafts'

const TEST_KEY = 'test_AgreementPropertyKey0001'
const LIVE_KEY = 'live_AgreementPropertyKey0001'
const TOKEN = 'access_AgreementPropertyToken01'
const FREE = { q: 1000, burst: 1000 }

interface Connection {
  name: string
  /** What the builder knows of the active connection (as orders.ts passes it). */
  shape: CredentialShape
  client: ApiClient
  events: AttemptEvent[]
}

let sandbox: RunningSandbox
const connections: Connection[] = []

/** A connection as the connections service makes it: options checked by the form's own rule. */
function connect(name: string, secret: string, options: { profileId?: string; testmode?: boolean }): Connection {
  const detected = detectCredential(secret)
  if (!detected.ok) throw new Error(detected.message)
  const checked = checkConnectionOptions(detected.value.kind, options)
  if (!checked.ok) throw new Error(checked.message)
  const credential: ApiCredential = { secret, kind: detected.value.kind }
  if (checked.value.profileId !== null) credential.profileId = checked.value.profileId
  if (checked.value.testmode) credential.testmode = true
  const events: AttemptEvent[] = []
  const client = createApiClient({
    baseUrl: sandbox.baseUrl,
    getCredential: async () => credential,
    onAttempt: (e) => events.push(e),
  })
  return { name, shape: { kind: detected.value.kind, ...checked.value }, client, events }
}

beforeAll(async () => {
  sandbox = await startSandbox({
    keys: [TEST_KEY, LIVE_KEY, TOKEN],
    seedPayments: 0,
    quotas: { test: { write: FREE, read: FREE }, live: { write: FREE, read: FREE } },
  })
  connections.push(
    connect('test key', TEST_KEY, {}),
    connect('live key', LIVE_KEY, {}),
    connect('token, test mode', TOKEN, { profileId: sandbox.profileId, testmode: true }),
    connect('token, live mode', TOKEN, { profileId: sandbox.profileId, testmode: false }),
  )
})

afterAll(async () => {
  for (const c of connections) c.client.dispose()
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
    methodMode: fc.constantFrom<DraftContent['methodMode']>('none', 'one', 'several'),
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
    billingAddress: DRAFT_BILLING_ADDRESS,
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
  .map(([c, m]) => (m === null ? c : present(MISTAKES[m])(c)))

/** A payment draft: amount alone or with lines, and the mistakes a person makes in that form. */
const paymentDraft: fc.Arbitrary<DraftContent> = fc
  .record({
    description: fc.constantFrom('Order 12', 'Gift card for Ada', '', 'x'.repeat(300)),
    currency: fc.constantFrom('EUR', 'EUR', 'USD', 'JPY'),
    amount: fc.oneof(
      { weight: 4, arbitrary: fc.constantFrom('10.00', '0.99', '250.00') },
      { weight: 1, arbitrary: money },
    ),
    withLines: fc.boolean(),
    lines: fc.array(fc.oneof(goodLine, line), { minLength: 0, maxLength: 3 }),
    locale: fc.constantFrom('', '', 'nl_NL', 'xx_XX'),
    redirectUrl: fc.constantFrom('https://shop.example/return', 'https://shop.example/return', '', 'not a url'),
    webhookUrl: fc.constantFrom('', '', 'https://hooks.example/payment', 'http://localhost/hook'),
    methodMode: fc.constantFrom<DraftContent['methodMode']>('none', 'one', 'several'),
    methods: fc.constantFrom<string[]>(['ideal'], ['klarna'], ['creditcard', 'paypal'], []),
    metadata: fc.constantFrom('', '{"ref":"A-1"}', JSON.stringify({ big: 'x'.repeat(1100) })),
    profileId: fc.constantFrom('', 'pfl_NotTheConnections1'),
  })
  .map((r): DraftContent => ({
    ...emptyDraftContent('payment'),
    description: r.description,
    currency: r.currency,
    paymentAmount: r.amount,
    paymentWithLines: r.withLines,
    lines: r.withLines ? r.lines : [],
    locale: r.locale,
    redirectUrl: r.redirectUrl,
    webhookUrl: r.webhookUrl,
    methodMode: r.methodMode,
    methods: r.methodMode === 'one' ? r.methods.slice(0, 1) : r.methods,
    metadata: r.metadata,
    profileId: r.profileId,
  }))

interface Answer {
  status: number | null
  field: string | null
  detail: string
  /** The JSON body the client put on the wire (null when it sent nothing). */
  sent: unknown
}

/** Creates through the real client and reads what it sent from its own attempt events. */
async function create(connection: Connection, built: BuiltRequest) {
  const from = connection.events.length
  const opts = { idempotencyKey: randomUUID(), priority: 'user' as const }
  let status: number | null = 201
  let field: string | null = null
  let detail = ''
  try {
    // The builder's body goes to the client as typed (no cast): the same type end to end.
    if (built.kind === 'order') {
      await connection.client.createOrder(built.body, built.embed.length > 0 ? { ...opts, embed: built.embed } : opts)
    } else await connection.client.createPayment(built.body, opts)
  } catch (error) {
    if (!isApiError(error)) throw error
    status = error.status
    field = error.field
    detail = error.message
  }
  const attempts = connection.events.slice(from)
  const sentText = attempts.at(-1)?.requestBody ?? null
  return { status, field, detail, sent: sentText === null ? null : (JSON.parse(sentText) as unknown) } satisfies Answer
}

describe('builder, client and sandbox agree (real HTTP)', () => {
  it('on the body sent, on acceptance and on the first refused field', async () => {
    const seen = { accepted: 0, refused: 0, orders: 0, payments: 0, tokens: 0, keys: 0 }
    await fc.assert(
      fc.asyncProperty(
        fc.integer({ min: 0, max: 3 }),
        fc.oneof(
          { weight: 3, arbitrary: mostlyGood },
          { weight: 2, arbitrary: draft },
          { weight: 3, arbitrary: paymentDraft },
        ),
        async (which, content) => {
          const connection = present(connections[which])
          const built = buildDraftRequest(content, connection.shape)
          fc.pre(built.localIssues.length === 0) // those never leave the builder
          const ctx = ruleContextFor(connection.shape)
          const violations =
            content.kind === 'order' ? validateCreateOrder(built.body, ctx) : validateCreatePayment(built.body, ctx)
          const answer = await create(connection, built)
          const where = `${connection.name}, ${content.kind}: ${answer.detail}`
          // The client sent exactly what the builder showed.
          expect(answer.sent, where).toEqual(built.body)
          if (violations.length === 0) {
            seen.accepted++
            expect(answer.status, where).toBe(201)
          } else {
            seen.refused++
            expect({ status: answer.status, field: answer.field }, where).toEqual({
              status: 422,
              field: present(violations[0]).field,
            })
          }
          seen[content.kind === 'order' ? 'orders' : 'payments']++
          seen[connection.shape.kind === 'api-key' ? 'keys' : 'tokens']++
        },
      ),
      { numRuns: 150 },
    )
    // Every side of the property was exercised.
    for (const [name, count] of Object.entries(seen)) expect(count, name).toBeGreaterThan(0)
  })

  it('every credential the app accepts is masked by the redactor, known or not', () => {
    const redactor = createRedactor() // knows no secret: the pattern alone must catch it
    const bodyChar = fc.constantFrom(...'abcXYZ019_-'.split(''), 'Q', 'z', '7')
    const accepted = fc
      .tuple(
        fc.constantFrom(...CREDENTIAL_PREFIX_LIST),
        fc.oneof(
          fc.array(bodyChar, { minLength: 1, maxLength: 60 }).map((cs) => cs.join('')),
          fc.stringMatching(/^[A-Za-z0-9_-]{1,500}$/),
          fc.string({ maxLength: 30 }),
        ),
      )
      .map(([prefix, body]) => prefix + body)
      .filter((secret) => detectCredential(secret).ok)
    fc.assert(
      fc.property(accepted, fc.constantFrom('', ' ', '"', '=', '/', '\n'), (secret, before) => {
        expect(secret.length).toBeLessThanOrEqual(MAX_SECRET_LENGTH)
        expect(CREDENTIAL_BODY_PATTERN.test(secret.slice(secret.indexOf('_') + 1))).toBe(true)
        const text = redactor.text(`pasted${before}${secret} here`)
        expect(text).not.toContain(secret)
        expect(
          redactor.body(JSON.stringify({ note: secret, nested: [{ description: `key ${secret}` }] })),
        ).not.toContain(secret)
        expect(redactor.headers({ 'x-note': secret })['x-note']).not.toContain(secret)
        expect(redactor.body(`description=${secret}&amount=1`)).not.toContain(secret)
      }),
      { numRuns: 500 },
    )
  })
})
