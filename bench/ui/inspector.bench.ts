// Benchmark of the Inspector with 10,000 logged requests, in Chromium on the BUILT renderer
// (`npm run bench:inspector` builds first).
//   npx tsx bench/ui/inspector.bench.ts [--entries N] [--runs N]
//
// The 10,000 entries are appended DIRECTLY to the app's request log service (record(), the same
// entry point the API client's onAttempt uses) as realistic attempt events: a mix of list/get/
// create calls with ~1 kB JSON bodies, 422s with a field, 429→retry pairs and 503s. Generating
// them through real sandbox requests would measure the sandbox, not the Inspector.
//
// Measured in the page (performance.now around the DOM event, until the next frame is painted):
// - filter: type into "Path contains" → the filtered, virtualized list is rendered;
// - open detail: click a row → its detail (fetched from main over IPC) is rendered.
// The IPC of the harness goes through a Playwright binding, slower than Electron's; the figures
// are an upper bound for the app. The last line printed is one JSON object with the medians.

import { randomUUID } from 'node:crypto'
import type { AttemptEvent } from '../../src/shared/api-events'
import { createMemorySecretStore } from '../../test/helpers/memory-secret-store'
import { startHarness } from '../../test/e2e/harness'
import { numberOption } from '../lib/args'
import { median, percentile } from '../lib/stats'

const ENTRIES = numberOption('entries', 10_000)
const RUNS = numberOption('runs', 40)

function paymentBody(id: string): string {
  return JSON.stringify({
    resource: 'payment',
    id,
    mode: 'test',
    status: 'open',
    amount: { currency: 'EUR', value: '24.95' },
    description: `Order ${id.slice(3, 9)}`,
    redirectUrl: 'https://shop.example/return',
    metadata: { customer: 'cus_' + id.slice(3, 11), note: 'x'.repeat(600) },
    createdAt: new Date().toISOString(),
    _links: { self: { href: `https://api.example/v2/payments/${id}`, type: 'application/hal+json' } },
  })
}

function events(i: number, base: number): AttemptEvent[] {
  const requestId = randomUUID()
  const startedAt = base + i * 50
  const kind = i % 20
  const paymentId = `tr_${(1_000_000 + i).toString(36)}Bench`
  const common = {
    requestId,
    attempt: 1,
    startedAt,
    requestHeaders: { authorization: 'Bearer ***', accept: 'application/hal+json', 'user-agent': 'Paydesk' },
    responseBodyTruncated: false,
    timings: { queuedMs: kind % 3, connectMs: 0, headersMs: 18 + (i % 40), totalMs: 22 + (i % 40) },
    retryReason: null,
    nextWaitMs: null,
    notes: [],
  }
  const rl = (policy: string, r: number) => ({
    'content-type': 'application/hal+json',
    ratelimit: `"${policy}";r=${r};t=1;service-burst=${Math.max(0, r - 10)}`,
    'ratelimit-policy': `"${policy}";q=10;w=2;service-burst=20`,
  })
  const info = (policy: string, r: number, retryAfter: number | null = null) => ({
    policy,
    q: 10,
    w: 2,
    burst: 20,
    r,
    t: 1,
    serviceBurst: Math.max(0, r - 10),
    retryAfter,
  })
  if (kind < 12) {
    return [
      {
        ...common,
        method: 'GET',
        url: `http://127.0.0.1:4010/v2/payments/${paymentId}`,
        requestBody: null,
        status: 200,
        responseHeaders: rl('get-v2-payments', 15),
        responseBody: paymentBody(paymentId),
        rateLimit: info('get-v2-payments', 15),
        outcome: 'success',
        error: null,
        idempotencyKey: null,
        bucket: 'get-v2-payments',
        requestClass: 'read',
        origin: { screen: 'payments', action: 'open payment' },
      },
    ]
  }
  if (kind < 15) {
    const body = JSON.stringify({
      orderNumber: `B-${i}`,
      amount: { currency: 'EUR', value: '10.00' },
      lines: [{ name: 'Item', quantity: 1 }],
    })
    return [
      {
        ...common,
        method: 'POST',
        url: 'http://127.0.0.1:4010/v2/orders',
        requestBody: body,
        status: 422,
        requestHeaders: {
          ...common.requestHeaders,
          'content-type': 'application/json',
          'idempotency-key': randomUUID(),
        },
        responseHeaders: rl('post-v2-orders', 8),
        responseBody: JSON.stringify({
          status: 422,
          title: 'Unprocessable Entity',
          detail: 'The field billingAddress is required.',
          field: 'billingAddress',
        }),
        rateLimit: info('post-v2-orders', 8),
        outcome: 'failed',
        error: { kind: 'http', message: '422 Unprocessable Entity' },
        idempotencyKey: randomUUID(),
        bucket: 'post-v2-orders',
        requestClass: 'write',
        origin: { screen: 'orders', action: 'create order' },
      },
    ]
  }
  if (kind < 18) {
    const url = `http://127.0.0.1:4010/v2/payments?limit=50&from=${paymentId}`
    const first: AttemptEvent = {
      ...common,
      method: 'GET',
      url,
      requestBody: null,
      status: 429,
      responseHeaders: { ...rl('get-v2-payments', 0), 'retry-after': '1' },
      responseBody: JSON.stringify({
        status: 429,
        title: 'Too Many Requests',
        detail: 'Wait for Retry-After seconds.',
      }),
      rateLimit: info('get-v2-payments', 0, 1),
      outcome: 'retry',
      error: { kind: 'http', message: '429 Too Many Requests' },
      retryReason: 'status 429',
      nextWaitMs: 1040,
      idempotencyKey: null,
      bucket: 'get-v2-payments',
      requestClass: 'read',
      origin: { screen: 'payments', action: 'list payments' },
    }
    const list = JSON.stringify({
      count: 3,
      _embedded: { payments: [paymentBody(paymentId), paymentBody(paymentId + 'a')].map((b) => JSON.parse(b)) },
    })
    return [
      first,
      {
        ...first,
        attempt: 2,
        startedAt: startedAt + 1040,
        status: 200,
        responseHeaders: rl('get-v2-payments', 9),
        responseBody: list,
        rateLimit: info('get-v2-payments', 9),
        outcome: 'success',
        error: null,
        retryReason: null,
        nextWaitMs: null,
      },
    ]
  }
  return [
    {
      ...common,
      method: 'GET',
      url: `http://127.0.0.1:4010/v2/orders/ord_${i.toString(36)}`,
      requestBody: null,
      status: 503,
      responseHeaders: rl('get-v2-orders', 12),
      responseBody: JSON.stringify({ status: 503, title: 'Service Unavailable', detail: 'Retry later.' }),
      rateLimit: info('get-v2-orders', 12),
      outcome: 'failed',
      error: { kind: 'http', message: '503 Service Unavailable' },
      idempotencyKey: null,
      bucket: 'get-v2-orders',
      requestClass: 'read',
      origin: null,
    },
  ]
}

/** Types into "Path contains"; resolves with the ms until the next frame after React rendered. */
const FILTER_IN_PAGE = `async function (value) {
  const input = document.querySelector('[data-testid="filter-path"]')
  const setValue = Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value').set
  const t0 = performance.now()
  setValue.call(input, value)
  input.dispatchEvent(new Event('input', { bubbles: true }))
  // React renders a discrete input update synchronously; then wait for the frame to be painted.
  await new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve, 0)))
  return performance.now() - t0
}`

/** Clicks the n-th visible row other than the open one; resolves when its detail is painted. */
const OPEN_IN_PAGE = `async function (n) {
  const rows = [...document.querySelectorAll('[data-testid="request-row"]')]
  const open = document.querySelector('[data-testid="request-detail"]')?.getAttribute('data-entry-id')
  const candidates = rows.filter((r) => r.getAttribute('data-entry-id') !== open)
  const row = candidates[n % candidates.length]
  const id = row.getAttribute('data-entry-id')
  const selector = '[data-testid="request-detail"][data-entry-id="' + id + '"]'
  const t0 = performance.now()
  row.click()
  await new Promise((resolve) => {
    if (document.querySelector(selector)) return resolve()
    const observer = new MutationObserver(() => {
      if (document.querySelector(selector)) {
        observer.disconnect()
        resolve()
      }
    })
    observer.observe(document.body, { subtree: true, childList: true, attributes: true })
  })
  await new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve, 0)))
  return performance.now() - t0
}`

const h = await startHarness({ name: 'inspector-bench', deps: { secretStore: createMemorySecretStore() } })
try {
  const log = h.services.requestLog
  await log.ready()
  const base = Date.now() - ENTRIES * 50
  const loadStart = performance.now()
  for (let i = 0; i < ENTRIES; i++) for (const e of events(i, base)) log.record(e, { id: 'sandbox', label: 'Sandbox' })
  const recordMs = performance.now() - loadStart
  await log.flush()
  const searchRuns: number[] = []
  for (let i = 0; i < 10; i++) {
    const t0 = performance.now()
    await log.search(i % 2 ? 'billingAddress' : `b-${i * 37}`)
    searchRuns.push(performance.now() - t0)
  }

  const { page } = h
  await page
    .getByRole('button', { name: /^Inspector/ })
    .click({ timeout: 10_000 })
    .catch(async (error: unknown) => {
      console.error('console errors:', h.consoleErrors)
      await h.screenshot('stuck')
      throw error
    })
  await page.getByTestId('request-row').first().waitFor({ timeout: 60_000 })
  const count = await page.getByTestId('inspector-count').textContent()
  if (!count?.includes(ENTRIES.toLocaleString('en-US'))) console.error(`(count shows "${count}")`)

  // Filter: alternate between narrowing and widening values, so the list changes every run.
  // (In-page code is passed as text: tsx's keepNames would otherwise inject `__name` calls.)
  const filterValues = ['/v2/orders', '', 'tr_', '/v2/payments?limit', '', 'bench', '503', '/v2/payments/tr_1']
  const filterMs: number[] = []
  for (let run = 0; run < RUNS; run++) {
    const value = filterValues[run % filterValues.length]
    filterMs.push(await page.evaluate<number>(`(${FILTER_IN_PAGE})(${JSON.stringify(value)})`))
  }
  await page.evaluate(`(${FILTER_IN_PAGE})('')`)

  // Open detail: click a visible row that is not the open one, until its detail is rendered.
  const openMs: number[] = []
  for (let run = 0; run < RUNS; run++) openMs.push(await page.evaluate<number>(`(${OPEN_IN_PAGE})(${run * 3})`))

  const rows: [string, string, string][] = [
    ['entries loaded (record())', `${ENTRIES}`, `${recordMs.toFixed(0)} ms total`],
    [
      'body search in main (10 runs)',
      `median ${median(searchRuns).toFixed(1)} ms`,
      `p90 ${percentile(searchRuns, 90).toFixed(1)} ms`,
    ],
    [
      `filter → list painted (${RUNS} runs)`,
      `median ${median(filterMs).toFixed(1)} ms`,
      `p90 ${percentile(filterMs, 90).toFixed(1)} ms`,
    ],
    [
      `click → detail painted (${RUNS} runs)`,
      `median ${median(openMs).toFixed(1)} ms`,
      `p90 ${percentile(openMs, 90).toFixed(1)} ms`,
    ],
  ]
  console.log('Inspector benchmark (target: medians < 50 ms)')
  for (const [a, b, c] of rows) console.log(`  ${a.padEnd(36)} ${b.padEnd(22)} ${c}`)
  console.log(
    JSON.stringify({
      filterMsMedian: Number(median(filterMs).toFixed(1)),
      openDetailMsMedian: Number(median(openMs).toFixed(1)),
      bodySearchMsMedian: Number(median(searchRuns).toFixed(1)),
      entries: ENTRIES,
    }),
  )
} finally {
  await h.close()
}
