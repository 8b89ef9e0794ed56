// The order builder's full work per keystroke on a 200-line order, as BuilderScreen does it:
// update one line in the draft (immutably, like the store) → deriveBuilder (build the request
// body with totals and VAT, validate it with order-rules, map violations onto form controls,
// serialize the preview JSON). Rendering is not included (rows are memoized; one row re-renders).
// Run: npx tsx bench/builder.bench.ts   (prints a table; the last line is JSON; target < 8 ms)
import {
  deriveBuilder,
  emptyDraftContent,
  emptyDraftLine,
  ruleContextFor,
  type CredentialShape,
  type DraftContent,
  type DraftLine,
} from '../src/shared/order-builder'
import { present } from '../test/helpers/present'
import { DRAFT_BILLING_ADDRESS } from '../test/helpers/drafts'
import { median, percentile, round } from './lib/stats'

const LINES = 200
const WARMUP = 200
const ITERATIONS = 2000
const credential: CredentialShape = { kind: 'api-key', profileId: null, testmode: null }
const ctx = ruleContextFor(credential, new Date('2026-11-22T12:00:00Z'))
const VAT_RATES = ['21.00', '9.00', '0.00', '5.5']

function benchLine(i: number): DraftLine {
  const credit = i % 25 === 24
  return {
    ...emptyDraftLine(`k${i}`, credit ? 'discount' : i % 10 === 9 ? 'shipping_fee' : 'physical'),
    name: `Item ${i}`,
    quantity: String(1 + (i % 7)),
    unitPrice: credit ? '-1.50' : `${10 + (i % 90)}.${String((i * 37) % 100).padStart(2, '0')}`,
    discountAmount: credit || i % 3 !== 0 ? '' : '0.75',
    vatRate: present(VAT_RATES[i % VAT_RATES.length]),
    sku: `SKU-${i}`,
  }
}

let draft: DraftContent = {
  ...emptyDraftContent('order'),
  orderNumber: 'BENCH-1',
  redirectUrl: 'https://shop.example/return',
  webhookUrl: 'https://hooks.example/orders',
  metadata: '{"source":"bench"}',
  billingAddress: DRAFT_BILLING_ADDRESS,
  lines: Array.from({ length: LINES }, (_, i) => benchLine(i)),
}

const initial = deriveBuilder(draft, credential, ctx)
if (initial.violations.length > 0)
  throw new Error(`Bench order is invalid: ${JSON.stringify(initial.violations.slice(0, 3))}`)

/** One keystroke: a quantity in a line somewhere in the order changes (stays valid). */
function keystroke(i: number): number {
  const index = (i * 7) % LINES
  const lines = draft.lines.slice()
  lines[index] = { ...present(lines[index]), quantity: String(1 + (i % 9)) }
  draft = { ...draft, lines }
  const state = deriveBuilder(draft, credential, ctx)
  return state.violations.length + (state.previewJson.length > 0 ? 0 : 1)
}

let sink = 0
for (let i = 0; i < WARMUP; i++) sink += keystroke(i)
const samples: number[] = []
for (let i = 0; i < ITERATIONS; i++) {
  const start = performance.now()
  sink += keystroke(WARMUP + i)
  samples.push(performance.now() - start)
}
if (sink !== 0) throw new Error(`Bench order became invalid (${sink})`)

samples.sort((a, b) => a - b)
const medianMs = round(median(samples), 3)
const p95Ms = round(percentile(samples, 95), 3)
console.log(
  `builder bench: ${LINES} lines, ${ITERATIONS} keystrokes after ${WARMUP} warm-up (update → recompute → validate → preview JSON)`,
)
console.log('metric      ms')
console.log(`median  ${String(medianMs).padStart(8)}`)
console.log(`p95     ${String(p95Ms).padStart(8)}`)
console.log(`min     ${String(round(present(samples[0]), 3)).padStart(8)}`)
console.log(`max     ${String(round(present(samples[samples.length - 1]), 3)).padStart(8)}`)
console.log(
  JSON.stringify({ builderKeystroke200LinesMsMedian: medianMs, p95: p95Ms, targetMs: 8, iterations: ITERATIONS }),
)
