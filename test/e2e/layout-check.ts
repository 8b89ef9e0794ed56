import type { Page } from 'playwright-core'

// The layout check of the e2e suite (layout.test.ts at every window size, the tour at 960 × 600 dark).

/** What the check found wrong on one screen. */
interface Problem {
  element: string
  problem: string
}

/**
 * Brings each visible interactive element into view the way an agent would reach it (scrolling
 * its containers), then checks that it lies inside the window and inside every clipping ancestor,
 * and that the element at its centre is the element itself (not something on top of it). Also
 * checks that the page itself never needs a horizontal scroll bar.
 */
export async function layoutProblems(page: Page): Promise<string[]> {
  const found = await page.evaluate((): Problem[] => {
    const out: Problem[] = []
    const describe = (el: Element) => {
      const id = el.getAttribute('data-testid')
      const name = (el.getAttribute('aria-label') ?? el.textContent ?? '').trim().slice(0, 40)
      return `${el.tagName.toLowerCase()}${id ? `[data-testid=${id}]` : ''}${name ? ` "${name}"` : ''}`
    }
    const root = document.scrollingElement ?? document.documentElement
    if (root.scrollWidth > window.innerWidth + 1) {
      out.push({
        element: 'page',
        problem: `needs a horizontal scroll bar (${root.scrollWidth} > ${window.innerWidth})`,
      })
    }
    const selector =
      'button, a[href], input:not([type=hidden]), select, textarea, summary, [tabindex]:not([tabindex="-1"]), [role=button], [role=tab]'
    // A box that needs a horizontal scroll bar hides part of a row: at these sizes nothing should.
    for (const box of document.querySelectorAll('*')) {
      const st = getComputedStyle(box)
      if ((st.overflowX === 'auto' || st.overflowX === 'scroll') && box.scrollWidth > box.clientWidth + 1) {
        if (!box.checkVisibility()) continue
        // Name the widest thing inside, the likely cause.
        const edge = box.getBoundingClientRect().left + box.clientWidth
        let widest: Element | null = null
        for (const child of box.querySelectorAll('*')) {
          const right = child.getBoundingClientRect().right
          if (right > edge + 1 && (!widest || right > widest.getBoundingClientRect().right)) widest = child
        }
        out.push({
          element: describe(box),
          problem: `scrolls sideways (${box.scrollWidth} > ${box.clientWidth})${widest ? `, widest: ${describe(widest)}` : ''}`,
        })
      }
    }
    // With a modal open, only the modal can be used: what lies behind it is covered on purpose.
    const modal = document.querySelector('[aria-modal="true"], dialog[open]')
    const all = [...(modal ?? document).querySelectorAll(selector)].filter((el) => {
      const r = el.getBoundingClientRect()
      // Not rendered (display none, a closed <details>, visibility hidden) is not there to use.
      return el.checkVisibility({ checkVisibilityCSS: true }) && r.width > 0 && r.height > 0
    })
    // Long lists: the first and last rows stand for the rest.
    const byTestId = new Map<string, Element[]>()
    for (const el of all) {
      const id = el.getAttribute('data-testid') ?? ''
      const els = byTestId.get(id) ?? []
      els.push(el)
      byTestId.set(id, els)
    }
    const sample = [...byTestId.entries()].flatMap(([id, els]) =>
      id && els.length > 6 ? [els[0], els[els.length - 1]].filter((el): el is Element => el !== undefined) : els,
    )
    // What one element's scrollIntoView scrolled in a box that hides its overflow is put back,
    // so the next element is seen as the agent would see it.
    const unscrollHidden = (el: Element) => {
      for (let a = el.parentElement; a && a !== document.body; a = a.parentElement) {
        const s = getComputedStyle(a)
        if (s.overflowX === 'hidden' || s.overflowX === 'clip') a.scrollLeft = 0
        if (s.overflowY === 'hidden' || s.overflowY === 'clip') a.scrollTop = 0
      }
    }
    for (const el of sample) {
      try {
        el.scrollIntoView({ block: 'nearest', inline: 'nearest' })
        const r = el.getBoundingClientRect()
        // Allow half a pixel of rounding.
        if (r.left < -0.5 || r.top < -0.5 || r.right > window.innerWidth + 0.5 || r.bottom > window.innerHeight + 0.5) {
          out.push({
            element: describe(el),
            problem: `outside the window (${Math.round(r.left)},${Math.round(r.top)} → ${Math.round(r.right)},${Math.round(r.bottom)})`,
          })
          continue
        }
        let clipped = false
        for (let a = el.parentElement; a && a !== document.body; a = a.parentElement) {
          const s = getComputedStyle(a)
          if (s.overflowX !== 'visible' || s.overflowY !== 'visible') {
            const c = a.getBoundingClientRect()
            const scrolls = (o: string) => o === 'auto' || o === 'scroll'
            // A container that scrolls cuts only what would fit in it: a taller element (a long
            // list, a body) is reached part by part. One that hides its overflow cuts for good.
            const cut = (lo: number, hi: number, min: number, max: number, overflow: string) =>
              overflow !== 'visible' &&
              (lo < min - 0.5 || hi > max + 0.5) &&
              (!scrolls(overflow) || hi - lo <= max - min + 0.5)
            // scrollIntoView also scrolls a box that hides its overflow, which the agent cannot
            // scroll back: an element that needed that was cut off.
            const hiddenScrolled = (overflow: string, offset: number) => !scrolls(overflow) && Math.abs(offset) > 0.5
            if (
              cut(r.left, r.right, c.left, c.right, s.overflowX) ||
              cut(r.top, r.bottom, c.top, c.bottom, s.overflowY) ||
              hiddenScrolled(s.overflowX, a.scrollLeft) ||
              hiddenScrolled(s.overflowY, a.scrollTop)
            ) {
              out.push({ element: describe(el), problem: `cut off by ${describe(a)}` })
              clipped = true
              break
            }
          }
          // Overflow above a fixed box (a modal's backdrop) does not clip what is inside it.
          if (s.position === 'fixed') break
        }
        if (clipped) continue
        const x = Math.min(Math.max(r.left + r.width / 2, 0), window.innerWidth - 1)
        const y = Math.min(Math.max(r.top + r.height / 2, 0), window.innerHeight - 1)
        const top = document.elementFromPoint(x, y)
        // A label's own text, an icon inside the button, or an input's own label are the element.
        const label = el.id ? document.querySelector(`label[for="${CSS.escape(el.id)}"]`) : null
        // A drawer (the payment detail below 1280 px) covers the list on purpose; Esc or ✕ closes it.
        const drawer = top?.closest('[data-overlay="drawer"]')
        if (
          top &&
          top !== el &&
          !el.contains(top) &&
          !(label && (label === top || label.contains(top))) &&
          !(drawer && !drawer.contains(el))
        ) {
          out.push({ element: describe(el), problem: `under ${describe(top)}` })
        }
      } finally {
        unscrollHidden(el)
      }
    }
    return out
  })
  return found.map((p) => `${p.element} ${p.problem}`)
}
