import { randomBytes } from 'node:crypto'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { MIN_WINDOW_SIZE } from '../../src/main/desktop/window-state'
import { completeCheckout } from '../../src/sandbox'
import { validOrderBody, validPaymentBody } from '../helpers/sandbox-fixtures'
import { startHarness, type Harness } from './harness'
import { present } from '../helpers/present'

/**
 * Every screen at every window size the app allows, and zoomed: nothing an agent can use lies
 * outside the window, under another element, or cut off by its container.
 *
 * Zoom: Electron's webContents.setZoomFactor(z) lays a W × H window out as a (W/z) × (H/z) CSS-pixel
 * viewport (text and boxes grow, fewer CSS pixels fit). The layout at 125 % of 1280 × 800 is the
 * layout of a 1024 × 640 viewport, which is what is tested here; the device pixel ratio changes only
 * the sharpness, not where things are.
 */
const SIZES: { name: string; width: number; height: number }[] = [
  { name: 'minimum 960x600', width: MIN_WINDOW_SIZE.width, height: MIN_WINDOW_SIZE.height },
  { name: '1280x800', width: 1280, height: 800 },
  { name: '1920x1080', width: 1920, height: 1080 },
  { name: '1280x800 at 125%', width: Math.floor(1280 / 1.25), height: Math.floor(800 / 1.25) },
  { name: '1280x800 at 150%', width: Math.floor(1280 / 1.5), height: Math.floor(800 / 1.5) },
]

const TEST_KEY = `test_${randomBytes(16).toString('hex')}`
const SECOND_KEY = `test_${randomBytes(16).toString('hex')}`

/** What the check found wrong on one screen. */
interface Problem {
  element: string
  problem: string
}

describe('layout at every window size and zoom', () => {
  let h: Harness
  let orderId = ''
  let paidId = ''
  const problems: string[] = []

  beforeAll(async () => {
    h = await startHarness({
      name: 'layout',
      deps: { sandboxOptions: { keys: [TEST_KEY, SECOND_KEY], seedPayments: 300, seed: 5 } },
    })
    const client = await h.services.connections.getActiveClient()
    orderId = (
      await client.createOrder(
        validOrderBody('LAYOUT-1', {
          description: 'A very long order description that goes on and on '.repeat(4),
        } as never),
      )
    ).id
    const paid = await client.createPayment(validPaymentBody())
    expect((await completeCheckout(present(paid._links.checkout).href, 'paid')).status).toBe(303)
    paidId = paid.id
    await h.page.getByRole('navigation', { name: 'Sections' }).waitFor()
    // A second connection, so the list shows the actions of one that is not built in.
    await open(/^Connections/, /^Connections/)
    await h.page.getByTestId('add-label').fill('Bakery Jansen with a long name (test)')
    await h.page.getByTestId('add-secret').fill(SECOND_KEY)
    await h.page.getByTestId('add-connection-form').getByText('Advanced: API address').click()
    await h.page.getByTestId('add-use-sandbox-url').click()
    await h.page.getByTestId('add-submit').click()
    await h.page.getByTestId('connection-added').waitFor()
    // A draft with several lines of each kind for the line editor.
    await open(/^Orders/, /^Order/)
    for (const add of ['add-line', 'add-line', 'add-shipping-line', 'add-discount-line']) {
      await h.page.getByTestId(add).click()
    }
  })

  afterAll(async () => {
    if (problems.length) console.log(problems.join('\n'))
    await h?.close()
  })

  /**
   * Brings each visible interactive element into view the way an agent would reach it (scrolling
   * its containers), then checks that it lies inside the window and inside every clipping ancestor,
   * and that the element at its centre is the element itself (not something on top of it). Also
   * checks that the page itself never needs a horizontal scroll bar.
   */
  async function check(state: string): Promise<void> {
    const found = await h.page.evaluate((): Problem[] => {
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
      for (const el of sample) {
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
            if (
              cut(r.left, r.right, c.left, c.right, s.overflowX) ||
              cut(r.top, r.bottom, c.top, c.bottom, s.overflowY)
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
      }
      return out
    })
    await h.screenshot(`${state.replace(/[^a-z0-9]+/gi, '-')}`)
    for (const p of found) problems.push(`${state}: ${p.element} ${p.problem}`)
  }

  async function open(screen: RegExp, heading: RegExp): Promise<void> {
    await h.page.getByRole('navigation', { name: 'Sections' }).getByRole('button', { name: screen }).click()
    await h.page.getByRole('heading', { level: 1, name: heading }).first().waitFor()
  }

  async function openById(id: string): Promise<void> {
    await h.page.keyboard.press('Control+k')
    await h.page.getByTestId('search-input').fill(id)
    await expect.poll(() => h.page.getByTestId('search-direct').textContent()).toContain(id)
    await h.page.keyboard.press('Enter')
  }

  async function tour(size: string): Promise<void> {
    await open(/^Home/, /./)
    await check(`${size} home`)

    await open(/^Orders/, /^Order/)
    await check(`${size} orders builder`)

    await open(/^Payments/, /^Payments/)
    await h.page.getByTestId('payment-row').first().waitFor()
    await check(`${size} payments list`)
    await openById(paidId)
    await h.page.getByTestId('payment-detail').waitFor()
    await check(`${size} payment detail`)
    await h.page.getByTestId('action-refund').click()
    await h.page.getByTestId('refund-dialog').waitFor()
    await check(`${size} refund dialog`)
    await h.page.keyboard.press('Escape')

    await openById(orderId)
    await h.page.getByTestId('order-status').waitFor()
    await check(`${size} order view`)

    await open(/^Inspector/, /^Inspector/)
    await h.page.getByTestId('request-row').first().waitFor()
    await h.page.getByTestId('request-row').first().click()
    await h.page.getByTestId('request-detail').waitFor()
    await check(`${size} inspector with detail`)

    await open(/^Connections/, /^Connections/)
    await check(`${size} connections`)
  }

  for (const size of SIZES) {
    it(`works at ${size.name}`, async () => {
      await h.page.setViewportSize({ width: size.width, height: size.height })
      await tour(size.name)
    })
  }

  it('found nothing clipped, outside the window or covered', () => {
    expect(problems).toEqual([])
  })
})
