// The payments browser's e2e setup, shared by payments.test.ts and payments.loading.test.ts: the
// app over a sandbox of 1,200 payments with a narrow list window, the sandbox's admin client and the
// payment ids in both orders; and helpers that read the virtualized list.
import { mkdtemp, rm } from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import type { Page } from 'playwright-core'
import { randomBytes } from 'node:crypto'
import { afterAll, beforeAll } from 'vitest'
import { createSandboxAdmin, type SandboxAdmin } from '../../src/sandbox'
import { startHarness, type Harness } from './harness'
import { present } from '../helpers/present'

const BASE62 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789'
export const token = (n: number) => Array.from(randomBytes(n), (b) => BASE62[b % 62]).join('')

/** Reads every row id of the virtualized list by scrolling it (only rows in view are in the DOM). */
export async function listedIds(page: Page): Promise<string[]> {
  return page.evaluate(async () => {
    const box = document.querySelector('[data-testid="payments-scroll"]') as HTMLElement
    const total = Number(document.querySelector('[data-testid="payments-table"]')?.getAttribute('aria-rowcount'))
    const byIndex = new Map<number, string>()
    const frame = () => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r)))
    box.scrollTop = 0
    await frame()
    for (let guard = 0; guard < 200 && byIndex.size < total; guard++) {
      for (const tr of document.querySelectorAll<HTMLElement>('[data-testid="payment-row"]')) {
        byIndex.set(Number(tr.getAttribute('aria-rowindex')) - 2, tr.dataset.paymentId ?? '')
      }
      box.scrollTop += box.clientHeight / 2
      await frame()
    }
    box.scrollTop = 0
    return [...byIndex.entries()].sort((a, b) => a[0] - b[0]).map(([, id]) => id)
  })
}

export async function waitIdle(page: Page): Promise<void> {
  await page.waitForFunction(
    () =>
      !document.querySelector('[data-testid="payments-loading"]') &&
      !document.querySelector('.pay-footer [role="status"]'),
  )
}

/** Waits until the list holds `pages` pages (a restart or a "Load more" committed). */
export async function waitPages(page: Page, pages: number): Promise<void> {
  await page.locator(`[data-testid="payments-count"][data-pages="${pages}"]`).waitFor()
}

/** Waits until the first listed row is `id` (a page change committed). */
export async function waitFirstRow(page: Page, id: string): Promise<void> {
  await page.waitForFunction(
    (want) => document.querySelector('[data-testid="payment-row"]')?.getAttribute('data-payment-id') === want,
    id,
  )
}

export interface PaymentsContext {
  h: Harness
  admin: SandboxAdmin
  /** The sandbox's payment ids, newest first and oldest first. */
  desc: string[]
  asc: string[]
  /** A folder for files the tests write (exports). */
  tmp: string
}

/** Starts the app on the Payments screen before the file's tests and closes it after them. */
export function paymentsBrowser(name: string): PaymentsContext {
  const ctx = {} as PaymentsContext
  const adminToken = `admin_${token(30)}`

  beforeAll(async () => {
    ctx.tmp = await mkdtemp(path.join(os.tmpdir(), 'paydesk-payments-e2e-'))
    ctx.h = await startHarness({
      name,
      // A narrow list window, so four pages of 250 are enough to see far pages dropped and refetched.
      query: 'paymentsWindow=2',
      deps: { sandboxOptions: { keys: [`test_${token(30)}`], adminToken, seedPayments: 1200, seed: 7 } },
    })
    await ctx.h.services.connections.getActiveClient() // starts the sandbox (lazily started on first use)
    const active = await ctx.h.services.connections.activeView()
    const origin = new URL(present(active.baseUrl)).origin
    ctx.admin = createSandboxAdmin(origin, adminToken)
    ctx.desc = await ctx.admin.paymentIds('test', 'desc')
    ctx.asc = await ctx.admin.paymentIds('test', 'asc')
    await ctx.h.page.getByRole('navigation', { name: 'Sections' }).waitFor()
    await ctx.h.page.getByRole('button', { name: /^Payments/ }).click()
    await ctx.h.page.getByRole('heading', { level: 1, name: 'Payments' }).waitFor()
  })

  afterAll(async () => {
    await ctx.h?.close()
    if (ctx.tmp) await rm(ctx.tmp, { recursive: true, force: true })
  })
  return ctx
}
