import { randomBytes } from 'node:crypto'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { MIN_WINDOW_SIZE } from '../../src/main/desktop/window-state'
import { completeCheckout } from '../../src/sandbox'
import { validOrderBody, validPaymentBody } from '../helpers/sandbox-fixtures'
import { startHarness, type Harness } from './harness'
import { layoutProblems } from './layout-check'
import { present } from '../helpers/present'
import { openSection, openById as openIdFromSearch } from '../helpers/navigation'

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

  async function check(state: string): Promise<void> {
    const found = await layoutProblems(h.page)
    await h.screenshot(`${state.replace(/[^a-z0-9]+/gi, '-')}`)
    for (const p of found) problems.push(`${state}: ${p}`)
  }

  // Each size's test answers for the screens it checked: the problems found since it began (all of
  // them are printed together once the file has run).
  let firstOfTest = 0
  beforeEach(() => {
    firstOfTest = problems.length
  })

  const open = (screen: RegExp, heading: RegExp) => openSection(h.page, screen, heading)

  const openById = (id: string) => openIdFromSearch(h.page, id)

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
      expect(problems.slice(firstOfTest), 'clipped, outside the window or covered').toEqual([])
    })
  }

  it('finds a button that a box hiding its overflow cuts, though scrollIntoView can scroll that box', async () => {
    await h.page.setViewportSize({ width: 1280, height: 800 })
    await h.page.evaluate(() => {
      const box = document.createElement('div')
      box.id = 'planted-box'
      // Room for the first button and half of the second, which would fit once the box is scrolled.
      box.style.cssText = 'position:fixed;left:20px;top:20px;overflow:hidden;white-space:nowrap;z-index:99'
      box.innerHTML = '<button type="button">Keep</button><button type="button">Cut</button>'
      document.body.append(box)
      const [keep, cut] = [...box.children].map((b) => b.getBoundingClientRect().width)
      box.style.width = `${(keep ?? 0) + (cut ?? 0) / 2}px`
    })
    try {
      const found = await layoutProblems(h.page)
      expect(found.filter((p) => p.startsWith('button "Cut" cut off by div'))).toHaveLength(1)
      expect(found.filter((p) => p.includes('"Keep"'))).toEqual([])
      // The box is as the agent sees it again: scrolled back after the check.
      expect(await h.page.evaluate(() => document.getElementById('planted-box')?.scrollLeft)).toBe(0)
    } finally {
      await h.page.evaluate(() => document.getElementById('planted-box')?.remove())
    }
  })
})
