// The sandbox answers 422 with the FIRST violation of the shared rules module (spec 7), its field
// named as the service does. One case per rule; the sandbox's clock is fixed so date rules are exact.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { CreateOrderRequest, CreatePaymentRequest, OrderLineInput } from '../../../src/shared/api-types'
import { startSandbox, type RunningSandbox } from '../../../src/sandbox/index'
import { validOrderBody, validPaymentBody } from '../../helpers/sandbox-fixtures'

// Response bodies are checked field by field; one loose type keeps those assertions readable.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Json = any

const KEY = 'test_rulesContractKey01'
const TOKEN = 'access_rulesContractTok1'
// today = 2026-03-10: tomorrow 2026-03-11, last allowed expiresAt 2026-06-19 (100 days after tomorrow),
// klarna at most 28 days ahead: 2026-04-07.
const NOW = Date.parse('2026-03-10T12:00:00Z')

let sandbox: RunningSandbox

beforeAll(async () => {
  sandbox = await startSandbox({
    seedPayments: 0,
    keys: [KEY, TOKEN],
    now: () => NOW,
    quotas: { test: { write: { q: 1000, burst: 1000 } }, live: { write: { q: 1000, burst: 1000 } } },
  })
})
afterAll(async () => {
  await sandbox.close()
})

async function post(path: string, body: unknown, key = KEY) {
  const response = await fetch(`${sandbox.baseUrl}${path}`, {
    method: 'POST',
    headers: { Authorization: `Bearer ${key}`, 'Content-Type': 'application/json' },
    body: JSON.stringify(body),
  })
  return {
    status: response.status,
    contentType: response.headers.get('content-type'),
    json: (await response.json()) as Json,
  }
}

type Mutation = (body: Json) => void
const order = (mutate: Mutation): CreateOrderRequest => {
  const body = validOrderBody('R-1') as Json
  mutate(body)
  return body
}
const payment = (mutate: Mutation): CreatePaymentRequest => {
  const body = validPaymentBody() as Json
  mutate(body)
  return body
}
const eur = (value: string) => ({ currency: 'EUR', value })
const quarterLine = (): OrderLineInput => ({
  name: 'Quarter',
  quantity: 1,
  unitPrice: eur('25.00'),
  totalAmount: eur('25.00'),
  vatRate: '21.00',
  vatAmount: eur('4.34'),
})

const orderCases: [string, CreateOrderRequest | unknown, string][] = [
  ['orderNumber missing', order((b) => delete b.orderNumber), 'orderNumber'],
  ['amount missing', order((b) => delete b.amount), 'amount'],
  ['amount value a number', order((b) => (b.amount = { currency: 'EUR', value: 121 })), 'amount.value'],
  ['amount with too many decimals', order((b) => (b.amount = eur('121.001'))), 'amount.value'],
  ['amount above the maximum', order((b) => (b.amount = eur('1000000.01'))), 'amount'],
  ['amount unknown currency', order((b) => (b.amount = { currency: 'XXX', value: '1.00' })), 'amount.currency'],
  ['amount not the sum of the lines', order((b) => (b.amount = eur('120.00'))), 'amount'],
  ['redirectUrl missing', order((b) => delete b.redirectUrl), 'redirectUrl'],
  ['redirectUrl not a URL', order((b) => (b.redirectUrl = 'shop/return')), 'redirectUrl'],
  ['webhookUrl on localhost', order((b) => (b.webhookUrl = 'http://localhost:3000/hook')), 'webhookUrl'],
  ['billingAddress missing', order((b) => delete b.billingAddress), 'billingAddress'],
  ['billingAddress.givenName too short', order((b) => (b.billingAddress.givenName = 'P')), 'billingAddress.givenName'],
  [
    'billingAddress.familyName only digits',
    order((b) => (b.billingAddress.familyName = '1234')),
    'billingAddress.familyName',
  ],
  ['billingAddress.email invalid', order((b) => (b.billingAddress.email = 'piet@')), 'billingAddress.email'],
  ['billingAddress.phone not E.164', order((b) => (b.billingAddress.phone = '0612345678')), 'billingAddress.phone'],
  ['billingAddress.country not alpha-2', order((b) => (b.billingAddress.country = 'NLD')), 'billingAddress.country'],
  [
    'shippingAddress.givenName only digits',
    order((b) => (b.shippingAddress = { givenName: '42' })),
    'shippingAddress.givenName',
  ],
  ['locale missing', order((b) => delete b.locale), 'locale'],
  ['locale unknown', order((b) => (b.locale = 'xx_XX')), 'locale'],
  ['method unknown', order((b) => (b.method = 'bitcoin')), 'method'],
  ['metadata over 1 kB', order((b) => (b.metadata = { note: 'x'.repeat(2000) })), 'metadata'],
  ['expiresAt today', order((b) => (b.expiresAt = '2026-03-10')), 'expiresAt'],
  ['expiresAt 101 days after tomorrow', order((b) => (b.expiresAt = '2026-06-20')), 'expiresAt'],
  ['expiresAt not a date', order((b) => (b.expiresAt = '2026-02-30')), 'expiresAt'],
  [
    'expiresAt over 28 days with klarna',
    order((b) => ((b.method = 'klarna'), (b.expiresAt = '2026-04-08'))),
    'expiresAt',
  ],
  ['consumerDateOfBirth in the future', order((b) => (b.consumerDateOfBirth = '2027-01-01')), 'consumerDateOfBirth'],
  ['profileId with an API key', order((b) => (b.profileId = 'pfl_abc')), 'profileId'],
  ['testmode with an API key', order((b) => (b.testmode = true)), 'testmode'],
  ['lines missing', order((b) => delete b.lines), 'lines'],
  ['lines empty', order((b) => (b.lines = [])), 'lines'],
  ['lines.0 not an object', order((b) => (b.lines[0] = 'LEGO')), 'lines.0'],
  ['lines.0.name missing', order((b) => delete b.lines[0].name), 'lines.0.name'],
  ['lines.0.quantity zero', order((b) => (b.lines[0].quantity = 0)), 'lines.0.quantity'],
  ['lines.0.quantity fractional', order((b) => (b.lines[0].quantity = 1.5)), 'lines.0.quantity'],
  ['lines.0.type unknown', order((b) => (b.lines[0].type = 'service')), 'lines.0.type'],
  [
    'lines.0.unitPrice in another currency',
    order((b) => (b.lines[0].unitPrice = { currency: 'USD', value: '100.00' })),
    'lines.0.unitPrice.currency',
  ],
  [
    'lines.1.unitPrice negative on a shipping line',
    order((b) => (b.lines[1].unitPrice = eur('-21.00'))),
    'lines.1.unitPrice',
  ],
  [
    'lines.0.discountAmount negative',
    order((b) => (b.lines[0].discountAmount = eur('-1.00'))),
    'lines.0.discountAmount',
  ],
  ['lines.0.totalAmount not unitPrice x quantity', order((b) => (b.lines[0].quantity = 2)), 'lines.0.totalAmount'],
  ['lines.1.vatAmount off by a cent', order((b) => (b.lines[1].vatAmount = eur('3.65'))), 'lines.1.vatAmount'],
  ['lines.0.vatRate a number', order((b) => (b.lines[0].vatRate = 21)), 'lines.0.vatRate'],
  [
    'lines.3.vatAmount deviates',
    order((b) => {
      b.amount = eur('100.00')
      b.lines = [quarterLine(), quarterLine(), quarterLine(), { ...quarterLine(), vatAmount: eur('4.00') }]
    }),
    'lines.3.vatAmount',
  ],
  ['lines.0.sku over 64 characters', order((b) => (b.lines[0].sku = '9'.repeat(65))), 'lines.0.sku'],
  ['lines.0.category unknown', order((b) => (b.lines[0].category = 'food')), 'lines.0.category'],
  ['lines.0.metadata over 1 kB', order((b) => (b.lines[0].metadata = 'y'.repeat(1100))), 'lines.0.metadata'],
]

const paymentCases: [string, CreatePaymentRequest, string][] = [
  ['amount missing', payment((b) => delete b.amount), 'amount'],
  ['amount zero', payment((b) => (b.amount = eur('0.00'))), 'amount'],
  ['amount above the maximum', payment((b) => (b.amount = eur('1000000.01'))), 'amount'],
  ['description missing', payment((b) => delete b.description), 'description'],
  ['redirectUrl missing', payment((b) => delete b.redirectUrl), 'redirectUrl'],
  ['webhookUrl on loopback', payment((b) => (b.webhookUrl = 'http://127.0.0.1/hook')), 'webhookUrl'],
  ['method unknown', payment((b) => (b.method = 'cash')), 'method'],
  ['locale unknown', payment((b) => (b.locale = 'en_NL')), 'locale'],
  ['sequenceType unknown', payment((b) => (b.sequenceType = 'twice')), 'sequenceType'],
  ['lines required for klarna', payment((b) => (b.method = 'klarna')), 'lines'],
  [
    'lines.0.type tip when creating',
    payment(
      (b) =>
        (b.lines = [
          { type: 'tip', description: 'Tip', quantity: 1, unitPrice: eur('10.00'), totalAmount: eur('10.00') },
        ]),
    ),
    'lines.0.type',
  ],
  ['profileId with an API key', payment((b) => (b.profileId = 'pfl_abc')), 'profileId'],
]

function expect422(result: Awaited<ReturnType<typeof post>>, field: string) {
  expect(result.status, JSON.stringify(result.json)).toBe(422)
  expect(result.contentType).toMatch(/^application\/hal\+json/)
  expect(result.json).toMatchObject({ status: 422, title: 'Unprocessable Entity', field })
  expect(result.json.detail.length).toBeGreaterThan(10)
  expect(result.json._links.documentation).toEqual({ href: expect.stringMatching(/^http/), type: 'text/html' })
}

describe('POST /v2/orders: 422 with the first violation', () => {
  it('accepts the unmodified fixture and the boundaries', async () => {
    expect((await post('/orders', validOrderBody('ok-1'))).status).toBe(201)
    expect(
      (
        await post(
          '/orders',
          order((b) => (b.expiresAt = '2026-03-11')),
        )
      ).status,
    ).toBe(201)
    expect(
      (
        await post(
          '/orders',
          order((b) => (b.expiresAt = '2026-06-19')),
        )
      ).status,
    ).toBe(201)
    expect(
      (
        await post(
          '/orders',
          order((b) => ((b.method = 'klarna'), (b.expiresAt = '2026-04-07'))),
        )
      ).status,
    ).toBe(201)
  })

  it.each(orderCases)('%s → field %s', async (_name, body, field) => {
    expect422(await post('/orders', body), field)
  })

  it('a body that is not an object is 422 without a field', async () => {
    const r = await post('/orders', [1, 2])
    expect(r.status).toBe(422)
    expect(r.json.field).toBeUndefined()
  })

  it('organization tokens: profileId required and must be a profile', async () => {
    expect422(await post('/orders', validOrderBody('tok'), TOKEN), 'profileId')
    expect422(await post('/orders', validOrderBody('tok', { profileId: 'nope' }), TOKEN), 'profileId')
    expect422(await post('/orders', validOrderBody('tok', { profileId: 'pfl_other' }), TOKEN), 'profileId')
  })

  it('reports the first of several violations', async () => {
    const body = order((b) => {
      delete b.orderNumber
      b.lines[0].quantity = 0
    })
    expect422(await post('/orders', body), 'orderNumber')
  })
})

describe('POST /v2/payments: 422 with the first violation', () => {
  it('accepts the fixture', async () => {
    expect((await post('/payments', validPaymentBody())).status).toBe(201)
  })

  it.each(paymentCases)('%s → field %s', async (_name, body, field) => {
    expect422(await post('/payments', body), field)
  })
})
