import { readFileSync } from 'node:fs'
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import {
  APP_ORIGIN,
  CONTENT_SECURITY_POLICY,
  SECURE_WEB_PREFERENCES,
  isNavigationAllowed,
  permissionDecision,
  windowOpenDecision,
} from '../../../src/main/security'
import { present } from '../../helpers/present'

const securityMd = readFileSync(path.resolve(import.meta.dirname, '../../../SECURITY.md'), 'utf8')

/** Rows `| name | value |` of the table under the given heading. */
function tableUnder(heading: string): Map<string, string> {
  const start = securityMd.indexOf(`## ${heading}`)
  expect(start, `SECURITY.md has a "${heading}" section`).toBeGreaterThanOrEqual(0)
  const rest = securityMd.slice(start).split('\n').slice(1)
  const rows = new Map<string, string>()
  for (const line of rest) {
    if (line.startsWith('## ')) break
    const cells = line.split('|').map((c) => c.trim())
    if (
      cells.length >= 4 &&
      cells[1] &&
      !cells[1].startsWith('---') &&
      cells[1] !== 'preference' &&
      cells[1] !== 'directive'
    ) {
      rows.set(cells[1], present(cells[2]))
    }
  }
  return rows
}

describe('window security matches SECURITY.md', () => {
  it('has the webPreferences SECURITY.md lists, with the same values', () => {
    const documented = tableUnder("The window's webPreferences")
    expect(documented.size).toBeGreaterThanOrEqual(10)
    for (const [name, value] of documented) {
      expect(SECURE_WEB_PREFERENCES, name).toHaveProperty(
        name,
        value === 'true' ? true : value === 'false' ? false : value,
      )
    }
  })

  it('sends exactly the CSP directives SECURITY.md lists', () => {
    const documented = tableUnder('Content Security Policy')
    const actual = new Map(
      CONTENT_SECURITY_POLICY.split(';').map((d) => {
        const [name, ...values] = d.trim().split(/\s+/)
        return [present(name), values.join(' ')] as const
      }),
    )
    expect(actual).toEqual(documented)
  })

  it('has no inline script, eval or remote origin in the CSP', () => {
    expect(CONTENT_SECURITY_POLICY).not.toMatch(/unsafe-inline|unsafe-eval|https?:|\*/)
    expect(CONTENT_SECURITY_POLICY).toMatch(/script-src 'self'(;|$)/)
  })

  it('lets the window navigate only within its own origin', () => {
    expect(isNavigationAllowed(`${APP_ORIGIN}/index.html#/payments`, APP_ORIGIN)).toBe(true)
    for (const url of [
      'https://evil.example/',
      'file:///etc/passwd',
      'app://other/index.html',
      'javascript:alert(1)',
      'http://127.0.0.1:4010/checkout/tr_1',
      'app://user@paydesk/index.html',
      'garbage',
    ]) {
      expect(isNavigationAllowed(url, APP_ORIGIN), url).toBe(false)
    }
    expect(isNavigationAllowed('http://localhost:5173/x', 'http://localhost:5173')).toBe(true)
    expect(isNavigationAllowed('http://localhost:5174/x', 'http://localhost:5173')).toBe(false)
  })

  it('denies new windows and every permission', () => {
    expect(windowOpenDecision()).toEqual({ action: 'deny' })
    for (const p of ['media', 'geolocation', 'notifications', 'clipboard-read', 'openExternal', 'fullscreen']) {
      expect(permissionDecision(p)).toBe(false)
    }
  })
})
