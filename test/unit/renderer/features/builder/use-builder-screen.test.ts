// @vitest-environment happy-dom
// The order builder screen's hook over the window's real stores (only the preload bridge is faked):
// the rules' "today" (UTC, a new day picked up), the layout by the window's width, a field the
// Inspector asks to show (its draft opened first, or said to be gone), messages shown only once a
// field was touched or Create pressed (per draft), and Create / Ctrl+Enter (the first problem shown
// instead unless sent anyway; nothing while sending).
import { afterEach, describe, expect, it, vi } from 'vitest'
import { act, cleanup } from '@testing-library/react'
import { useBuilderScreen } from '../../../../../src/renderer/src/features/builder/use-builder-screen'
import type { ActiveConnectionView } from '../../../../../src/shared/ipc/connections'
import type { DraftView } from '../../../../../src/shared/ipc/drafts'
import type { CreateFailure } from '../../../../../src/shared/ipc/orders'
import { controlIdOf, type DraftContent } from '../../../../../src/shared/order-builder'
import { installBridge, pressKey, refusal, renderInWindow, settled, windowStores } from '../../../helpers/hook-harness'
import type { Answers, WindowStores } from '../../../helpers/hook-harness'
import { connection } from '../../../helpers/connection-objects'
import { deferred } from '../../../helpers/store-fakes'
import { draftView, validOrderDraft } from '../../../../helpers/drafts'

const ACTIVE: ActiveConnectionView = { ...connection('c_shop'), isLive: false }
const REFUSED: CreateFailure = {
  ok: false,
  error: { code: 'api-error', message: 'The service refused the order.' },
  draft: null,
  idempotencyKey: null,
  fieldErrors: [],
}

/** A valid order but for the fields given. */
function orderWith(patch: Partial<DraftContent>): DraftContent {
  return { ...validOrderDraft(), ...patch }
}

/** Two fields left empty: "orderNumber is required", "redirectUrl is required". */
const TWO_PROBLEMS = orderWith({ orderNumber: '', redirectUrl: '' })

/** Only an overridden line total is wrong: Create may send it anyway. */
function overriddenTotal(): DraftContent {
  const content = validOrderDraft()
  return { ...content, lines: content.lines.map((line, i) => (i === 0 ? { ...line, totalOverride: '99.00' } : line)) }
}

/**
 * The builder screen over main's saved drafts (the first is opened on arrival, as the newest);
 * `before` acts on the window's stores before the screen is shown.
 */
function builderScreen(drafts: DraftView[], answers: Answers = {}, before: (stores: WindowStores) => void = () => {}) {
  const saved = new Map(drafts.map((d) => [d.id, d]))
  const bridge = installBridge({
    'connections.active': ACTIVE,
    'drafts.list': { drafts, notices: [] },
    'drafts.get': (input) => {
      const found = saved.get((input as { id: string }).id)
      if (!found) throw refusal('not-found', 'That draft does not exist.')
      return found
    },
    'drafts.save': (input) => {
      const { id, content } = input as { id?: string; content: DraftContent }
      const view = draftView(id ?? 'drf_new1', content)
      saved.set(view.id, view)
      return view
    },
    'orders.create': REFUSED,
    ...answers,
  })
  const stores = windowStores()
  before(stores)
  const view = renderInWindow(stores, () => useBuilderScreen())
  return { bridge, stores, view, builder: stores.builder.orders }
}

const fieldsOf = (violations: { field: string }[]) => violations.map((v) => v.field)

/**
 * window.matchMedia answering min-width queries from a width the test sets, telling each listener
 * when its answer changes. (happy-dom's own starts each new list as "not matching" and follows no
 * width a test sets: a list made while wide would never report the window narrowed.)
 */
function stubMatchMedia(initialWidth: number) {
  let width = initialWidth
  const listening = new Map<() => void, { matches: () => boolean; last: boolean }>()
  const original = window.matchMedia
  window.matchMedia = (query: string) => {
    const min = Number(/^\(min-width: (\d+)px\)$/.exec(query)?.[1])
    const matches = () => width >= min
    const list = {
      media: query,
      get matches() {
        return matches()
      },
      addEventListener: (_type: string, listener: () => void) => listening.set(listener, { matches, last: matches() }),
      removeEventListener: (_type: string, listener: () => void) => listening.delete(listener),
    }
    return list as unknown as MediaQueryList
  }
  return {
    resize(to: number): void {
      width = to
      act(() => {
        for (const [listener, entry] of [...listening]) {
          if (entry.matches() === entry.last) continue
          entry.last = entry.matches()
          listener()
        }
      })
    },
    listeners: () => listening.size,
    restore: () => void (window.matchMedia = original),
  }
}

/** The node process under happy-dom (not in the window's types): the time zone is set through it. */
const nodeEnv = (globalThis as unknown as { process: { env: Record<string, string | undefined> } }).process.env

afterEach(() => {
  cleanup()
  vi.useRealTimers()
  document.body.replaceChildren()
})

describe('useBuilderScreen', () => {
  it('judges dates by the UTC day, not the local one, and picks up a new day while the screen stays open', async () => {
    const zone = nodeEnv['TZ']
    // A day ahead of UTC: here it is already the 29th.
    nodeEnv['TZ'] = 'Pacific/Kiritimati'
    vi.useFakeTimers({ toFake: ['Date', 'setInterval', 'clearInterval'] })
    vi.setSystemTime(new Date('2026-11-28T23:59:30Z'))
    try {
      const { view } = builderScreen([draftView('drf_born1', orderWith({ consumerDateOfBirth: '2026-11-28' }))])
      await settled()
      expect(fieldsOf(view.result.current.state.violations)).toEqual(['consumerDateOfBirth'])
      act(() => void vi.advanceTimersByTime(60_000))
      expect(view.result.current.state.violations).toEqual([])
    } finally {
      nodeEnv['TZ'] = zone
    }
  })

  it('lays the panels beside the form from 1280 pixels wide, follows the window as it is resized, and stops on unmount', async () => {
    const media = stubMatchMedia(1279)
    try {
      const { view } = builderScreen([])
      await settled()
      expect(view.result.current.wide).toBe(false)
      media.resize(1280)
      expect(view.result.current.wide).toBe(true)
      media.resize(900)
      expect(view.result.current.wide).toBe(false)
      expect(media.listeners()).toBe(1)
      view.unmount()
      expect(media.listeners()).toBe(0)
    } finally {
      media.restore()
    }
  })

  it("opens the draft an Inspector request was sent for, then shows its field (the form's tab back, the control focused)", async () => {
    const { bridge, stores, view, builder } = builderScreen([
      draftView('drf_open1', validOrderDraft()),
      draftView('drf_sent1', orderWith({ orderNumber: 'B-200' })),
    ])
    await settled()
    expect(builder.getState().draftId).toBe('drf_open1')
    act(() => view.result.current.setNarrowView('preview'))
    const control = document.createElement('input')
    control.id = controlIdOf('orderNumber')
    document.body.append(control)
    // Not the builder's: left for its own screen.
    act(() => stores.app.app.getState().navigate({ screen: 'payments', paymentId: 'tr_x1' }))
    await settled()
    expect(stores.app.app.getState().pendingFocus).toEqual({ screen: 'payments', paymentId: 'tr_x1' })

    act(() => stores.app.app.getState().navigate({ screen: 'orders', field: 'orderNumber', draftId: 'drf_sent1' }))
    await settled()
    expect(stores.app.app.getState().pendingFocus).toBeNull()
    expect(bridge.inputsOf('drafts.get')).toEqual([{ id: 'drf_open1' }, { id: 'drf_sent1' }])
    expect(builder.getState().draftId).toBe('drf_sent1')
    expect(builder.getState().highlight?.target.path).toBe('orderNumber')
    expect(view.result.current.narrowView).toBe('form')
    await act(() => new Promise<void>((resolve) => requestAnimationFrame(() => resolve())))
    expect(document.activeElement).toBe(control)
  })

  it('says the draft is gone when it cannot be opened (no error, no field), and a later request clears that', async () => {
    const { bridge, stores, view, builder } = builderScreen([draftView('drf_open1', validOrderDraft())])
    await settled()
    act(() => stores.app.app.getState().navigate({ screen: 'orders', field: 'orderNumber', draftId: 'drf_gone1' }))
    await settled()
    expect(builder.getState().draftId).toBe('drf_open1')
    expect(bridge.inputsOf('drafts.get')).toContainEqual({ id: 'drf_gone1' })
    expect(view.result.current.goneDraft).toBe('drf_gone1')
    expect(builder.getState().error).toBeNull()
    expect(builder.getState().highlight).toBeNull()

    // A field of the open draft: no draft opened, the form's tab brought back.
    act(() => view.result.current.setNarrowView('drafts'))
    act(() => stores.app.app.getState().navigate({ screen: 'orders', field: 'redirectUrl' }))
    await settled()
    expect(view.result.current.goneDraft).toBeNull()
    expect(builder.getState().highlight?.target.path).toBe('redirectUrl')
    expect(view.result.current.narrowView).toBe('form')
    expect(bridge.inputsOf('drafts.get').filter((i) => (i as { id: string }).id === 'drf_gone1')).toHaveLength(1)
  })

  it('takes a request left before the screen was first shown once the builder has loaded, so the newest draft does not open over the one asked for', async () => {
    const { bridge, view, builder } = builderScreen(
      [draftView('drf_open1', validOrderDraft()), draftView('drf_sent1', orderWith({ orderNumber: 'B-200' }))],
      {},
      (window) => window.app.app.getState().navigate({ screen: 'orders', field: 'orderNumber', draftId: 'drf_sent1' }),
    )
    await settled()
    expect(builder.getState().draftId).toBe('drf_sent1')
    expect(builder.getState().highlight?.target.path).toBe('orderNumber')
    expect(view.result.current.goneDraft).toBeNull()
    expect(bridge.inputsOf('drafts.get')).toEqual([{ id: 'drf_open1' }, { id: 'drf_sent1' }])
  })

  it('takes a request for a field of the open draft left before the screen was first shown', async () => {
    const { stores, builder } = builderScreen([draftView('drf_open1', validOrderDraft())], {}, (window) =>
      window.app.app.getState().navigate({ screen: 'orders', field: 'redirectUrl' }),
    )
    await settled()
    expect(stores.app.app.getState().pendingFocus).toBeNull()
    expect(builder.getState().draftId).toBe('drf_open1')
    expect(builder.getState().highlight?.target.path).toBe('redirectUrl')
  })

  it("shows a field's messages once it was touched, all of them once Create was pressed, and starts fresh in another draft", async () => {
    const { bridge, view, builder } = builderScreen([
      draftView('drf_open1', TWO_PROBLEMS),
      draftView('drf_other1', TWO_PROBLEMS),
    ])
    await settled()
    expect(fieldsOf(view.result.current.state.violations)).toEqual(['orderNumber', 'redirectUrl'])
    expect(view.result.current.shownViolations).toEqual([])
    act(() => view.result.current.setTouched(new Set([controlIdOf('redirectUrl')])))
    expect(fieldsOf(view.result.current.shownViolations)).toEqual(['redirectUrl'])
    expect(Object.keys(view.result.current.shownState.formErrors)).toEqual(['redirectUrl'])

    await act(() => builder.getState().openDraft('drf_other1'))
    expect(view.result.current.touched.size).toBe(0)
    expect(view.result.current.shownViolations).toEqual([])
    act(() => view.result.current.requestCreate())
    expect(fieldsOf(view.result.current.shownViolations)).toEqual(['orderNumber', 'redirectUrl'])

    await act(() => builder.getState().openDraft('drf_open1'))
    expect(view.result.current.shownViolations).toEqual([])
    expect(bridge.inputsOf('orders.create')).toEqual([])
  })

  it('counts the open drafts (not the archived ones), and brings the form back when the agent opens a draft from the drafts tab', async () => {
    const made = { at: '2026-11-20T10:00:00.000Z', orderId: null, paymentId: 'tr_made1' }
    const { view, builder } = builderScreen([
      draftView('drf_open1', validOrderDraft()),
      draftView('drf_other1', orderWith({ orderNumber: 'B-200' })),
      draftView('drf_done1', validOrderDraft(), { archived: made }),
    ])
    await settled()
    expect(view.result.current.openDrafts).toBe(2)
    act(() => view.result.current.setNarrowView('drafts'))
    await act(() => builder.getState().openDraft('drf_other1'))
    expect(view.result.current.narrowView).toBe('form')
    expect(builder.getState().highlight).toBeNull()
  })

  it('keeps what was touched when a new draft is first saved (it gets its id), but not across an Order/Payment switch', async () => {
    const { view, builder } = builderScreen([])
    await settled()
    expect(builder.getState().draftId).toBeNull()
    act(() => builder.getState().update(() => TWO_PROBLEMS))
    act(() => view.result.current.setTouched(new Set([controlIdOf('orderNumber')])))
    await act(() => builder.getState().flush())
    expect(builder.getState().draftId).toBe('drf_new1')
    expect(fieldsOf(view.result.current.shownViolations)).toEqual(['orderNumber'])

    act(() => builder.getState().switchKind('payment'))
    expect(view.result.current.touched.size).toBe(0)
    expect(view.result.current.state.violations.length).toBeGreaterThan(0)
    expect(view.result.current.shownViolations).toEqual([])
  })

  it('Create shows the first problem instead of sending, also when "sent anyway" while more than an override is wrong', async () => {
    const { bridge, view, builder } = builderScreen([draftView('drf_open1', TWO_PROBLEMS)])
    await settled()
    act(() => view.result.current.requestCreate())
    expect(builder.getState().highlight).toMatchObject({
      target: { path: 'orderNumber' },
      message: 'The field orderNumber is required.',
    })
    act(() => view.result.current.requestCreate({ sendAnyway: true }))
    await settled()
    expect(bridge.inputsOf('orders.create')).toEqual([])
  })

  it('Create and Ctrl/Cmd+Enter send a draft without problems (not with Alt, not after the screen is gone)', async () => {
    const content = validOrderDraft()
    const { bridge, view } = builderScreen([draftView('drf_open1', content)])
    await settled()
    act(() => view.result.current.requestCreate({ newIdempotencyKey: true }))
    await settled()
    expect(bridge.inputsOf('orders.create')).toEqual([{ draftId: 'drf_open1', content, newIdempotencyKey: true }])

    expect(pressKey('Enter', { ctrlKey: true }).defaultPrevented).toBe(true)
    await settled()
    pressKey('Enter', { metaKey: true })
    await settled()
    pressKey('Enter', { ctrlKey: true, altKey: true })
    pressKey('Enter')
    await settled()
    expect(bridge.inputsOf('orders.create')).toEqual([
      { draftId: 'drf_open1', content, newIdempotencyKey: true },
      { draftId: 'drf_open1', content },
      { draftId: 'drf_open1', content },
    ])

    view.unmount()
    expect(pressKey('Enter', { ctrlKey: true }).defaultPrevented).toBe(false)
    await settled()
    expect(bridge.inputsOf('orders.create')).toHaveLength(3)
  })

  it('sends a draft whose only problem is an overridden total when sent anyway, and does nothing more while it is sending', async () => {
    const answer = deferred<CreateFailure>()
    const content = overriddenTotal()
    const { bridge, view, builder } = builderScreen([draftView('drf_open1', content)], {
      'orders.create': () => answer.promise,
    })
    await settled()
    expect(view.result.current.state.onlyOverrides).toBe(true)
    act(() => view.result.current.requestCreate({ sendAnyway: true }))
    await settled()
    expect(builder.getState().sending).toBe(true)
    expect(builder.getState().highlight).toBeNull()
    // Ctrl+Enter (not "anyway") would show the overridden total: while sending it does nothing.
    pressKey('Enter', { ctrlKey: true })
    act(() => view.result.current.requestCreate())
    await settled()
    expect(builder.getState().highlight).toBeNull()
    expect(bridge.inputsOf('orders.create')).toEqual([{ draftId: 'drf_open1', content }])
    answer.resolve(REFUSED)
    await settled()
    expect(builder.getState().sending).toBe(false)
  })

  it('does nothing on Create for a draft that already created its order (read-only), not even show its problems', async () => {
    const archived = { at: '2026-11-20T10:00:00.000Z', orderId: 'ord_made1', paymentId: null }
    const { bridge, view, builder } = builderScreen([draftView('drf_done1', TWO_PROBLEMS, { archived })])
    await settled()
    expect(view.result.current.openDrafts).toBe(0)
    await act(() => builder.getState().openDraft('drf_done1'))
    expect(builder.getState().archived).toEqual(archived)
    act(() => view.result.current.requestCreate())
    pressKey('Enter', { ctrlKey: true })
    await settled()
    expect(view.result.current.shownViolations).toEqual([])
    expect(builder.getState().highlight).toBeNull()
    expect(bridge.inputsOf('orders.create')).toEqual([])
  })
})
