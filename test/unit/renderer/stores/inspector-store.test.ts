// The Inspector's store with a fake port and manual timers (no browser): loading and its error,
// events merged while and after loading, the quick filters and the body search (debounced, stale
// answers dropped), the open entry, tags, and the rate-limit waits the status bar shows.
import { describe, expect, it } from 'vitest'
import type { BucketSnapshot } from '../../../../src/shared/api-events'
import type {
  RequestLogAppended,
  RequestLogEntry,
  RequestLogListView,
  RequestLogSummary,
} from '../../../../src/shared/request-log-types'
import { tightestBucket, waitSeconds } from '../../../../src/renderer/src/lib/rate-limits'
import {
  BODY_REFRESH_DELAY_MS,
  BODY_SEARCH_DELAY_MS,
  createInspectorStore,
  filterRows,
  MAX_ROWS,
  type InspectorPort,
} from '../../../../src/renderer/src/stores/inspector-store'
import { present } from '../../../helpers/present'
import { bucketSnapshot } from '../../helpers/bucket-snapshot'
import { deferred, ipcError, manualTimers, settle, type Deferred } from '../../helpers/store-fakes'
import { summaryRow } from '../../helpers/request-log-fixtures'

/** Main's side: answers the test controls, and the two event feeds. */
function fakeMain() {
  const lists: Deferred<RequestLogListView>[] = []
  const gets = new Map<string, Deferred<RequestLogEntry>>()
  const searches: { text: string; answer: Deferred<{ ids: string[] }> }[] = []
  const appended = new Set<(payload: RequestLogAppended) => void>()
  const changed = new Set<(buckets: BucketSnapshot[]) => void>()
  const state = deferred<BucketSnapshot[]>()
  /** The errands the agent runs from the Inspector, as main received them. */
  const errands: string[] = []
  const clears: Deferred<{ cleared: number }>[] = []
  const port: InspectorPort = {
    list() {
      const answer = deferred<RequestLogListView>()
      lists.push(answer)
      return answer.promise
    },
    get(id) {
      const answer = deferred<RequestLogEntry>()
      gets.set(id, answer)
      return answer.promise
    },
    search(text) {
      const answer = deferred<{ ids: string[] }>()
      searches.push({ text, answer })
      return answer.promise
    },
    rateLimitState: () => state.promise,
    async curl(id, attempt) {
      errands.push(`curl ${id} ${attempt}`)
      return { command: `curl ${id}` }
    },
    async tag(ids, tag, remove) {
      errands.push(`tag ${ids.join(',')} ${tag} ${remove}`)
      return { updated: ids.length }
    },
    async export(ids, format) {
      errands.push(`export ${ids.join(',')} ${format}`)
      return { saved: false }
    },
    clear() {
      errands.push('clear')
      const answer = deferred<{ cleared: number }>()
      clears.push(answer)
      return answer.promise
    },
    onAppended(listener) {
      appended.add(listener)
      return () => appended.delete(listener)
    },
    onRateLimitChanged(listener) {
      changed.add(listener)
      return () => changed.delete(listener)
    },
  }
  return {
    port,
    lists,
    gets,
    searches,
    state,
    errands,
    clears,
    append: (payload: RequestLogAppended) => appended.forEach((l) => l(payload)),
    bucketsChanged: (buckets: BucketSnapshot[]) => changed.forEach((l) => l(buckets)),
    listeners: () => ({ appended: appended.size, changed: changed.size }),
  }
}

function setup() {
  const main = fakeMain()
  const timers = manualTimers()
  const store = createInspectorStore(main.port, timers)
  return { main, timers, store }
}

async function loaded(rows: RequestLogSummary[]) {
  const s = setup()
  const loading = s.store.getState().load()
  present(s.main.lists[0], 'the list call').resolve({ entries: rows, persisted: true, notice: null })
  await loading
  return s
}

function entry(id: string, tags: string[] = []): RequestLogEntry {
  return { id, tags } as unknown as RequestLogEntry
}

describe('inspector store: loading', () => {
  it('shows loading, then the rows and main’s notice; a failed list shows its message', async () => {
    const { main, store } = setup()
    const loading = store.getState().load()
    expect(store.getState().status).toBe('loading')
    present(main.lists[0]).resolve({
      entries: [summaryRow(2), summaryRow(1)],
      persisted: false,
      notice: 'Kept in memory only',
    })
    await loading
    expect(store.getState()).toMatchObject({ status: 'ready', notice: 'Kept in memory only', persisted: false })
    expect(store.getState().rows.map((r) => r.id)).toEqual(['e2', 'e1'])

    const again = store.getState().load()
    present(main.lists[1]).reject(ipcError('internal', 'The request log could not be read.'))
    await again
    expect(store.getState()).toMatchObject({ status: 'error', error: 'The request log could not be read.' })
  })

  it('keeps the events that arrive while the list loads and applies them on top of its answer', async () => {
    const { main, store } = setup()
    const loading = store.getState().load()
    main.append({ entries: [summaryRow(3)] })
    main.append({ entries: [summaryRow(2, { status: 500, statusClass: '5xx' })] })
    present(main.lists[0]).resolve({ entries: [summaryRow(2), summaryRow(1)], persisted: true, notice: null })
    await loading
    const rows = store.getState().rows
    expect(rows.map((r) => r.id)).toEqual(['e3', 'e2', 'e1'])
    expect(rows[1]?.status).toBe(500)
  })

  it('subscribes to the feeds once however often it loads, and ignores events before the first load', async () => {
    const { main, store } = setup()
    store.getState().startFeeds()
    main.append({ entries: [summaryRow(9)] })
    expect(store.getState().rows).toEqual([])
    const first = store.getState().load()
    present(main.lists[0]).resolve({ entries: [], persisted: true, notice: null })
    await first
    const second = store.getState().load()
    present(main.lists[1]).resolve({ entries: [], persisted: true, notice: null })
    await second
    expect(main.listeners()).toEqual({ appended: 1, changed: 1 })
  })
})

describe('inspector store: events after loading', () => {
  it('puts new rows first, replaces changed rows in place, and keeps at most MAX_ROWS', async () => {
    const { main, store } = await loaded([summaryRow(2), summaryRow(1)])
    main.append({ entries: [summaryRow(1, { tags: ['case-1'] }), summaryRow(3)] })
    expect(store.getState().rows.map((r) => [r.id, r.tags])).toEqual([
      ['e3', []],
      ['e2', []],
      ['e1', ['case-1']],
    ])
    const many = Array.from({ length: MAX_ROWS }, (_, i) => summaryRow(100 + i))
    main.append({ entries: many })
    expect(store.getState().rows).toHaveLength(MAX_ROWS)
    expect(store.getState().rows[0]?.seq).toBe(100 + MAX_ROWS - 1)
  })

  it('a cleared log empties the list, the ticks and the open entry', async () => {
    const { main, store } = await loaded([summaryRow(2), summaryRow(1)])
    store.getState().setChecked(['e1', 'e2'])
    store.getState().select('e1')
    main.append({ entries: [], cleared: true })
    expect(store.getState()).toMatchObject({ rows: [], selectedId: null, detail: null, detailStatus: 'idle' })
    expect(store.getState().checked.size).toBe(0)
  })
})

describe('inspector store: filters', () => {
  const rows = [
    summaryRow(5, {
      method: 'POST',
      path: '/v2/orders',
      status: 422,
      statusClass: '4xx',
      outcome: 'failed',
      tags: ['case-7'],
    }),
    summaryRow(4, { connectionId: 'live-1', path: '/v2/payments/tr_abc' }),
    summaryRow(3, { status: null, statusClass: 'network', outcome: 'failed', errorKind: 'network' }),
    summaryRow(2, { startedAt: 500 }),
  ]
  const ids = (list: RequestLogSummary[]) => list.map((r) => r.id)

  it('setFilter adds to the filter; each quick filter narrows the rows', async () => {
    const { store } = await loaded(rows)
    const visible = () => ids(filterRows(store.getState().rows, store.getState().filter, store.getState().bodyMatches))
    expect(visible()).toEqual(['e5', 'e4', 'e3', 'e2'])
    store.getState().setFilter({ errorsOnly: true })
    expect(visible()).toEqual(['e5', 'e3'])
    store.getState().setFilter({ method: 'POST' })
    expect(store.getState().filter).toEqual({ errorsOnly: true, method: 'POST' })
    expect(visible()).toEqual(['e5'])
    store.getState().resetFilter()
    store.getState().setFilter({ statusClass: 'network' })
    expect(visible()).toEqual(['e3'])
    store.getState().setFilter({ statusClass: 'all', connectionId: 'live-1' })
    expect(visible()).toEqual(['e4'])
    store.getState().resetFilter()
    store.getState().setFilter({ tag: 'case-7' })
    expect(visible()).toEqual(['e5'])
    store.getState().resetFilter()
    store.getState().setFilter({ pathText: '  TR_ABC ' })
    expect(visible()).toEqual(['e4'])
    store.getState().resetFilter()
    store.getState().setFilter({ from: 1_000, to: 4_000 })
    expect(visible()).toEqual(['e4', 'e3'])
  })

  it('"2xx success" leaves out a 2xx whose body could not be read; "Errors only" has it', async () => {
    const badReply = summaryRow(6, { outcome: 'failed', errorKind: 'malformed-response' })
    const { store } = await loaded([badReply, ...rows])
    const visible = () => ids(filterRows(store.getState().rows, store.getState().filter, store.getState().bodyMatches))
    store.getState().setFilter({ statusClass: '2xx' })
    expect(visible()).toEqual(['e4', 'e2'])
    store.getState().resetFilter()
    store.getState().setFilter({ errorsOnly: true })
    expect(visible()).toEqual(['e6', 'e5', 'e3'])
  })

  it('the body search asks main once the typing pauses, and only its newest answer counts', async () => {
    const { main, timers, store } = await loaded(rows)
    store.getState().setBodyText('t')
    store.getState().setBodyText('tr_abc ')
    expect(store.getState().bodySearching).toBe(true)
    expect(main.searches).toHaveLength(0)
    expect(timers.pending()).toBe(1)
    expect(timers.delays).toEqual([BODY_SEARCH_DELAY_MS, BODY_SEARCH_DELAY_MS])
    timers.runAll()
    expect(main.searches.map((s) => s.text)).toEqual(['tr_abc'])

    store.getState().setBodyText('ord_')
    timers.runAll()
    present(main.searches[1]).answer.resolve({ ids: ['e5'] })
    present(main.searches[0]).answer.resolve({ ids: ['e4'] }) // the older search answers late
    await settle()
    expect(store.getState()).toMatchObject({ bodySearching: false, bodyError: null })
    expect([...(store.getState().bodyMatches ?? [])]).toEqual(['e5'])
    expect(ids(filterRows(store.getState().rows, store.getState().filter, store.getState().bodyMatches))).toEqual([
      'e5',
    ])
  })

  it('a failed body search says why; clearing the text stops a pending search and shows every row', async () => {
    const { main, timers, store } = await loaded(rows)
    store.getState().setBodyText('x')
    timers.runAll()
    present(main.searches[0]).answer.reject(ipcError('internal', 'The search could not run.'))
    await settle()
    expect(store.getState()).toMatchObject({ bodySearching: false, bodyError: 'The search could not run.' })

    store.getState().setBodyText('y')
    store.getState().setBodyText('   ')
    expect(timers.pending()).toBe(0)
    expect(store.getState()).toMatchObject({ bodyMatches: null, bodySearching: false, bodyError: null })
  })

  it('new rows refresh a running body search; resetFilter drops it', async () => {
    const { main, timers, store } = await loaded(rows)
    store.getState().setBodyText('needle')
    timers.runAll()
    present(main.searches[0]).answer.resolve({ ids: ['e2'] })
    await settle()
    main.append({ entries: [summaryRow(6)] })
    expect(timers.delays.at(-1)).toBe(BODY_REFRESH_DELAY_MS)
    timers.runAll()
    expect(main.searches.map((s) => s.text)).toEqual(['needle', 'needle'])
    store.getState().resetFilter()
    expect(store.getState()).toMatchObject({ filter: {}, bodyText: '', bodyMatches: null })
  })
})

describe('inspector store: the open entry, ticks and tags', () => {
  it('loads the selected entry; a late answer for an entry no longer selected is dropped', async () => {
    const { main, store } = await loaded([summaryRow(2), summaryRow(1)])
    store.getState().select('e1', { scroll: true })
    expect(store.getState()).toMatchObject({ selectedId: 'e1', detailStatus: 'loading', scrollRequest: 1 })
    store.getState().select('e2')
    expect(store.getState().scrollRequest).toBe(1)
    present(main.gets.get('e2')).resolve(entry('e2'))
    present(main.gets.get('e1')).resolve(entry('e1'))
    await settle()
    expect(store.getState()).toMatchObject({ selectedId: 'e2', detailStatus: 'ready' })
    expect(store.getState().detail?.id).toBe('e2')

    store.getState().select('e1')
    present(main.gets.get('e1')).reject(ipcError('not-found', 'This request is no longer in the log.'))
    await settle()
    expect(store.getState()).toMatchObject({
      detail: null,
      detailStatus: 'error',
      detailError: 'This request is no longer in the log.',
    })
    store.getState().select(null)
    expect(store.getState()).toMatchObject({ selectedId: null, detailStatus: 'idle', detailError: null })
  })

  it('ticks rows and adds or removes a tag on rows and the open entry', async () => {
    const { main, store } = await loaded([summaryRow(2), summaryRow(1, { tags: ['a'] })])
    store.getState().toggleChecked('e1')
    store.getState().toggleChecked('e2')
    store.getState().toggleChecked('e1')
    expect([...store.getState().checked]).toEqual(['e2'])
    store.getState().select('e1')
    present(main.gets.get('e1')).resolve(entry('e1', ['a']))
    await settle()
    store.getState().replaceTags(['e1', 'e2'], 'case-9', false)
    expect(store.getState().rows.map((r) => r.tags)).toEqual([['case-9'], ['a', 'case-9']])
    expect(store.getState().detail?.tags).toEqual(['a', 'case-9'])
    store.getState().replaceTags(['e1'], 'a', true)
    expect(store.getState().rows[1]?.tags).toEqual(['case-9'])
    expect(store.getState().detail?.tags).toEqual(['case-9'])
  })
})

describe('inspector store: errands through main', () => {
  it('tags in main first, then on the rows; a failed tag changes no row', async () => {
    const { main, store } = await loaded([summaryRow(2), summaryRow(1)])
    expect(await store.getState().tag(['e1', 'e2'], 'case-7', false)).toBe(2)
    expect(main.errands).toEqual(['tag e1,e2 case-7 false'])
    expect(store.getState().rows.map((r) => r.tags)).toEqual([['case-7'], ['case-7']])
    main.port.tag = async () => {
      throw ipcError('internal', 'The log file is locked.')
    }
    await expect(store.getState().tag(['e1'], 'case-7', true)).rejects.toThrow('The log file is locked.')
    expect(store.getState().rows.map((r) => r.tags)).toEqual([['case-7'], ['case-7']])
  })

  it('clears the log in main, then reads it again, and answers how many were cleared', async () => {
    const { main, store } = await loaded([summaryRow(2), summaryRow(1)])
    const clearing = store.getState().clearLog()
    expect(main.lists).toHaveLength(1)
    present(main.clears[0], 'the clear call').resolve({ cleared: 2 })
    await settle()
    present(main.lists[1], 'the second list call').resolve({ entries: [], persisted: true, notice: null })
    expect(await clearing).toBe(2)
    expect(store.getState().rows).toEqual([])
  })

  it('builds a cURL command and exports through main', async () => {
    const { main, store } = await loaded([summaryRow(1)])
    expect(await store.getState().curlCommand('e1', 2)).toBe('curl e1')
    expect(await store.getState().exportEntries(['e1'], 'har')).toEqual({ saved: false })
    expect(main.errands).toEqual(['curl e1 2', 'export e1 har'])
  })
})

describe('inspector store: rate limits', () => {
  it('shows main’s buckets and every change, so a wait after a 429 is shown with its seconds', async () => {
    const { main, store } = setup()
    store.getState().startFeeds()
    main.state.resolve([bucketSnapshot()])
    await settle()
    expect(store.getState().buckets).toEqual([bucketSnapshot()])
    const now = 1_000_000
    main.bucketsChanged([bucketSnapshot({ remaining: 0, pausedUntil: now + 2_500 })])
    const tightest = tightestBucket(store.getState().buckets, 'read', now)
    expect(tightest?.pausedUntil).toBe(now + 2_500)
    expect(waitSeconds(tightest, now)).toBe(3)
    main.bucketsChanged([bucketSnapshot({ remaining: 0, queued: 2 })])
    expect(store.getState().buckets[0]?.queued).toBe(2)
  })

  it('keeps the buckets empty (no error) when main cannot tell them yet', async () => {
    const { main, store } = setup()
    store.getState().startFeeds()
    main.state.reject(new Error('not ready'))
    await settle()
    expect(store.getState().buckets).toEqual([])
    expect(store.getState().error).toBeNull()
  })
})
