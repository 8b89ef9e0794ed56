// @vitest-environment happy-dom
// The list's column fit measured in the page: the fixed widths until measured, the probe row put in
// the list's host (so the rows' CSS sizes it) and taken out again, one measure per density and
// language in a window (a second list is not measured again), a new measure when the system
// language changes, and the fixed widths kept where nothing can be measured.
//
// happy-dom lays nothing out (every width is 0), so each test that measures gives elements a width
// from their text's length, as a monospace font would, and puts the real one back after.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { act, cleanup, renderHook } from '@testing-library/react'
import { useColumnFit } from '../../../../../src/renderer/src/features/payments/use-column-fit'
import {
  DEFAULT_FIT,
  fitFromMeasures,
  probeTexts,
  type ColumnFit,
} from '../../../../../src/renderer/src/features/payments/column-fit'
import { userLocale } from '../../../../../src/renderer/src/lib/format'

const CHAR_PX = 9
const PADDING_PX = 12
const widthOf = (text: string) => text.length * CHAR_PX + PADDING_PX

/** One element measured: its text, and the element the probe row was in at the time. */
interface Measured {
  text: string
  probeParent: Element | null
}

const realRect = HTMLElement.prototype.getBoundingClientRect
let measured: Measured[] = []

function giveWidthsFromText(): void {
  HTMLElement.prototype.getBoundingClientRect = function (this: HTMLElement): DOMRect {
    const text = this.textContent ?? ''
    measured.push({ text, probeParent: this.closest('.pay-probe')?.parentElement ?? null })
    return { x: 0, y: 0, top: 0, left: 0, width: widthOf(text), height: 20, right: 0, bottom: 20 } as DOMRect
  }
}

/** The fit the probe gives in `locale` with the widths above: each column's widest text. */
function fitIn(locale: string): ColumnFit {
  const texts = probeTexts(locale)
  const widest = (list: string[]) => Math.max(...list.map(widthOf))
  return fitFromMeasures({
    status: widest(texts.status),
    method: widest(texts.method),
    createdAt: widest(texts.createdAt),
    mode: widest(texts.mode.map((m) => m.text)),
    id10: widthOf(texts.idSamples[0]),
    id20: widthOf(texts.idSamples[1]),
  })
}

function newHost(): HTMLElement {
  const host = document.createElement('div')
  document.body.appendChild(host)
  return host
}

/** Renders the hook and keeps every fit it returned, first render included. */
function renderFit(host: HTMLElement | null, density: string) {
  const seen: ColumnFit[] = []
  const ref = { current: host }
  const view = renderHook(
    ({ d }: { d: string }) => {
      const fit = useColumnFit(ref, d)
      seen.push(fit)
      return fit
    },
    { initialProps: { d: density } },
  )
  return { ...view, seen }
}

beforeEach(() => {
  measured = []
})

afterEach(() => {
  cleanup()
  HTMLElement.prototype.getBoundingClientRect = realRect
  vi.restoreAllMocks()
  // The window's language as it was (lib/format.ts reads it again on this event).
  window.dispatchEvent(new Event('languagechange'))
  document.body.innerHTML = ''
})

// Fits are kept for the window's life by density and language: each test measures under a density of
// its own, so no test finds another's fit.
describe('useColumnFit', () => {
  it('draws with the fixed widths first, then with the widths measured in the host', () => {
    giveWidthsFromText()
    const host = newHost()
    const { result, seen } = renderFit(host, 'first-paint')
    const locale = userLocale()
    expect(seen[0]).toBe(DEFAULT_FIT)
    expect(result.current).toEqual(fitIn(locale))
    expect(result.current.widths['status']).toBeGreaterThan(DEFAULT_FIT.widths['status'] ?? 0)
    // Every cell was measured inside a probe row put in the host, and the probe row is gone.
    expect(measured.length).toBeGreaterThan(0)
    expect(measured.every((m) => m.probeParent === host)).toBe(true)
    expect(measured.map((m) => m.text)).toEqual(expect.arrayContaining(probeTexts(locale).createdAt))
    expect(host.childElementCount).toBe(0)
  })

  it('measures a density once: a second list in the same density takes the fit at once, unmeasured', () => {
    giveWidthsFromText()
    const first = renderFit(newHost(), 'once')
    const count = measured.length
    expect(count).toBeGreaterThan(0)
    const second = renderFit(newHost(), 'once')
    expect(measured).toHaveLength(count)
    expect(second.seen[0]).toBe(first.result.current)
    expect(second.result.current).toBe(first.result.current)
  })

  it('measures again for another density', () => {
    giveWidthsFromText()
    const view = renderFit(newHost(), 'density-a')
    const count = measured.length
    view.rerender({ d: 'density-b' })
    expect(measured.length).toBe(2 * count)
  })

  it('measures again when the system language changes, with the new language’s dates', () => {
    giveWidthsFromText()
    const view = renderFit(newHost(), 'language')
    const before = userLocale()
    const other = before === 'de-DE' ? 'fr-FR' : 'de-DE'
    const newDates = probeTexts(other).createdAt.filter((t) => !probeTexts(before).createdAt.includes(t))
    expect(newDates.length).toBeGreaterThan(0)
    vi.spyOn(navigator, 'language', 'get').mockReturnValue(other)
    measured = []
    act(() => {
      window.dispatchEvent(new Event('languagechange'))
    })
    expect(measured.map((m) => m.text)).toEqual(expect.arrayContaining(newDates))
    expect(view.result.current).toEqual(fitIn(other))
  })

  it('stops listening for language changes when the list goes', () => {
    const added = vi.spyOn(window, 'addEventListener')
    const removed = vi.spyOn(window, 'removeEventListener')
    const view = renderFit(newHost(), 'unmount')
    const listener = added.mock.calls.find(([type]) => type === 'languagechange')?.[1]
    expect(listener).toBeDefined()
    view.unmount()
    expect(removed.mock.calls).toContainEqual(['languagechange', listener])
  })

  it('keeps the fixed widths and measures nothing without a host', () => {
    giveWidthsFromText()
    const { result, seen } = renderFit(null, 'no-host')
    expect(measured).toEqual([])
    expect(seen.every((fit) => fit === DEFAULT_FIT)).toBe(true)
    expect(result.current).toBe(DEFAULT_FIT)
  })

  it('keeps the fixed widths where the host has no layout, takes the probe out, and measures on the next try', () => {
    // No widths given: happy-dom's own, all 0, as in a host not laid out.
    const host = newHost()
    const first = renderFit(host, 'no-layout')
    expect(first.result.current).toBe(DEFAULT_FIT)
    expect(host.childElementCount).toBe(0)
    // Nothing was kept for this density: a list shown once there is layout measures.
    giveWidthsFromText()
    const second = renderFit(newHost(), 'no-layout')
    expect(measured.length).toBeGreaterThan(0)
    expect(second.result.current).toEqual(fitIn(userLocale()))
  })
})
