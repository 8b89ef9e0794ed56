// The payments list's store with a fake port (no browser): one continuous list that starts at the
// top or at an id and grows by the last page's next link; far pages dropped and fetched again;
// starts that overtake each other; waiting for a rate limit and cancelling; errors; filters;
// preferences from storage; the detail; a connection switch.
import { describe, expect, it, vi } from 'vitest'
import type { Payment, PaymentList } from '../../../../src/shared/api-types'
import type { ChannelInput, ChannelOutput } from '../../../../src/shared/ipc/contract'
import { toPageResult } from '../../../../src/shared/payments-page'
import {
  createPaymentsStore,
  DEFAULT_PREFS,
  parsePrefs,
  type PaymentsPort,
  type PrefsStorage,
} from '../../../../src/renderer/src/stores/payments-store'
import { createEntitiesStore } from '../../../../src/renderer/src/stores/entities'
import { deferred, ipcError, settle, type Deferred } from '../../helpers/store-fakes'
import { present } from '../../../helpers/present'
import { eur } from '../../../helpers/order-bodies'
import { payment } from '../../helpers/story-objects'

const BASE = 'https://api.example/v2/payments'

/** The service's n-th payment (the newest has the highest n). */
function numbered(n: number): Payment {
  const id = `tr_${String(n).padStart(6, '0')}`
  return payment({ id, status: n % 3 === 0 ? 'paid' : 'open', amount: eur(`${n}.00`), description: `Order ${n}` })
}

type ListInput = ChannelInput<'payments.list'>

/** A service of `total` payments, newest (highest n) first, answering cursor pages as main would. */
function fakeService(total: number) {
  const all = Array.from({ length: total }, (_, i) => numbered(total - i))
  const calls: ListInput[] = []
  const canceled: string[] = []
  const progressListeners = new Set<(p: { exportId: string; written: number; total: number; done: boolean }) => void>()
  /** When set, the next list call waits for the test to answer it. */
  const held: Deferred<ChannelOutput<'payments.list'>>[] = []
  let holdNext = 0

  function page(from: number, limit: number): PaymentList {
    const rows = all.slice(from, from + limit)
    const link = (start: number) => `${BASE}?from=${all[start]?.id ?? ''}&limit=${limit}`
    const body: PaymentList = {
      count: rows.length,
      _embedded: { payments: rows },
      _links: {
        self: { href: link(from), type: 'application/hal+json' },
        next: from + limit < all.length ? { href: link(from + limit), type: 'application/hal+json' } : null,
        previous: from > 0 ? { href: link(Math.max(0, from - limit)), type: 'application/hal+json' } : null,
      },
    } as unknown as PaymentList
    return body
  }

  function answer(input: ListInput): ChannelOutput<'payments.list'> {
    let from = 0
    let limit = 50
    if ('link' in input && input.link) {
      const url = new URL(input.link)
      from = all.findIndex((p) => p.id === url.searchParams.get('from'))
      limit = Number(url.searchParams.get('limit'))
    } else if (input.query) {
      if (input.query.from) from = all.findIndex((p) => p.id === input.query?.from)
      if (input.query.limit) limit = input.query.limit
    }
    return toPageResult(page(from, limit), `req-${calls.length}`)
  }

  const port: PaymentsPort = {
    list(input) {
      calls.push(input)
      if (holdNext > 0) {
        holdNext--
        const d = deferred<ChannelOutput<'payments.list'>>()
        held.push(d)
        return d.promise
      }
      return Promise.resolve(answer(input))
    },
    get: ({ id }) => {
      const p = all.find((x) => x.id === id)
      return p
        ? Promise.resolve({ payment: p, requestId: `get-${id}` } as ChannelOutput<'payments.get'>)
        : Promise.reject(ipcError('api-error', `${id} was not found (404)`, { api: { status: 404 } }))
    },
    cancel: (requestKey) => {
      canceled.push(requestKey)
      return Promise.resolve({ canceled: true })
    },
    export: ({ ids }) => Promise.resolve({ path: '/tmp/x.csv', rows: ids.length } as ChannelOutput<'payments.export'>),
    onExportProgress(listener) {
      progressListeners.add(listener)
      return () => progressListeners.delete(listener)
    },
  }
  return {
    all,
    calls,
    canceled,
    progress: (p: { exportId: string; written: number; total: number; done: boolean }) =>
      progressListeners.forEach((l) => l(p)),
    listening: () => progressListeners.size,
    held,
    port,
    hold(n = 1) {
      holdNext = n
    },
    answer,
  }
}

function memoryStorage(initial: string | null = null): PrefsStorage & { text: string | null } {
  const s = {
    text: initial,
    read: () => s.text,
    write: (text: string) => {
      s.text = text
    },
  }
  return s
}

function setup(total = 120, options: { storage?: PrefsStorage; keepPages?: number } = {}) {
  const service = fakeService(total)
  let now = 1_000
  const entities = createEntitiesStore()
  const store = createPaymentsStore(service.port, {
    now: () => now++,
    storage: options.storage ?? memoryStorage(),
    listWindow: { keepPages: options.keepPages ?? 40, prefetchPages: 1 },
    entities,
  })
  const ids = () => store.getState().slots.flatMap((s) => s.ids)
  return { service, store, ids, entities }
}

describe('payments store', () => {
  it('starts at the newest payment and grows page by page by the last page’s next link, to the end', async () => {
    const { service, store, ids } = setup(120)
    await store.getState().loadFirst()
    // No limit and no sort sent: the service's defaults apply (spec 4.3).
    expect(present(service.calls[0]).query).toEqual({})
    expect(ids()).toEqual(service.all.slice(0, 50).map((p) => p.id))
    expect(store.getState().selectedIndex).toBe(0)
    await store.getState().loadMore()
    await store.getState().loadMore()
    expect(ids()).toEqual(service.all.map((p) => p.id))
    // Each further page came from the link the previous page named, verbatim.
    expect(service.calls.slice(1).map((c) => ('link' in c ? c.link : null))).toEqual([
      `${BASE}?from=${present(service.all[50]).id}&limit=50`,
      `${BASE}?from=${present(service.all[100]).id}&limit=50`,
    ])
    expect(service.calls.slice(1).map((c) => c.action)).toEqual(['load-more', 'load-more'])
    // The end of the list: nothing more is asked.
    expect(store.getState().slots.at(-1)?.nextLink).toBeNull()
    await store.getState().loadMore()
    expect(service.calls).toHaveLength(3)
  })

  it('reads the newest payments in a session of its own, leaving the list on screen as it was', async () => {
    const { service, store, ids } = setup(120)
    await store.getState().loadFirst()
    const shown = ids()
    const newest = await store.getState().readNewest(5)
    expect(newest.map((p) => p.id)).toEqual(service.all.slice(0, 5).map((p) => p.id))
    expect(service.calls.at(-1)).toMatchObject({
      sessionId: 'lost-write-lookup',
      query: { limit: 5 },
      action: 'refresh',
    })
    expect(service.calls.at(-1)?.sessionId).not.toBe(store.getState().sessionId)
    expect(ids()).toEqual(shown)
  })

  it("follows an export's progress while the screen listens, and not after", async () => {
    const { service, store } = setup(10)
    await store.getState().loadFirst()
    const exporting = store.getState().exportRows('csv', ['a', 'b', 'c'])
    const exportId = store.getState().exportState?.exportId ?? ''
    const stop = store.getState().listenExport()
    service.progress({ exportId, written: 2, total: 3, done: false })
    expect(store.getState().exportState).toMatchObject({ written: 2, total: 3 })
    stop()
    expect(service.listening()).toBe(0)
    service.progress({ exportId, written: 3, total: 3, done: false })
    expect(store.getState().exportState?.written).not.toBe(3)
    await exporting
  })

  it('starts from an id, with the page size and sort only when they differ from the defaults', async () => {
    const { service, store, ids } = setup(300)
    store.getState().setPrefs({ pageSize: 20, sort: 'asc' })
    await store.getState().startFrom(present(service.all[40]).id)
    expect(present(service.calls[0]).query).toEqual({ limit: 20, sort: 'asc', from: present(service.all[40]).id })
    expect(store.getState().start).toEqual({ kind: 'from', id: present(service.all[40]).id })
    expect(ids()[0]).toBe(present(service.all[40]).id)
    const listId = store.getState().listId
    await store.getState().loadFirst()
    expect(store.getState().start).toEqual({ kind: 'top' })
    expect(store.getState().listId).toBe(listId + 1)
  })

  it('a new page size starts the list at the first payment in view', async () => {
    const { service, store } = setup(300)
    await store.getState().loadFirst()
    await store.getState().loadMore()
    store.getState().setView(63, 80)
    await store.getState().setPageSize(25)
    expect(present(service.calls.at(-1)).query).toEqual({ limit: 25, from: present(service.all[63]).id })
    expect(store.getState().slots).toHaveLength(1)
    expect(store.getState().slots[0]?.ids[0]).toBe(present(service.all[63]).id)
  })

  it('keeps preferences in storage and reads edited or foreign values back as the defaults', () => {
    const storage = memoryStorage(
      '{"pageSize": 9999, "sort": "sideways", "density": 3, "hiddenColumns": {"mode": true, "x": "yes"}}',
    )
    const { store } = setup(10, { storage })
    expect(store.getState().prefs).toEqual({ ...DEFAULT_PREFS, hiddenColumns: { mode: true } })
    store.getState().setPrefs({ density: 'comfortable', pageSize: 100 })
    expect(parsePrefs(storage.text)).toEqual({
      ...DEFAULT_PREFS,
      hiddenColumns: { mode: true },
      density: 'comfortable',
      pageSize: 100,
    })
    expect(parsePrefs('not json')).toEqual(DEFAULT_PREFS)
    expect(parsePrefs('null')).toEqual(DEFAULT_PREFS)
  })

  it('a newer start overtakes an older one: the older is cancelled and its late answer dropped', async () => {
    const { service, store, ids } = setup(300)
    service.hold(2)
    const older = store.getState().startFrom(present(service.all[200]).id)
    const newer = store.getState().loadFirst()
    expect(service.canceled).toHaveLength(1)
    // The newer answer arrives first, then the older one.
    present(service.held[1]).resolve(service.answer(present(service.calls[1])))
    await newer
    present(service.held[0]).resolve(service.answer(present(service.calls[0])))
    await older
    expect(ids()[0]).toBe(present(service.all[0]).id)
    expect(store.getState().start).toEqual({ kind: 'top' })
    expect(store.getState().loading).toBe(false)
  })

  it('while main waits for the rate limit the page stays pending; cancelling asks main and is no error', async () => {
    const { service, store } = setup(120)
    await store.getState().loadFirst()
    service.hold()
    const more = store.getState().loadMore()
    expect(store.getState().pending.map((p) => p.action)).toEqual(['load-more'])
    // A second "load more" while one is on its way asks nothing.
    await store.getState().loadMore()
    expect(service.calls).toHaveLength(2)
    await store.getState().cancelPending()
    expect(service.canceled).toEqual([present(store.getState().pending[0]).requestKey])
    present(service.held[0]).reject(ipcError('canceled', 'The request was canceled.'))
    await more
    expect(store.getState().pending).toEqual([])
    expect(store.getState().error).toBeNull()
    expect(store.getState().slots).toHaveLength(1)
  })

  it('shows a refused page as an error view (429 after retries, network); a later start clears it', async () => {
    const { service, store } = setup(120)
    service.hold()
    const first = store.getState().loadFirst()
    present(service.held[0]).reject(
      ipcError('api-error', 'Too many requests', { api: { status: 429, title: 'Too Many Requests', detail: 'Wait' } }),
    )
    await first
    expect(store.getState().error).toMatchObject({ code: 'api-error', status: 429, title: 'Too Many Requests' })
    expect(store.getState().loading).toBe(false)
    await store.getState().loadMore() // nothing loaded: nothing to follow
    service.hold()
    const retry = store.getState().loadFirst()
    expect(store.getState().error).toBeNull()
    present(service.held[1]).reject(new Error('socket hang up'))
    await retry
    expect(store.getState().error).toMatchObject({ code: 'internal', message: 'socket hang up' })
    await store.getState().loadFirst()
    expect(store.getState().error).toBeNull()
    expect(store.getState().slots).toHaveLength(1)
  })

  it('a malformed page is an error, not an empty list', async () => {
    const { service, store } = setup(10)
    service.hold()
    const first = store.getState().loadFirst()
    present(service.held[0]).resolve({
      pageText: '{"_embedded": {}}',
      rowsText: '',
      shownText: '',
      ids: [],
      currencies: [],
      requestId: null,
    })
    await first
    expect(store.getState().error?.message).toContain('_embedded.payments')
    expect(store.getState().slots).toEqual([])
  })

  it('a page arrives without its rows being parsed: a row is read when drawn, and one unreadable row loses no other', async () => {
    const { service, store } = setup(10)
    service.hold()
    const first = store.getState().loadFirst()
    const reply = service.answer(present(service.calls[0]))
    const rowsText = reply.rowsText
      .split('\n')
      .map((t, i) => (i === 3 ? '{"id": ' : t))
      .join('\n')
    present(service.held[0]).resolve({ ...reply, rowsText })
    await first
    expect(store.getState().error).toBeNull()
    const slot = present(store.getState().slots[0])
    expect(slot.ids).toEqual(service.all.map((p) => p.id))
    expect(slot.currencies).toEqual(['EUR'])
    expect(slot.rows?.at(2)).toEqual(service.all[2])
    // The broken row is a placeholder (null), not an error for the whole list.
    expect(slot.rows?.at(3)).toBeNull()
    expect(slot.rows?.at(4)).toEqual(service.all[4])
  })

  it('a reply with fewer rows than ids is an error', async () => {
    const { service, store } = setup(10)
    service.hold()
    const first = store.getState().loadFirst()
    const reply = service.answer(present(service.calls[0]))
    present(service.held[0]).resolve({ ...reply, rowsText: reply.rowsText.split('\n').slice(1).join('\n') })
    await first
    expect(store.getState().error?.message).toContain('no row for each payment id')
    expect(store.getState().slots).toEqual([])
  })

  it('a reply with fewer rows shown than ids is an error', async () => {
    const { service, store } = setup(10)
    service.hold()
    const first = store.getState().loadFirst()
    const reply = service.answer(present(service.calls[0]))
    present(service.held[0]).resolve({ ...reply, shownText: reply.shownText.split('\n').slice(1).join('\n') })
    await first
    expect(store.getState().error?.message).toContain('no row for each payment id')
    expect(store.getState().slots).toEqual([])
  })

  it('drops the rows of far pages and fetches them again through their self link when scrolled back', async () => {
    const { service, store } = setup(300, { keepPages: 1 })
    await store.getState().loadFirst()
    for (let i = 0; i < 4; i++) await store.getState().loadMore()
    expect(store.getState().slots).toHaveLength(5)
    // Viewing the last page: pages 0..2 are far (keep ±1) and lose their rows, not their ids.
    store.getState().ensureWindow(220, 240)
    expect(store.getState().slots.map((s) => s.state)).toEqual(['dropped', 'dropped', 'dropped', 'loaded', 'loaded'])
    expect(store.getState().slots[0]?.ids).toHaveLength(50)
    const before = service.calls.length
    store.getState().ensureWindow(0, 20)
    await settle()
    const refetch = service.calls.slice(before)
    expect(refetch.map((c) => c.action)).toEqual(['refetch', 'refetch'])
    expect(refetch.map((c) => ('link' in c ? c.link : null))).toEqual([
      store.getState().slots[0]?.selfLink,
      store.getState().slots[1]?.selfLink,
    ])
    expect(
      store
        .getState()
        .slots[0]?.rows?.all()
        .map((p) => p.id),
    ).toEqual(service.all.slice(0, 50).map((p) => p.id))
  })

  it('filters: a change selects the first match, clearing ends it', async () => {
    const { store } = setup(20)
    await store.getState().loadFirst()
    store.getState().select(7)
    store.getState().setFilter({ statuses: ['paid'] })
    expect(store.getState().filter.statuses).toEqual(['paid'])
    expect(store.getState().selectedIndex).toBe(0)
    store.getState().setFilter({ minAmount: '5' })
    expect(store.getState().filter).toMatchObject({ statuses: ['paid'], minAmount: '5' })
    store.getState().clearFilter()
    expect(store.getState().filter.statuses).toEqual([])
    expect(store.getState().filter.minAmount).toBe('')
  })

  it('opens a detail fresh, drops a late answer for another payment, and shows a 404', async () => {
    const { service, store, entities } = setup(20)
    const a = store.getState().openDetail(present(service.all[3]).id)
    expect(store.getState().detail).toMatchObject({ loading: true })
    expect(entities.getState().payments[present(service.all[3]).id]).toBeUndefined()
    const b = store.getState().openDetail('tr_missing')
    await Promise.all([a, b])
    expect(store.getState().detail).toMatchObject({ id: 'tr_missing', loading: false })
    expect(entities.getState().payments['tr_missing']).toBeUndefined()
    expect(store.getState().detail?.error?.status).toBe(404)
    // The late answer for the other payment is not the detail's, but the cache keeps it (it is newer).
    expect(entities.getState().payments[present(service.all[3]).id]?.value.id).toBe(present(service.all[3]).id)
    await store.getState().openDetail(present(service.all[5]).id)
    expect(entities.getState().payments[present(service.all[5]).id]?.value).toEqual(present(service.all[5]))
    await store.getState().refreshDetail()
    expect(store.getState().detail).toMatchObject({ loading: false, requestId: `get-${present(service.all[5]).id}` })
  })

  it('a payment opened from elsewhere is the list’s selection, or no row is when it is not listed', async () => {
    const { service, store } = setup(120)
    await store.getState().loadFirst()
    store.getState().select(0)
    await store.getState().openDetail(present(service.all[7]).id)
    expect(store.getState().selectedIndex).toBe(7)
    await store.getState().openDetail(present(service.all[110]).id)
    expect(store.getState().selectedIndex).toBe(-1)
    // Opened from its row: the row's own selection stays.
    store.getState().select(3)
    await store.getState().openDetail(present(service.all[3]).id, { payment: present(service.all[3]), requestId: null })
    expect(store.getState().selectedIndex).toBe(3)
    // The list started over with a payment open: its row when the new list holds it, else none.
    await store.getState().openDetail(present(service.all[5]).id)
    await store.getState().loadFirst()
    expect(store.getState().selectedIndex).toBe(5)
    await store.getState().openDetail(present(service.all[100]).id)
    await store.getState().loadFirst()
    expect(store.getState().selectedIndex).toBe(-1)
    store.getState().closeDetail()
    await store.getState().loadFirst()
    expect(store.getState().selectedIndex).toBe(0)
    // With a filter on, the list's rows are numbered apart: no row is selected.
    store.getState().setFilter({ text: 'Order' })
    await store.getState().openDetail(present(service.all[2]).id)
    expect(store.getState().selectedIndex).toBe(-1)
    // Nor when the list starts over under the filter with that payment open.
    await store.getState().loadFirst()
    expect(store.getState().selectedIndex).toBe(-1)
  })

  it('a payment opened from its row is in the cache as old as its page: a copy read since stays', async () => {
    const { store, service, entities } = setup(10)
    await store.getState().loadFirst()
    const row = present(service.all[2])
    const newer = { ...row, status: 'paid', amountRefunded: { currency: 'EUR', value: '1.00' } } as typeof row
    entities.getState().put('payments', row.id, newer)
    let answer!: (value: Awaited<ReturnType<PaymentsPort['get']>>) => void
    vi.spyOn(service.port, 'get').mockReturnValue(new Promise((resolve) => (answer = resolve)))
    const open = store.getState().openDetail(row.id, { payment: row, requestId: null })
    expect(entities.getState().payments[row.id]?.value).toBe(newer)
    answer({ payment: row, requestId: 'get-late', context: { order: null, deliveries: null } })
    await open
    // The detail's own read was asked after the newer copy was put: it is the newest now.
    expect(entities.getState().payments[row.id]?.value).toBe(row)
  })

  it('on a connection switch: a new session, the old list, detail and export gone, the new list loaded', async () => {
    const { service, store } = setup(120)
    await store.getState().loadFirst()
    await store.getState().openDetail(present(service.all[1]).id)
    await store.getState().exportRows('csv', ['tr_000001'])
    const oldSession = store.getState().sessionId
    service.hold()
    const lateMore = store.getState().loadMore()
    await store.getState().connectionChanged()
    // The page still on its way for the old list was cancelled, and its answer is dropped.
    expect(service.canceled).toHaveLength(1)
    present(service.held[0]).resolve(service.answer(present(service.calls[1])))
    await lateMore
    const state = store.getState()
    expect(state.sessionId).not.toBe(oldSession)
    expect(state.detail).toBeNull()
    expect(state.exportState).toBeNull()
    expect(state.slots).toHaveLength(1)
    expect(present(service.calls.at(-1)).sessionId).toBe(state.sessionId)
    expect(present(service.calls.at(-1)).action).toBe('first')
  })

  it('a connection switch before the screen was opened loads nothing', async () => {
    const { service, store } = setup(10)
    await store.getState().connectionChanged()
    expect(service.calls).toHaveLength(0)
    expect(store.getState().started).toBe(false)
  })

  it('exports the ids asked for and reports where main wrote them', async () => {
    const { store } = setup(10)
    await store.getState().exportRows('json', ['tr_000001', 'tr_000002'])
    expect(store.getState().exportState).toMatchObject({ done: true, path: '/tmp/x.csv', written: 2, canceled: false })
    store.getState().dismissExport()
    expect(store.getState().exportState).toBeNull()
  })
})
