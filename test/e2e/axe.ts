import { readFile } from 'node:fs/promises'
import { createRequire } from 'node:module'
import type { Page } from 'playwright-core'

/** One axe finding, reduced to what a failing test message needs. */
export interface AxeFinding {
  id: string
  impact: string | null
  help: string
  nodes: string[]
}

let axeSource: Promise<string> | undefined

function loadAxeSource(): Promise<string> {
  axeSource ??= readFile(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8')
  return axeSource
}

const IMPACTS = ['minor', 'moderate', 'serious', 'critical']

/**
 * Runs axe-core in the page and returns the critical and serious violations (with `minImpact`
 * 'moderate', those too). The production CSP forbids injected script tags, so axe's source is
 * evaluated in the page instead.
 */
export async function axeViolations(
  page: Page,
  { minImpact = 'serious' }: { minImpact?: 'moderate' | 'serious' } = {},
): Promise<AxeFinding[]> {
  const hasAxe = await page.evaluate(() => 'axe' in window)
  if (!hasAxe) await page.evaluate(await loadAxeSource())
  const found = await page.evaluate(async () => {
    const axe = (window as unknown as { axe: { run: (ctx: Document, o: object) => Promise<unknown> } }).axe
    const result = (await axe.run(document, { resultTypes: ['violations'] })) as {
      violations: { id: string; impact: string | null; help: string; nodes: { target: unknown[] }[] }[]
    }
    return result.violations.map((v) => ({
      id: v.id,
      impact: v.impact,
      help: v.help,
      nodes: v.nodes.slice(0, 8).map((n) => JSON.stringify(n.target)),
    }))
  })
  return found.filter((f) => IMPACTS.indexOf(f.impact ?? '') >= IMPACTS.indexOf(minImpact))
}

/** The window sizes the money-safety calls are checked at (issue 49): a laptop and a small window. */
const CALL_SIZES = [
  { width: 1280, height: 800 },
  { width: 960, height: 600 },
] as const

/**
 * axe at moderate and above on the page as it is, light and dark, at each of the calls' window sizes;
 * the viewport is put back afterwards. Returns every finding, each named with its size and scheme.
 */
export async function axeAtCallSizes(page: Page): Promise<string[]> {
  const before = page.viewportSize()
  const findings: string[] = []
  for (const size of CALL_SIZES) {
    await page.setViewportSize(size)
    for (const scheme of ['light', 'dark'] as const) {
      await page.emulateMedia({ colorScheme: scheme })
      for (const f of await axeViolations(page, { minImpact: 'moderate' })) {
        findings.push(`${size.width}×${size.height} ${scheme}: ${f.id} (${f.impact}) ${f.nodes.join(' ')}`)
      }
    }
  }
  if (before) await page.setViewportSize(before)
  return findings
}
