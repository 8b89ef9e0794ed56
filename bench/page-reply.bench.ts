// bench:page-reply — main's part of a page of the payments list: from the renderer's request to the
// reply leaving main, in-process, as the app runs it (npm run bench:page-reply [-- --runs 3]).
//   the real app services (a memory secret store), the real IPC dispatcher with main's secret
//   scrubber, the sandbox on loopback seeded with payments, pages of 250 ("List from this id").
// bench:ui measures a page from the reply's arrival in the renderer; the agent also waits for this.
// Per page size (50, the default, and 250, the most) and run (3 by default), 40 pages, every run
// printed:
//   total    dispatcher.invoke('payments.list') → its reply (HTTP to the in-process sandbox included:
//            the sandbox's own work for the page is part of it here, on a real service it is not);
//   http     baseline in the same run: the same GET of the same page with Node's fetch, no client;
//   log      the request log's part inside the call: the client reporting the attempt, timed around
//            the app's own call (the log only queues it);
//   after    the log's recording after the reply has left (the attempt redacted on the next turn
//            of the event loop): that turn, timed right after the reply; not part of total;
//   scrub    main's secret scrubber over the reply the dispatcher sends;
//   pack     main's packing of the page for the reply (toPageResult: the page, the payments' and
//            their listed fields' JSON lines), over the baseline's page.
// The sandbox's pages hold characters outside Latin-1 (Polish names), as real pages do. One known
// secret: the connection's key.
// The last line is one JSON object.

import { randomBytes } from 'node:crypto'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { createAppServices } from '../src/main/app-services'
import { createDispatcher } from '../src/main/ipc/dispatcher'
import { createSandboxAdmin } from '../src/sandbox'
import type { PaymentList } from '../src/shared/api-types'
import { toPageResult } from '../src/shared/payments-page'
import { DEFAULT_PAGE_SIZE, MAX_PAGE_SIZE } from '../src/shared/service/pagination'
import { createMemorySecretStore } from '../test/helpers/memory-secret-store'
import { median, percentile, printTable, round, spread } from './lib/stats'
import { numberOption } from './lib/args'

const RUNS = numberOption('runs', 3)
const PAGES = 40
const PAGE_SIZES = [DEFAULT_PAGE_SIZE, MAX_PAGE_SIZE]
const SEED_PAYMENTS = 20_000

const BASE62 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789'
const token = (n: number) => Array.from(randomBytes(n), (b) => BASE62[b % 62]).join('')

function timed<T>(f: () => T): [T, number] {
  const t0 = performance.now()
  const value = f()
  return [value, performance.now() - t0]
}

async function main(): Promise<void> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'paydesk-page-reply-'))
  const key = `test_${token(30)}`
  const adminToken = `admin_${token(30)}`
  const services = await createAppServices({
    secretStore: createMemorySecretStore(),
    dataDir,
    appInfo: {
      name: 'Paydesk',
      version: 'bench',
      platform: process.platform,
      versions: { node: process.versions.node, electron: null, chrome: null },
    },
    // Not used by a page of the list; the app's own ports open links, copy and ask.
    shell: { openExternal: async () => {} },
    clipboard: { writeText: () => {} },
    dialogs: { chooseSavePath: async () => null, ask: async (question) => question.cancelId },
    search: { autoSync: false },
    sandboxOptions: {
      keys: [key],
      adminToken,
      seedPayments: SEED_PAYMENTS,
      quotas: { test: { read: { q: 100_000, burst: 100_000 } } },
    },
  })
  const origin = 'http://paydesk.bench'
  const dispatcher = createDispatcher({
    handlers: services.handlers,
    trustedOrigins: [origin],
    scrub: services.scrubSecrets,
  })
  const sender = { frameUrl: `${origin}/index.html`, isAppWindow: true }
  try {
    await services.connections.getActiveClient()
    const active = await services.connections.activeView()
    const ids = await createSandboxAdmin(new URL(active.baseUrl ?? '').origin, adminToken).paymentIds('test', 'desc')
    // The request log's recording, timed around the app's own call (the client calls it per attempt).
    let log: number[] = []
    const record = services.requestLog.record.bind(services.requestLog)
    services.requestLog.record = (event, connection) => {
      log.push(timed(() => record(event, connection))[1])
    }
    const rows: string[][] = []
    const results: Array<
      Record<
        | 'pageSize'
        | 'run'
        | 'totalMsMedian'
        | 'totalMsP95'
        | 'httpMsMedian'
        | 'logMsMedian'
        | 'logAfterMsMedian'
        | 'scrubMsMedian'
        | 'packMsMedian',
        number
      >
    > = []
    for (const pageSize of PAGE_SIZES) {
      for (let run = 1; run <= RUNS; run++) {
        const total: number[] = []
        const http: number[] = []
        const scrub: number[] = []
        const after: number[] = []
        const pack: number[] = []
        log = []
        for (let i = 0; i < PAGES; i++) {
          const from = ids[((run - 1) * PAGES + i + 1) * 7] ?? ids[0]
          const input = { sessionId: 'bench', requestKey: 'list', action: 'from', query: { from, limit: pageSize } }
          const t0 = performance.now()
          const reply = await dispatcher.invoke(sender, 'payments.list', input)
          total.push(performance.now() - t0)
          const a0 = performance.now()
          await new Promise<void>((resolve) => setImmediate(resolve))
          after.push(performance.now() - a0)
          if (!reply.ok) throw new Error(`payments.list failed: ${JSON.stringify(reply).slice(0, 300)}`)
          const url = `${active.baseUrl}/payments?from=${from}&limit=${pageSize}`
          const h0 = performance.now()
          const text = await (await fetch(url, { headers: { authorization: `Bearer ${key}` } })).text()
          http.push(performance.now() - h0)
          const page = JSON.parse(text) as PaymentList
          pack.push(timed(() => toPageResult(page, null))[1])
          scrub.push(timed(() => services.scrubSecrets(reply))[1])
        }
        const result = {
          pageSize,
          run,
          totalMsMedian: round(median(total), 2),
          totalMsP95: round(percentile(total, 95), 2),
          httpMsMedian: round(median(http), 2),
          logMsMedian: round(median(log), 2),
          logAfterMsMedian: round(median(after), 2),
          scrubMsMedian: round(median(scrub), 2),
          packMsMedian: round(median(pack), 3),
        }
        results.push(result)
        const cells = [pageSize, run, result.totalMsMedian, result.totalMsP95, result.httpMsMedian, result.logMsMedian]
        rows.push([...cells, result.logAfterMsMedian, result.scrubMsMedian, result.packMsMedian].map(String))
      }
    }
    printTable(
      [
        'rows',
        'run',
        'total p50 (ms)',
        'total p95',
        'http baseline p50',
        'log p50',
        'log after p50',
        'scrub p50',
        'pack p50',
      ],
      rows,
    )
    const of = (size: number, pick: (r: (typeof results)[number]) => number) =>
      spread(results.filter((r) => r.pageSize === size).map(pick), 2)
    const summary = {
      bench: 'page-reply',
      pages: PAGES,
      runs: results,
      ...Object.fromEntries(
        PAGE_SIZES.map((size) => [
          `rows${size}`,
          {
            totalMsMedian: of(size, (r) => r.totalMsMedian),
            httpMsMedian: of(size, (r) => r.httpMsMedian),
            logMsMedian: of(size, (r) => r.logMsMedian),
            logAfterMsMedian: of(size, (r) => r.logAfterMsMedian),
            scrubMsMedian: of(size, (r) => r.scrubMsMedian),
            packMsMedian: of(size, (r) => r.packMsMedian),
          },
        ]),
      ),
    }
    console.log(JSON.stringify(summary))
  } finally {
    await services.dispose()
    rmSync(dataDir, { recursive: true, force: true })
  }
}

main().catch((error: unknown) => {
  console.error(error)
  process.exit(1)
})
