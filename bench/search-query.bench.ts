// How long one search holds main's thread (issue 22 item 4): 100,000 indexed payments whose
// descriptions are made of a dozen common words, then queries of those words (a 500-character one,
// one with a filter that rejects most rows, a date range nothing falls in, two words) through the
// search service, as the search box sends them. Per query: the longest time main's event loop was
// blocked (the longest gap between the ticks of a 1 ms interval timer, less the 1 ms) and the
// query's own time. Prints every run and,
// last, one JSON object. Run: npx tsx bench/search-query.bench.ts
import { randomBytes } from 'node:crypto'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { performance } from 'node:perf_hooks'
import { paymentRow } from '../src/main/search/index-db'
import { createSearchService } from '../src/main/search/service'
import type { Payment } from '../src/shared/api-types'
import { median, percentile } from './lib/stats'

const PAYMENTS = 100_000
const RUNS = 5
const REPEAT = 5
const WORDS = ['order', 'payment', 'shop', 'coat', 'winter', 'shoes', 'gift', 'book', 'the', 'and', 'for', 'with']
const QUERIES: Record<string, string> = {
  'common words, 500 characters': Array.from({ length: 100 }, (_, i) => WORDS[i % WORDS.length])
    .join(' ')
    .slice(0, 500),
  'common words + a rare status': `order payment shop the and for with canceled ${'order '.repeat(70)}`.slice(0, 500),
  'common words + an empty date range': 'order payment the and 2001-01-01..2001-01-02',
  'two words': 'winter coat',
}

const dir = mkdtempSync(path.join(tmpdir(), 'paydesk-bench-query-'))
const key = randomBytes(32)
const service = createSearchService({
  dataDir: dir,
  getKey: async () => key,
  active: async () => ({ id: 'conn_benchquery00000', client: {} as never }),
  knownConnectionIds: async () => ['conn_benchquery00000'],
  emitProgress: () => {},
  autoSync: false,
  syncEveryMs: 0,
})
const index = await service.currentIndex()
const now = Date.now()
let batch = []
for (let n = 0; n < PAYMENTS; n++) {
  batch.push(
    paymentRow({
      resource: 'payment',
      id: `tr_bq${String(n).padStart(8, '0')}`,
      mode: 'test',
      profileId: 'pfl_bench',
      createdAt: new Date(now - n * 60_000).toISOString(),
      amount: { currency: 'EUR', value: `${(n % 500) + 1}.95` },
      description: `${WORDS[n % 12]} ${WORDS[(n * 7) % 12]} ${WORDS[(n * 5) % 12]} order payment`,
      method: 'ideal',
      status: n % 50 ? 'paid' : 'failed',
    } as unknown as Payment),
  )
  if (batch.length === 5_000) {
    index.upsert('payments', batch)
    batch = []
  }
}
console.log(`indexed ${index.count('payments').toLocaleString('en-US')} payments`)

const runs: { run: number; blockP95: number; blockMax: number; queryP95: number }[] = []
for (let run = 1; run <= RUNS; run++) {
  const blocks: number[] = []
  const took: number[] = []
  const byQuery: Record<string, number> = {}
  for (const [name, text] of Object.entries(QUERIES)) {
    for (let i = 0; i < REPEAT; i++) {
      let last = performance.now()
      let longest = 0
      const ticker = setInterval(() => {
        const t = performance.now()
        longest = Math.max(longest, t - last - 1)
        last = t
      }, 1)
      const started = performance.now()
      await service.query(text)
      took.push(performance.now() - started)
      await new Promise((resolve) => setTimeout(resolve, 5))
      clearInterval(ticker)
      longest = Math.max(longest, performance.now() - last - 1)
      blocks.push(longest)
      byQuery[name] = Math.max(byQuery[name] ?? 0, longest)
    }
  }
  const row = { run, blockP95: percentile(blocks, 95), blockMax: Math.max(...blocks), queryP95: percentile(took, 95) }
  runs.push(row)
  console.log(
    `run ${run}: main blocked p95 ${row.blockP95.toFixed(1)} ms, max ${row.blockMax.toFixed(1)} ms; query p95 ${row.queryP95.toFixed(1)} ms` +
      ` (longest block per query: ${Object.entries(byQuery)
        .map(([name, ms]) => `${name} ${ms.toFixed(1)}`)
        .join('; ')})`,
  )
}
await service.dispose()
rmSync(dir, { recursive: true, force: true })
console.log(
  JSON.stringify({
    bench: 'search-query',
    payments: PAYMENTS,
    runs,
    medianBlockMaxMs: median(runs.map((r) => r.blockMax)),
    worstBlockMaxMs: Math.max(...runs.map((r) => r.blockMax)),
  }),
)
