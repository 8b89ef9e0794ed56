// @vitest-environment happy-dom
// The payments screen's hooks over the window's real stores (only the preload bridge is faked), wired
// as the screen wires them (usePaymentsScreen): the rows shown with and without a filter, a row showing
// the cache's newer copy of its payment, a row opened with the payment the list holds, pages asked for
// as the agent scrolls (not while a filter numbers the rows), the first page on the first visit only,
// a payment another screen asked to open, what leaving the screen stops, and the screen's keys.
import { afterEach, describe, expect, it } from 'vitest'
import { act, cleanup } from '@testing-library/react'
import { usePaymentsScreen } from '../../../../../src/renderer/src/features/payments/use-payments-list'
import type { Payment } from '../../../../../src/shared/api-types'
import type { ChannelInput, ChannelOutput } from '../../../../../src/shared/ipc/contract'
import { toPageResult } from '../../../../../src/shared/payments-page'
import { installBridge, pressKey, renderInWindow, settled, windowStores } from '../../../helpers/hook-harness'
import type { Answers, WindowStores } from '../../../helpers/hook-harness'
import { listedPayment, paymentListOf } from '../../../helpers/listed-payment'
import { deferred } from '../../../helpers/store-fakes'
import { present } from '../../../../helpers/present'

/** The service's payments, newest first: three pages of two. */
const PAYMENTS = [
  listedPayment({ id: 'tr_p0a', description: 'Order 6' }),
  listedPayment({ id: 'tr_p0b', description: 'Order 5', status: 'open' }),
  listedPayment({ id: 'tr_p1a', description: 'Order 4', status: 'failed' }),
  listedPayment({ id: 'tr_p1b', description: 'Order 3' }),
  listedPayment({ id: 'tr_p2a', description: 'Order 2', status: 'open' }),
  listedPayment({ id: 'tr_p2b', description: 'Order 1' }),
]
const PAGES = 3
const paymentAt = (i: number): Payment => present(PAYMENTS[i], `payment ${i}`)
const linkTo = (page: number) => `http://127.0.0.1:4010/v2/payments?from=${PAYMENTS[2 * page]?.id}&limit=2`

function pageAnswer(page: number): ChannelOutput<'payments.list'> {
  const rows = PAYMENTS.slice(2 * page, 2 * page + 2)
  const next = page + 1 < PAGES ? linkTo(page + 1) : null
  return toPageResult(paymentListOf(rows, { self: linkTo(page), next }), `req_page${page}`)
}

/** Main's payments channels: the pages by their links, a payment read by id (its description says so). */
function serviceAnswers(): Answers {
  return {
    'payments.list': (input) => {
      const { link } = input as ChannelInput<'payments.list'>
      const from = link ? new URL(link).searchParams.get('from') : null
      return pageAnswer(from ? PAYMENTS.findIndex((p) => p.id === from) / 2 : 0)
    },
    'payments.get': (input) => {
      const { id } = input as { id: string }
      const payment = PAYMENTS.find((p) => p.id === id) ?? listedPayment({ id })
      return { payment: { ...payment, description: 'read by id' }, requestId: `req_get_${id}` }
    },
    'payments.cancel': { canceled: true },
  }
}

interface Opened {
  stores: WindowStores
  find: HTMLInputElement
}

/** The payments screen shown (its first page read), with its find box in the page. */
async function openPayments(answers: Answers = serviceAnswers(), before: (stores: WindowStores) => void = () => {}) {
  const bridge = installBridge(answers)
  const stores = windowStores()
  before(stores)
  const find = document.createElement('input')
  document.body.appendChild(find)
  const findRef = { current: find }
  const view = renderInWindow(stores, () => usePaymentsScreen(findRef).list)
  await settled()
  const payments = () => stores.app.payments.getState()
  const list = () => view.result.current
  const ids = () => Array.from({ length: list().rowCount }, (_, i) => list().shownAt(i)?.id ?? null)
  return { bridge, stores, view, find, payments, list, ids }
}

async function loadMore({ stores }: Opened, pages: number): Promise<void> {
  for (let i = 0; i < pages; i++) await act(() => stores.app.payments.getState().loadMore())
}

afterEach(() => {
  cleanup()
  document.body.innerHTML = ''
  window.history.replaceState(null, '', '/')
})

describe('usePaymentsScreen: the rows', () => {
  it('reads the first page on the first visit only, and shows its rows', async () => {
    const opened = await openPayments()
    const { bridge, stores, view, list, ids } = opened
    expect(bridge.inputsOf('payments.list')).toEqual([
      { sessionId: expect.any(String), requestKey: expect.any(String), action: 'first', query: {} },
    ])
    expect(ids()).toEqual(['tr_p0a', 'tr_p0b'])
    expect(list().shownAt(1)?.status).toBe('open')
    expect(list().filterActive).toBe(false)
    expect(list().filtered).toBeNull()
    // Back on the screen later: the list kept while away is shown, not read again.
    view.unmount()
    renderInWindow(stores, () => usePaymentsScreen({ current: null }).list)
    await settled()
    expect(bridge.inputsOf('payments.list')).toHaveLength(1)
  })

  it('shows the rows a filter keeps, from every page loaded, and all of them again without it', async () => {
    const opened = await openPayments()
    const { payments, list, ids } = opened
    await loadMore(opened, 2)
    expect(list().totalRows).toBe(6)
    act(() => payments().setFilter({ statuses: ['open'] }))
    expect(list().filterActive).toBe(true)
    expect(ids()).toEqual(['tr_p0b', 'tr_p2a'])
    expect(list().exportIds).toEqual(['tr_p0b', 'tr_p2a'])
    act(() => payments().clearFilter())
    expect(ids()).toEqual(PAYMENTS.map((p) => p.id))
    expect(list().exportIds).toEqual(PAYMENTS.map((p) => p.id))
  })

  it('shows a payment changed since its page was read as it is now; an older copy does not replace the row', async () => {
    let beforeThePage = 0
    const { stores, payments, list } = await openPayments(serviceAnswers(), (s) => {
      beforeThePage = s.app.entities.getState().stamp()
    })
    const cache = () => stores.app.entities.getState()
    act(() => cache().put('payments', 'tr_p0a', { ...paymentAt(0), status: 'canceled' }, beforeThePage))
    expect(list().shownAt(0)?.status).toBe('paid')
    act(() =>
      cache().put('payments', 'tr_p0a', { ...paymentAt(0), amountRefunded: { currency: 'EUR', value: '10.00' } }),
    )
    expect(list().shownAt(0)?.amountRefunded?.value).toBe('10.00')
    // The same under a filter.
    act(() => payments().setFilter({ statuses: ['open'] }))
    act(() => cache().put('payments', 'tr_p0b', { ...paymentAt(1), description: 'older' }, beforeThePage))
    expect(list().shownAt(0)?.description).toBe('Order 5')
    act(() => cache().put('payments', 'tr_p0b', { ...paymentAt(1), description: 'changed since' }))
    expect(list().shownAt(0)?.description).toBe('changed since')
  })

  it('opens a row with the payment the list holds and the request that brought it, then reads it again', async () => {
    const answers = serviceAnswers()
    const read = deferred<ChannelOutput<'payments.get'>>()
    const { bridge, stores, payments, list } = await openPayments({ ...answers, 'payments.get': () => read.promise })
    await act(async () => {
      void list().openIndex(1)
      await Promise.resolve()
    })
    expect(payments().detail).toMatchObject({ id: 'tr_p0b', requestId: 'req_page0' })
    expect(stores.app.entities.getState().payments['tr_p0b']?.value).toEqual(PAYMENTS[1])
    expect(bridge.inputsOf('payments.get')).toEqual([{ sessionId: payments().sessionId, id: 'tr_p0b' }])
    read.resolve({ payment: { ...paymentAt(1), description: 'read by id' }, requestId: 'req_get' })
    await settled()
    expect(stores.app.entities.getState().payments['tr_p0b']?.value.description).toBe('read by id')
  })

  it('opens the row a filter shows at that place, and nothing where there is no row', async () => {
    const opened = await openPayments()
    const { bridge, payments, list } = opened
    await loadMore(opened, 2)
    act(() => payments().setFilter({ statuses: ['open'] }))
    act(() => list().openIndex(1))
    await settled()
    expect(payments().detail?.id).toBe('tr_p2a')
    act(() => list().openIndex(2))
    await settled()
    expect(bridge.inputsOf('payments.get')).toHaveLength(1)
  })

  it('asks for the pages near the rows in view, but not while a filter numbers the rows', async () => {
    // Keep no pages beyond those in view (`?paymentsWindow=0`), so scrolling drops and asks for pages.
    window.history.replaceState(null, '', '/?paymentsWindow=0')
    const opened = await openPayments()
    const { bridge, payments, list } = opened
    await loadMore(opened, 2)
    act(() => list().onRange(0, 1))
    expect(payments().slots.map((s) => s.state)).toEqual(['loaded', 'dropped', 'dropped'])
    expect(list().shownAt(2)).toBeNull()
    const asked = () => bridge.inputsOf('payments.list').length
    const before = asked()
    act(() => payments().setFilter({ statuses: ['paid'] }))
    act(() => list().onRange(0, 1))
    await settled()
    expect(asked()).toBe(before)
    act(() => payments().clearFilter())
    act(() => list().onRange(2, 3))
    await settled()
    // The page in view and the one after it (one page is fetched ahead).
    expect(bridge.inputsOf('payments.list').slice(before)).toEqual([
      expect.objectContaining({ link: linkTo(1), action: 'refetch' }),
      expect.objectContaining({ link: linkTo(2), action: 'refetch' }),
    ])
    expect(list().shownAt(2)?.id).toBe('tr_p1a')
  })
})

describe('usePaymentsScreen: arriving and leaving', () => {
  it('opens the payment another screen asked for, on arrival and while shown', async () => {
    const { bridge, stores, payments } = await openPayments(serviceAnswers(), (s) =>
      s.app.app.getState().navigate({ screen: 'payments', paymentId: 'tr_p0b' }),
    )
    expect(bridge.inputsOf('payments.get')).toEqual([{ sessionId: payments().sessionId, id: 'tr_p0b' }])
    expect(stores.app.app.getState().pendingFocus).toBeNull()
    act(() => stores.app.app.getState().navigate({ screen: 'payments', paymentId: 'tr_p2b' }))
    await settled()
    expect(payments().detail?.id).toBe('tr_p2b')
    expect(stores.app.app.getState().pendingFocus).toBeNull()
  })

  it('cancels the requests still waiting when the agent leaves', async () => {
    const answers = serviceAnswers()
    const { bridge, view, payments } = await openPayments(answers)
    bridge.answer('payments.list', () => new Promise(() => undefined))
    pressKey(']')
    await settled()
    const waiting = payments().pending.map((p) => p.requestKey)
    expect(waiting).toHaveLength(1)
    expect(bridge.inputsOf('payments.cancel')).toEqual([])
    view.unmount()
    await settled()
    expect(bridge.inputsOf('payments.cancel')).toEqual([{ requestKey: waiting[0] }])
  })

  it('follows an export’s progress while shown, and no longer once left', async () => {
    const { bridge, view, payments } = await openPayments({
      ...serviceAnswers(),
      'payments.export': () => new Promise(() => undefined),
    })
    void payments().exportRows('csv', ['tr_p0a', 'tr_p0b'])
    await settled()
    const exportId = payments().exportState?.exportId ?? ''
    act(() => bridge.emit('payments.exportProgress', { exportId, written: 1, total: 2, done: false }))
    expect(payments().exportState?.written).toBe(1)
    view.unmount()
    act(() => bridge.emit('payments.exportProgress', { exportId, written: 2, total: 2, done: false }))
    expect(payments().exportState?.written).toBe(1)
  })
})

describe('usePaymentsScreen: keys', () => {
  it('moves the selection with j, k and the arrows, and opens the selected row with Enter', async () => {
    const opened = await openPayments()
    const { bridge, payments } = opened
    await loadMore(opened, 1)
    expect(payments().selectedIndex).toBe(0)
    const keys = ['j', 'ArrowDown', 'k', 'ArrowDown', 'ArrowUp', 'j']
    const selected = keys.map((key) => {
      expect(pressKey(key).defaultPrevented).toBe(true)
      return payments().selectedIndex
    })
    expect(selected).toEqual([1, 2, 1, 2, 1, 2])
    expect(pressKey('Enter').defaultPrevented).toBe(true)
    await settled()
    expect(payments().detail).toMatchObject({ id: 'tr_p1a', requestId: 'req_get_tr_p1a' })
    expect(bridge.inputsOf('payments.get')).toEqual([{ sessionId: payments().sessionId, id: 'tr_p1a' }])
  })

  it('loads the next page with ] and puts the cursor in the find box with /', async () => {
    const { bridge, find, list } = await openPayments()
    pressKey(']')
    await settled()
    expect(bridge.inputsOf('payments.list')[1]).toMatchObject({ link: linkTo(1), action: 'load-more' })
    expect(list().rowCount).toBe(4)
    find.value = 'tr_p1'
    expect(pressKey('/').defaultPrevented).toBe(true)
    expect(document.activeElement).toBe(find)
    expect([find.selectionStart, find.selectionEnd]).toEqual([0, 5])
  })

  it('closes the open payment with Esc; in a field, Esc leaves the field and the payment stays open', async () => {
    const { find, payments } = await openPayments()
    pressKey('Enter')
    await settled()
    expect(payments().detail?.id).toBe('tr_p0a')
    find.focus()
    pressKey('Escape', {}, find)
    expect(document.activeElement).not.toBe(find)
    expect(payments().detail?.id).toBe('tr_p0a')
    pressKey('Escape')
    expect(payments().detail).toBeNull()
  })

  it('does nothing while the agent types in a field, or with Ctrl, Alt or Meta held', async () => {
    const { bridge, find, payments } = await openPayments()
    pressKey('Enter')
    await settled()
    const pressed = [
      pressKey('j', {}, find),
      pressKey(']', {}, find),
      pressKey('Enter', {}, find),
      pressKey('j', { ctrlKey: true }),
      pressKey('j', { altKey: true }),
      pressKey('j', { metaKey: true }),
      pressKey(']', { ctrlKey: true }),
      pressKey('Escape', { ctrlKey: true }),
    ]
    await settled()
    expect(pressed.map((e) => e.defaultPrevented)).toEqual(pressed.map(() => false))
    expect(payments().selectedIndex).toBe(0)
    expect(payments().detail?.id).toBe('tr_p0a')
    expect(bridge.inputsOf('payments.list')).toHaveLength(1)
    expect(bridge.inputsOf('payments.get')).toHaveLength(1)
  })

  it('leaves Enter on a focused button to the button', async () => {
    const { bridge } = await openPayments()
    const refund = document.createElement('button')
    refund.textContent = 'Refund…'
    document.body.appendChild(refund)
    expect(pressKey('Enter', {}, refund).defaultPrevented).toBe(false)
    await settled()
    expect(bridge.inputsOf('payments.get')).toEqual([])
  })

  it('stops listening when the screen goes', async () => {
    const { bridge, view, payments } = await openPayments()
    view.unmount()
    pressKey('j')
    pressKey(']')
    await settled()
    expect(payments().selectedIndex).toBe(0)
    expect(bridge.inputsOf('payments.list')).toHaveLength(1)
  })
})
