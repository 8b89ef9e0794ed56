import { readFile } from 'node:fs/promises'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { ApiClient } from '../../src/main/api'
import { createSandboxAdmin, type SandboxAdmin } from '../../src/sandbox'
import type { CreateOrderRequest } from '../../src/shared/api-types'
import { emptyDraftContent } from '../../src/shared/order-builder'
import { STATUS_CELL_WORDS } from '../../src/renderer/src/features/inspector/format'
import { currentCspViolations, startHarness, type Harness } from './harness'
import { findIn, scanDirectory } from './secrets-leak-scan'
import { present } from '../helpers/present'

// A fixed sandbox key so every persisted byte can be searched for it (and its encodings).
const SECRET = 'test_InspectorE2eSecretKey0123456789'
const ADMIN_TOKEN = 'inspector-e2e-admin-token'

describe('Inspector in Chromium', () => {
  let h: Harness
  let client: ApiClient
  let admin: SandboxAdmin

  async function openInspector(): Promise<void> {
    await h.page.getByRole('button', { name: /^Inspector/ }).click()
    await h.page.getByRole('heading', { level: 1, name: 'Inspector' }).waitFor()
  }

  /** Selects the row of a request (by path text) and waits until its detail is painted. */
  async function openEntry(pathText: string): Promise<string> {
    const row = h.page.getByTestId('request-row').filter({ hasText: pathText }).first()
    await row.waitFor()
    const id = present(await row.getAttribute('data-entry-id'))
    await row.click()
    await h.page.locator(`[data-testid="request-detail"][data-entry-id="${id}"]`).waitFor()
    return id
  }

  beforeAll(async () => {
    h = await startHarness({
      name: 'inspector',
      // No background sync: its GET /v2/orders rows would interleave with the requests under test.
      deps: {
        sandboxOptions: { keys: [SECRET], adminToken: ADMIN_TOKEN, seedPayments: 40 },
        search: { autoSync: false },
      },
    })
    client = await h.services.connections.getActiveClient()
    const sandbox = present((await h.services.connections.list()).connections.find((c) => c.builtIn))
    admin = createSandboxAdmin(new URL(present(sandbox.baseUrl)).origin, ADMIN_TOKEN)
  })

  afterAll(async () => {
    await h?.close()
  })

  it('shows a 422 with its field, the documentation link, and jumps to the builder field', async () => {
    // A real invalid order through the app's own client (as the builder would send it).
    const invalid = {
      locale: 'en_US',
      metadata: { note: 'e2e', password: 'hunter2-e2e' },
    } as unknown as CreateOrderRequest
    await expect(
      client.createOrder(invalid, { origin: { screen: 'orders', action: 'create order' } }),
    ).rejects.toMatchObject({
      status: 422,
    })
    await openInspector()
    await openEntry('/v2/orders')
    const detail = h.page.getByTestId('request-detail')
    await expect(detail.getByTestId('explanation').textContent()).resolves.toMatch(/422 · invalid orderNumber/)
    await expect(detail.getByTestId('error-field').textContent()).resolves.toBe('orderNumber')
    await expect(detail.getByTestId('origin').textContent()).resolves.toBe('orders · create order')
    await expect(detail.getByTestId('idempotency-key').textContent()).resolves.toMatch(/^[0-9a-f-]{36}$/)
    // The credential-named body field was redacted before it reached the page.
    await expect(detail.getByTestId('request-body').textContent()).resolves.not.toContain('hunter2-e2e')
    await expect(detail.getByTestId('request-headers').textContent()).resolves.toContain('[redacted]')
    await h.screenshot('422-detail')

    const docLink = detail.getByTestId('doc-link')
    const docUrl = present(await docLink.textContent())
    await docLink.click()
    await expect.poll(() => h.openedExternal).toContain(docUrl)

    // Sent straight through the client, not from a draft: there is no form to open.
    await detail.getByTestId('goto-field-unknown').waitFor()
    await expect(detail.getByTestId('goto-field').count()).resolves.toBe(0)
  })

  it('Go to field opens the draft the request was sent for, not the one open now, or says it is gone', async () => {
    type Saved = { ok: boolean; value?: { id: string } }
    const save = (name: string) =>
      h.page.evaluate(
        async ({ name, content }) => {
          const api = (window as unknown as { paydesk: { drafts: { save(i: unknown): Promise<unknown> } } }).paydesk
          return (await api.drafts.save({ name, content })) as Saved
        },
        { name, content: { ...emptyDraftContent('order'), orderNumber: 'FROM-422' } },
      )
    const sentFrom = (await save('Draft the 422 came from')).value?.id ?? ''
    expect(sentFrom).toMatch(/\S/)
    // A 422 for that draft, as the builder's create would send it (main names the draft in the origin).
    const invalid = { locale: 'en_US' } as unknown as CreateOrderRequest
    await expect(
      client.createOrder(invalid, { origin: { screen: 'orders', action: 'create order', draftId: sentFrom } }),
    ).rejects.toMatchObject({ status: 422 })
    // The agent works on another draft meanwhile.
    await h.page.getByRole('button', { name: /^Orders/ }).click()
    await h.page.getByTestId('new-payment-draft').click()
    await expect.poll(() => h.page.getByTestId('draft-name').textContent()).not.toBe('Draft the 422 came from')

    await openInspector()
    await openEntry('/v2/orders')
    await h.page.getByTestId('request-detail').getByTestId('goto-field').click()
    await h.page.getByRole('heading', { level: 1, name: /^Order/ }).waitFor()
    await expect.poll(() => h.page.getByTestId('draft-name').textContent()).toBe('Draft the 422 came from')
    await h.screenshot('422-jump-to-its-draft')

    // The draft is deleted: the jump says so instead of showing another draft's field.
    await h.page.evaluate(async (id) => {
      const api = (window as unknown as { paydesk: { drafts: { delete(i: unknown): Promise<unknown> } } }).paydesk
      await api.drafts.delete({ id })
    }, sentFrom)
    await h.page.getByTestId('new-payment-draft').click()
    await openInspector()
    await openEntry('/v2/orders')
    await h.page.getByTestId('request-detail').getByTestId('goto-field').click()
    await h.page.getByTestId('draft-gone').waitFor()
    await expect.poll(() => h.page.getByTestId('draft-name').textContent()).not.toBe('Draft the 422 came from')
  })

  it('shows the tail of each path (no /v2), the whole URL on hover, and case tags as chips beside it', async () => {
    await openInspector()
    const row = h.page.getByTestId('request-row').filter({ hasText: '/v2/orders' }).first()
    await expect(row.getByTestId('request-path').textContent()).resolves.toBe('/orders')
    await expect(row.locator('.c-path').getAttribute('title')).resolves.toMatch(
      /^http:\/\/127\.0\.0\.1:\d+\/v2\/orders$/,
    )
    await row.getByRole('checkbox').check()
    await h.page.getByTestId('case-id').fill('CASE-CHIP-77')
    await h.page.getByTestId('tag-button').click()
    await expect.poll(() => row.getByTestId('request-tag').allTextContents()).toEqual(['CASE-CHIP-77'])
    // The chip sits beside the path: the path is still shown whole.
    await expect(row.getByTestId('request-path').textContent()).resolves.toBe('/orders')
    const [path, chip] = [
      await row.getByTestId('request-path').boundingBox(),
      await row.getByTestId('request-tag').boundingBox(),
    ]
    expect(path && chip && chip.x >= path.x + path.width - 1).toBe(true)
    await row.getByRole('checkbox').uncheck()
  })

  it('shows each filter field’s placeholder whole', async () => {
    await openInspector()
    const cut = await h.page.locator('.rl-filters input[placeholder]').evaluateAll((inputs) =>
      inputs
        .filter((el) => {
          const input = el as HTMLInputElement
          const st = getComputedStyle(input)
          const context = document.createElement('canvas').getContext('2d')
          if (!context) return true
          context.font = st.font
          const room = input.clientWidth - parseFloat(st.paddingLeft) - parseFloat(st.paddingRight)
          return context.measureText(input.placeholder).width > room
        })
        .map((el) => (el as HTMLInputElement).placeholder),
    )
    expect(cut).toEqual([])
    expect(await h.page.locator('.rl-filters input[placeholder]').count()).toBeGreaterThanOrEqual(2)
  })

  it('shows a 429 with the decoded rate-limit headers and the retry timeline', async () => {
    await admin.addFault({ path: '/v2/payments', method: 'GET', kind: 'status', status: 429, retryAfter: 1, count: 1 })
    const page = await client.listPayments({ limit: 7 }, { origin: { screen: 'payments', action: 'list payments' } })
    expect(page.count).toBe(7)
    await openInspector()
    await openEntry('/v2/payments?limit=7')
    const detail = h.page.getByTestId('request-detail')
    const attempts = detail.getByTestId('timeline-attempt')
    await expect(attempts.count()).resolves.toBe(2)
    await expect(attempts.nth(0).textContent()).resolves.toMatch(/retried.*429.*status 429/s)
    await expect(attempts.nth(0).textContent()).resolves.toMatch(/waited (1\.\d+ s|\d{3,4} ms)/)
    await expect(attempts.nth(1).textContent()).resolves.toMatch(/success.*200/s)
    const decoded = present(await detail.getByTestId('rate-limit-decoded').textContent())
    expect(decoded).toContain('Retry-After: Next request slot opens in 1 s')
    expect(decoded).toMatch(/RateLimit: \d+ of \d+ left in get-v2-payments/)
    expect(decoded).toMatch(/RateLimit-Policy: get-v2-payments allows \d+ requests? per second/)
    // The live bucket panel and the status bar gauge know the read bucket by now.
    await h.page.getByTestId('ratelimit-bucket').filter({ hasText: 'get-v2-payments' }).first().waitFor()
    await expect(h.page.getByTestId('ratelimit-status').textContent()).resolves.toMatch(/READ \d+\/\d+/)
    await h.screenshot('429-detail')
  })

  it('says in a word that fits when a request got no answer it could read, and what that means on hover', async () => {
    await admin.addFault({ path: '/v2/payments', method: 'GET', kind: 'malformed-json', count: 1 })
    try {
      await expect(
        client.listPayments({ limit: 3 }, { origin: { screen: 'payments', action: 'list payments' } }),
      ).rejects.toMatchObject({ kind: 'malformed-response' })
    } finally {
      await admin.clearFaults()
    }
    await openInspector()
    const row = h.page.getByTestId('request-row').filter({ hasText: '/payments?limit=3' }).first()
    const cell = row.locator('.c-status')
    await expect(cell.textContent()).resolves.toBe('bad reply')
    // The answer was a 200 whose body could not be read: not shown as a success.
    await expect(cell.getAttribute('title')).resolves.toBe(
      'The service answered with a body that could not be read. (HTTP 200)',
    )
    // Every word the column can show fits it whole, in the list's own font and classes.
    const cut = await cell.evaluate((el, words) => {
      const badge = el.firstElementChild as HTMLElement
      const original = badge.textContent
      const out: string[] = []
      for (const word of words) {
        badge.textContent = word
        const fits =
          badge.scrollWidth <= badge.clientWidth + 0.5 &&
          badge.getBoundingClientRect().right <= el.getBoundingClientRect().right + 0.5
        if (!fits) out.push(word)
      }
      badge.textContent = original
      return out
    }, STATUS_CELL_WORDS)
    expect(STATUS_CELL_WORDS).toContain('retrying')
    expect(cut).toEqual([])
  })

  it('opens the entry another screen links to (a failed connection test), with its retries explained', async () => {
    // Down for good: a read outlasts an outage for 20 s (issue 46 item 6), then gives up.
    await admin.addFault({ path: '/v2/payments', method: 'GET', kind: 'status', status: 503 })
    await h.page.getByRole('button', { name: /^Connections/ }).click()
    await h.page.getByTestId('connection-test').first().click()
    const inspect = h.page.getByTestId('connection-test-inspect')
    await inspect.waitFor({ timeout: 30_000 })
    const requestId = present(
      await h.page.locator('[data-testid="connection-test-inspect"] + span').textContent(),
    ).trim()
    await inspect.click()
    await h.page.locator(`[data-testid="request-detail"][data-entry-id="${requestId}"]`).waitFor()
    await expect(
      h.page.locator(`[data-testid="request-row"][data-entry-id="${requestId}"]`).getAttribute('aria-selected'),
    ).resolves.toBe('true')
    const explanation = present(await h.page.getByTestId('explanation').textContent())
    expect(explanation).toMatch(/503 · temporarily unavailable/)
    const retried = Number(/already retried it (\d+) times/.exec(explanation)?.[1])
    expect(explanation).toMatch(/should pass/)
    expect(retried).toBeGreaterThanOrEqual(5)
    await expect(h.page.getByTestId('timeline-attempt').count()).resolves.toBe(retried + 1)
    await admin.clearFaults()
    await h.screenshot('503-from-connections')
  })

  it('copies a cURL command that names the key by variable only', async () => {
    await openEntry('/v2/orders')
    await h.page.getByTestId('copy-curl').click()
    const command = present(await h.page.getByTestId('curl-command').textContent())
    expect(command).toContain('-H "Authorization: Bearer $PAYDESK_API_KEY"')
    expect(command).toMatch(/-H 'idempotency-key: [0-9a-f-]{36}'/i)
    expect(command).not.toContain(SECRET)
    // On the clipboard through main, exactly as shown.
    await expect.poll(() => h.clipboard.at(-1)).toBe(command)
  })

  it('refuses to copy more than the clipboard cap, with a clear error', async () => {
    const reply = await h.page.evaluate(async () => window.paydesk.app.copy({ text: 'x'.repeat(2_000_001) }))
    expect(reply).toMatchObject({ ok: false, error: { code: 'invalid-input' } })
  })

  it('tags entries with a case id, filters by it, and exports a HAR without any secret', async () => {
    const rows = h.page.getByTestId('request-row')
    const total = await rows.count()
    expect(total).toBeGreaterThanOrEqual(2)
    await h.page.getByRole('checkbox', { name: 'Select all shown requests' }).check()
    await h.page.getByTestId('case-id').fill('CASE-1234')
    await h.page.getByTestId('tag-button').click()
    await expect
      .poll(() => h.page.getByTestId('inspector-message').textContent())
      .toMatch(/Tagged \d+ requests? with CASE-1234/)
    await h.page.getByTestId('filter-tag').selectOption('CASE-1234')
    await expect(rows.count()).resolves.toBe(total)

    const harFile = path.join(h.dataDir, 'escalation.har')
    h.savePaths.push(harFile)
    h.dialogAnswers.push(0) // main's question: leave customers' personal data out (its default)
    await h.page.getByTestId('export-har').click()
    await expect
      .poll(() => h.page.getByTestId('inspector-message').textContent())
      .toMatch(/Exported \d+ requests .*personal data left out/)
    expect(h.questions.at(-1)?.kind).toBe('export-personal-data')
    const text = await readFile(harFile, 'utf8')
    const har = JSON.parse(text)
    expect(har.log.version).toBe('1.2')
    expect(har.log.creator.name).toBe('Paydesk')
    expect(har.log.entries.length).toBeGreaterThanOrEqual(3) // the 429 and its retry are two entries
    expect(
      har.log.entries.every(
        (e: { request?: unknown; response?: unknown; timings?: unknown }) => e.request && e.response && e.timings,
      ),
    ).toBe(true)
    expect(findIn(text, 'HAR export', [SECRET])).toEqual([])
    expect(text).not.toContain('hunter2-e2e')
    await h.screenshot('tagged-and-exported')
  })

  it('keeps the log across a restart, and no persisted byte holds the secret', async () => {
    const before = await h.services.requestLog.list()
    await h.restart()
    await openInspector()
    await h.page.getByTestId('request-row').first().waitFor()
    const after = await h.services.requestLog.list()
    expect(after.entries.map((e) => [e.id, e.status, e.attemptCount, e.tags])).toEqual(
      before.entries.map((e) => [e.id, e.status, e.attemptCount, e.tags]),
    )
    await expect(h.page.getByTestId('inspector-count').textContent()).resolves.toContain(
      `of ${before.entries.length} requests`,
    )
    await h.screenshot('after-restart')

    await h.services.requestLog.flush()
    const { findings, files } = await scanDirectory(h.dataDir, [SECRET])
    expect(files.some((f) => f.includes(`${path.sep}request-log${path.sep}segment-`))).toBe(true)
    expect(findings).toEqual([])
    // Nor did anything main sent to the page carry it.
    expect(findIn(h.messagesToRenderer.join('\n'), 'IPC to the renderer', [SECRET])).toEqual([])
  })

  it('clears the log only after main’s own dialog said yes', async () => {
    const count = (await h.services.requestLog.list()).entries.length
    // Closed without choosing (the harness answers Cancel): the log stays and the page says so.
    await h.page.getByTestId('clear-log').click()
    await h.page.getByTestId('inspector-message').filter({ hasText: 'nothing was cleared' }).waitFor()
    expect((await h.services.requestLog.list()).entries).toHaveLength(count)
    expect(h.questions.at(-1)?.kind).toBe('clear-request-log')
    h.dialogAnswers.push(1)
    await h.page.getByTestId('clear-log').click()
    await h.page.getByTestId('inspector-empty').waitFor()
    expect((await h.services.requestLog.list()).entries).toEqual([])
  })

  it('ran with no console errors and no CSP violations', async () => {
    expect(await currentCspViolations(h.page)).toEqual([])
    expect(h.consoleErrors).toEqual([])
  })
})
