import { spawnSync } from 'node:child_process'
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { present } from '../helpers/present'

// Doyensec electronegativity over src/ (scripts/electronegativity.mjs): no HIGH or MEDIUM finding
// besides its generic preload and openExternal review notes.
const root = path.resolve(import.meta.dirname, '../..')

describe('electronegativity', () => {
  it('finds nothing HIGH or MEDIUM beyond the preload and openExternal review notes', () => {
    const result = spawnSync(process.execPath, [path.join(root, 'scripts/electronegativity.mjs')], {
      cwd: root,
      encoding: 'utf8',
    })
    const summary = JSON.parse(present(result.stdout.trim().split('\n').at(-1))) as {
      findings: number
      blocking: number
      blockingIds: string[]
    }
    expect(summary.blockingIds, result.stdout).toEqual([])
    expect(summary.findings).toBeGreaterThan(0) // it did scan: the generic notes are always there
    expect(result.status, result.stderr).toBe(0)
  })
})
