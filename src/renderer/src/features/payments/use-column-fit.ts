// The list's columns measured in the page (column-fit.ts says what is measured and what it gives):
// a hidden probe row in the rows' own classes, so the CSS that draws the rows sizes the probe.

import { useEffect, useLayoutEffect, useState } from 'react'
import { DEFAULT_FIT, fitFromMeasures, knownOrMeasuredFit, probeTexts, type ColumnFit } from './column-fit'
import { userLocale } from '../../lib/format'

/**
 * Measures the columns in `host`'s font: a hidden probe row with the list's classes (so the CSS
 * that draws the rows sizes the probe), removed at once. Returns null when nothing could be measured
 * (no layout, e.g. a detached host).
 */
function measureColumns(host: HTMLElement, density: string, locale: string): ColumnFit | null {
  const texts = probeTexts(locale)
  const doc = host.ownerDocument
  const probe = doc.createElement('div')
  probe.className = `pay-probe density-${density}`
  probe.setAttribute('aria-hidden', 'true')
  const row = doc.createElement('div')
  row.className = 'pay-row'
  probe.appendChild(row)
  const cell = (column: string, text: string, badgeClass?: string): HTMLElement => {
    const c = doc.createElement('div')
    c.className = column === 'id' ? 'col-id mono' : `col-${column}`
    c.setAttribute('role', 'cell')
    if (badgeClass) {
      const b = doc.createElement('span')
      b.className = badgeClass
      b.textContent = text
      c.appendChild(b)
    } else {
      c.textContent = text
    }
    row.appendChild(c)
    return c
  }
  const status = texts.status.map((t) => cell('status', t, 'badge'))
  const method = texts.method.map((t) => cell('method', t))
  const created = texts.createdAt.map((t) => cell('createdAt', t))
  const mode = texts.mode.map((m) => cell('mode', m.text, m.badge ? 'badge badge-live' : undefined))
  const [id10, id20] = texts.idSamples.map((t) => cell('id', t))
  host.appendChild(probe)
  try {
    const width = (els: HTMLElement[]) => Math.max(0, ...els.map((e) => e.getBoundingClientRect().width))
    const measures = {
      status: width(status),
      method: width(method),
      createdAt: width(created),
      mode: width(mode),
      id10: id10 ? width([id10]) : 0,
      id20: id20 ? width([id20]) : 0,
    }
    if (measures.id20 <= 0) return null
    return fitFromMeasures(measures)
  } finally {
    probe.remove()
  }
}

/** Fits measured in this window, by density and language: a screen opened again is not measured again. */
const measuredFits = new Map<string, ColumnFit>()

/**
 * The list's column fit, measured in `host` before the first paint and again when the density or
 * the system language changes; the fixed widths until then (or where nothing can be measured).
 */
export function useColumnFit(host: React.RefObject<HTMLElement | null>, density: string): ColumnFit {
  const [locale, setLocale] = useState(userLocale)
  // Until the layout effect measures: the fit known from before, else the fixed widths.
  const [fit, setFit] = useState<ColumnFit>(
    () => knownOrMeasuredFit(measuredFits, density, locale, () => null) ?? DEFAULT_FIT,
  )
  useEffect(() => {
    const changed = () => setLocale(userLocale())
    window.addEventListener('languagechange', changed)
    return () => window.removeEventListener('languagechange', changed)
  }, [])
  useLayoutEffect(() => {
    const el = host.current
    const measured = knownOrMeasuredFit(measuredFits, density, locale, () =>
      el ? measureColumns(el, density, locale) : null,
    )
    if (measured) setFit(measured)
  }, [host, density, locale])
  return fit
}
