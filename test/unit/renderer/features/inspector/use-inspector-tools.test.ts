// @vitest-environment happy-dom
// The Inspector screen's hook over the window's real stores (only the preload bridge is faked): the
// log read on the first visit only, a request another screen linked here selected (the filter reset
// only when it hides that request), and the toolbar's errands (tag with a case id, export, clear):
// what each sends to main, the busy state while it runs, the one line it leaves, and nothing sent
// without requests to act on or a case id.
import { afterEach, describe, expect, it } from 'vitest'
import { act, cleanup } from '@testing-library/react'
import { useInspectorTools } from '../../../../../src/renderer/src/features/inspector/use-inspector-tools'
import type { RequestLogExportResult } from '../../../../../src/shared/request-log-types'
import { installBridge, refusal, renderInWindow, settled, windowStores } from '../../../helpers/hook-harness'
import type { Answers, WindowStores } from '../../../helpers/hook-harness'
import { attemptEvent, logEntry, summaryRow } from '../../../helpers/request-log-fixtures'
import { deferred } from '../../../helpers/store-fakes'

/** The log: e3 and e1 answered 200, e2 failed with a 500. */
const ROWS = [summaryRow(3), summaryRow(2, { status: 500, statusClass: '5xx', outcome: 'failed' }), summaryRow(1)]

function logAnswers(): Answers {
  return {
    'requestLog.list': { entries: ROWS, persisted: true, notice: null },
    'rateLimit.state': [],
    'requestLog.get': (input) => logEntry([attemptEvent()], { id: (input as { id: string }).id }),
  }
}

/** The Inspector shown, its log read. */
async function openInspector(answers: Answers = logAnswers()) {
  const bridge = installBridge(answers)
  const stores = windowStores()
  const view = renderInWindow(stores, () => useInspectorTools())
  await settled()
  return { bridge, stores, view, inspector: () => stores.app.inspector.getState() }
}

function linkFromElsewhere(stores: WindowStores, entryId: string): void {
  act(() => stores.app.app.getState().navigate({ screen: 'inspector', entryId }))
}

afterEach(() => cleanup())

describe('useInspectorTools: arriving', () => {
  it('reads the log on the first visit only, and shows the rows the filters keep', async () => {
    const { bridge, stores, view, inspector } = await openInspector()
    expect(bridge.inputsOf('requestLog.list')).toHaveLength(1)
    expect(view.result.current.visible.map((r) => r.id)).toEqual(['e3', 'e2', 'e1'])
    act(() => inspector().setFilter({ errorsOnly: true }))
    expect(view.result.current.visible.map((r) => r.id)).toEqual(['e2'])
    // Back on the screen later: the rows kept current by main's events are shown, not read again.
    view.unmount()
    renderInWindow(stores, () => useInspectorTools())
    await settled()
    expect(bridge.inputsOf('requestLog.list')).toHaveLength(1)
  })

  it('does not read again and again after a failed read', async () => {
    let reads = 0
    const { bridge, inspector } = await openInspector({
      ...logAnswers(),
      'requestLog.list': () => {
        // A hook that read again on each failure would never stop: after a few reads, main goes quiet.
        if (++reads > 3) return new Promise(() => undefined)
        throw refusal('keychain-unavailable', 'The log’s key is not available.')
      },
    })
    expect(bridge.inputsOf('requestLog.list')).toHaveLength(1)
    expect(inspector().status).toBe('error')
  })

  it('selects the request another screen linked here, scrolled to, and takes the link', async () => {
    const bridge = installBridge(logAnswers())
    const stores = windowStores()
    stores.app.app.getState().navigate({ screen: 'inspector', entryId: 'e2' })
    renderInWindow(stores, () => useInspectorTools())
    await settled()
    const inspector = stores.app.inspector.getState()
    expect(inspector.selectedId).toBe('e2')
    expect(inspector.scrollRequest).toBe(1)
    expect(inspector.detail?.id).toBe('e2')
    expect(bridge.inputsOf('requestLog.get')).toEqual([{ id: 'e2' }])
    expect(stores.app.app.getState().pendingFocus).toBeNull()
  })

  it('resets the filter only when it hides the linked request', async () => {
    const { stores, inspector } = await openInspector()
    act(() => inspector().setFilter({ errorsOnly: true }))
    // e2 failed: "Errors only" shows it, and stays on.
    linkFromElsewhere(stores, 'e2')
    expect(inspector().selectedId).toBe('e2')
    expect(inspector().filter).toEqual({ errorsOnly: true })
    // e1 succeeded: "Errors only" would hide it.
    linkFromElsewhere(stores, 'e1')
    expect(inspector().selectedId).toBe('e1')
    expect(inspector().filter).toEqual({})
  })

  it('leaves a link meant for another screen to that screen', async () => {
    const { stores, inspector } = await openInspector()
    act(() => stores.app.app.getState().navigate({ screen: 'payments', paymentId: 'tr_WDqYK6vllg' }))
    expect(stores.app.app.getState().pendingFocus).toEqual({ screen: 'payments', paymentId: 'tr_WDqYK6vllg' })
    expect(inspector().selectedId).toBeNull()
  })
})

describe('useInspectorTools: errands', () => {
  it('acts on the ticked requests, else on the open one', async () => {
    const { view, inspector } = await openInspector()
    expect(view.result.current.targets).toEqual([])
    act(() => inspector().select('e2'))
    expect(view.result.current.targets).toEqual(['e2'])
    act(() => inspector().setChecked(['e3', 'e1']))
    expect(view.result.current.targets).toEqual(['e3', 'e1'])
  })

  it('tags the requests with the case id as typed, busy until main answers, then says how many', async () => {
    const { bridge, view, inspector } = await openInspector()
    const answer = deferred<{ updated: number }>()
    bridge.answer('requestLog.tag', () => answer.promise)
    act(() => inspector().setChecked(['e3', 'e1']))
    act(() => view.result.current.setCaseId('  CASE-1234 '))
    let done: Promise<void> = Promise.resolve()
    act(() => {
      done = view.result.current.tag()
    })
    expect(view.result.current.busy).toBe(true)
    expect(bridge.inputsOf('requestLog.tag')).toEqual([{ ids: ['e3', 'e1'], tag: 'CASE-1234' }])
    answer.resolve({ updated: 2 })
    await act(() => done)
    expect(view.result.current.busy).toBe(false)
    expect(view.result.current.message).toEqual({ tone: 'ok', text: 'Tagged 2 requests with CASE-1234.' })
    expect(
      inspector()
        .rows.filter((r) => r.tags.includes('CASE-1234'))
        .map((r) => r.id),
    ).toEqual(['e3', 'e1'])
  })

  it('says why a tag failed, and is no longer busy', async () => {
    const { bridge, view, inspector } = await openInspector()
    bridge.answer('requestLog.tag', () => {
      throw refusal('internal', 'The log could not be written.')
    })
    act(() => inspector().select('e2'))
    act(() => view.result.current.setCaseId('CASE-9'))
    await act(() => view.result.current.tag())
    expect(view.result.current.busy).toBe(false)
    expect(view.result.current.message).toEqual({ tone: 'error', text: 'The log could not be written.' })
  })

  it('sends nothing without requests to act on, or without a case id', async () => {
    const { bridge, view, inspector } = await openInspector({
      ...logAnswers(),
      'requestLog.tag': { updated: 1 },
      'requestLog.export': { saved: false },
    })
    act(() => view.result.current.setCaseId('CASE-1'))
    await act(() => view.result.current.tag())
    await act(() => view.result.current.exportAs('har'))
    act(() => inspector().select('e1'))
    act(() => view.result.current.setCaseId('   '))
    await act(() => view.result.current.tag())
    expect(bridge.inputsOf('requestLog.tag')).toEqual([])
    expect(bridge.inputsOf('requestLog.export')).toEqual([])
    expect(view.result.current.message).toBeNull()
    expect(view.result.current.busy).toBe(false)
  })

  it('exports the requests, busy until main answers, then says where and what the file holds', async () => {
    const { bridge, view, inspector } = await openInspector()
    const answer = deferred<RequestLogExportResult>()
    bridge.answer('requestLog.export', () => answer.promise)
    act(() => inspector().setChecked(['e2', 'e1']))
    let done: Promise<void> = Promise.resolve()
    act(() => {
      done = view.result.current.exportAs('har')
    })
    expect(view.result.current.busy).toBe(true)
    expect(bridge.inputsOf('requestLog.export')).toEqual([{ ids: ['e2', 'e1'], format: 'har' }])
    answer.resolve({ saved: true, path: 'escalation.har', count: 2, personalData: 'left-out' })
    await act(() => done)
    expect(view.result.current.busy).toBe(false)
    expect(view.result.current.message?.tone).toBe('ok')
    expect(view.result.current.message?.text).toMatch(/^Exported 2 requests to escalation\.har: .*left out/)
  })

  it('says an export failed, and replaces the last line while it runs', async () => {
    const { bridge, view, inspector } = await openInspector()
    bridge.answer('requestLog.export', { saved: false })
    act(() => inspector().select('e1'))
    await act(() => view.result.current.exportAs('json'))
    expect(view.result.current.message?.text).toBe('Export canceled; nothing was written.')
    const answer = deferred<RequestLogExportResult>()
    bridge.answer('requestLog.export', () => answer.promise)
    let done: Promise<void> = Promise.resolve()
    act(() => {
      done = view.result.current.exportAs('json')
    })
    expect(view.result.current.message).toBeNull()
    answer.reject(refusal('internal', 'The folder is read-only'))
    await act(() => done)
    expect(view.result.current.message?.tone).toBe('error')
    expect(view.result.current.message?.text).toMatch(/^Export failed: The folder is read-only/)
  })

  it('clears the log through main, busy until it answers, reads it again and says how many went', async () => {
    const { bridge, view } = await openInspector()
    const answer = deferred<{ cleared: number }>()
    bridge.answer('requestLog.clear', () => answer.promise)
    let done: Promise<void> = Promise.resolve()
    act(() => {
      done = view.result.current.clearLog()
    })
    expect(view.result.current.busy).toBe(true)
    expect(bridge.inputsOf('requestLog.clear')).toEqual([{}])
    answer.resolve({ cleared: 3 })
    await act(() => done)
    expect(view.result.current.busy).toBe(false)
    expect(bridge.inputsOf('requestLog.list')).toHaveLength(2)
    expect(view.result.current.message).toEqual({ tone: 'ok', text: 'Cleared 3 requests from this computer.' })
  })

  it('says the log was kept when the agent said no in main’s dialog', async () => {
    const { bridge, view } = await openInspector()
    bridge.answer('requestLog.clear', () => {
      throw refusal('canceled', 'The agent kept the log.')
    })
    await act(() => view.result.current.clearLog())
    expect(view.result.current.busy).toBe(false)
    expect(view.result.current.message).toEqual({ tone: 'ok', text: 'The request log was kept: nothing was cleared.' })
    expect(bridge.inputsOf('requestLog.list')).toHaveLength(1)
  })
})
