// The order builder's work per keystroke on a 200-line order: change one line's quantity,
// recompute every total (computeOrderTotals) and validate the whole body (validateCreateOrder).
// Run: npx tsx bench/rules.bench.ts   (prints a table; the last line is JSON)
import type { Amount } from '../src/shared/api-types'
import {
  computeOrderTotals,
  validateCreateOrder,
  type OrderTotalsLineInput,
  type RuleContext,
} from '../src/shared/order-rules'
import { present } from '../test/helpers/present'
import { median, percentile, round } from './lib/stats'

const LINES = 200
const WARMUP = 300
const ITERATIONS = 3000
const CURRENCY = 'EUR'
const ctx: RuleContext = { today: '2026-11-22', credential: 'api-key' }

interface BuilderLine extends OrderTotalsLineInput {
  type: string
  name: string
  quantity: number
  unitPrice: string
  discountAmount?: string
  vatRate: string
  sku: string
  imageUrl: string
}

const VAT_RATES = ['21.00', '9.00', '0.00', '5.5']

// Builder state: plain strings as typed; totals come from computeOrderTotals.
const lines: BuilderLine[] = Array.from({ length: LINES }, (_, i) => {
  const credit = i % 25 === 24
  return {
    type: credit ? 'discount' : i % 10 === 9 ? 'shipping_fee' : 'physical',
    name: `Item ${i}`,
    quantity: 1 + (i % 7),
    unitPrice: credit ? '-1.50' : `${10 + (i % 90)}.${String((i * 37) % 100).padStart(2, '0')}`,
    ...(credit || i % 3 !== 0 ? {} : { discountAmount: '0.75' }),
    vatRate: present(VAT_RATES[i % VAT_RATES.length]),
    sku: `SKU-${String(i).padStart(6, '0')}`,
    imageUrl: `https://cdn.example/img/${i}.png`,
  }
})

const amount = (value: string): Amount => ({ currency: CURRENCY, value })

function buildBody(): Record<string, unknown> {
  const totals = computeOrderTotals(lines, CURRENCY)
  if (!totals.amount)
    throw new Error(`Builder state incomplete: ${JSON.stringify(totals.lines.find((l) => l.problem))}`)
  return {
    orderNumber: 'BENCH-1',
    amount: totals.amount,
    redirectUrl: 'https://shop.example/return',
    webhookUrl: 'https://shop.example/webhook',
    locale: 'nl_NL',
    billingAddress: {
      givenName: 'Piet',
      familyName: 'Mondriaan',
      email: 'piet@example.org',
      phone: '+31208202070',
      streetAndNumber: 'Museumplein 6',
      postalCode: '1071 DJ',
      city: 'Amsterdam',
      country: 'NL',
    },
    lines: lines.map((l, i) => {
      const t = present(totals.lines[i])
      return {
        type: l.type,
        name: l.name,
        quantity: l.quantity,
        unitPrice: amount(l.unitPrice),
        ...(l.discountAmount ? { discountAmount: amount(l.discountAmount) } : {}),
        totalAmount: t.totalAmount,
        vatRate: l.vatRate,
        vatAmount: t.vatAmount,
        sku: l.sku,
        imageUrl: l.imageUrl,
      }
    }),
  }
}

function keystroke(i: number): number {
  const line = present(lines[(i * 7919) % LINES])
  line.quantity = 1 + ((line.quantity + i) % 9)
  const body = buildBody()
  return validateCreateOrder(body, ctx).length
}

// Sanity: the bench order must be valid, or it would measure the error path.
const initial = validateCreateOrder(buildBody(), ctx)
if (initial.length > 0) throw new Error(`Bench order is invalid: ${JSON.stringify(initial.slice(0, 3))}`)

let sink = 0
for (let i = 0; i < WARMUP; i++) sink += keystroke(i)

const samples: number[] = []
for (let i = 0; i < ITERATIONS; i++) {
  const start = performance.now()
  sink += keystroke(WARMUP + i)
  samples.push(performance.now() - start)
}
if (sink !== 0) throw new Error(`Bench order became invalid (${sink} violations)`)

samples.sort((a, b) => a - b)
const medianMs = round(median(samples), 3)
const p95Ms = round(percentile(samples, 95), 3)

console.log(`rules bench: ${LINES} lines, ${ITERATIONS} iterations after ${WARMUP} warm-up, per keystroke`)
console.log('metric      ms')
console.log(`median  ${String(medianMs).padStart(8)}`)
console.log(`p95     ${String(p95Ms).padStart(8)}`)
console.log(`min     ${String(round(present(samples[0]), 3)).padStart(8)}`)
console.log(`max     ${String(round(present(samples[samples.length - 1]), 3)).padStart(8)}`)
console.log(JSON.stringify({ validate200LinesMsMedian: medianMs, p95: p95Ms, iterations: ITERATIONS }))
