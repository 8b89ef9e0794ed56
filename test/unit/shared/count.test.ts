// Whole numbers as people read them, through one kept formatter per locale (shared/count.ts).
import { readFileSync } from 'node:fs'
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { formatCount } from '../../../src/shared/count'
import { sourceFiles, withoutComments } from '../helpers/source-scan'

const root = path.resolve(import.meta.dirname, '../../..')

describe('formatCount', () => {
  it('groups digits as the locale does', () => {
    expect(formatCount(10_000, 'en-US')).toBe('10,000')
    expect(formatCount(1_234_567, 'de-DE')).toBe('1.234.567')
    expect(formatCount(0, 'en-US')).toBe('0')
  })

  it('gives what Number.prototype.toLocaleString gives, for the runtime locale too', () => {
    for (const n of [7, 999, 1_000, 54_321, 10_000_000]) {
      expect(formatCount(n)).toBe(n.toLocaleString())
      expect(formatCount(n, 'nl-NL')).toBe(n.toLocaleString('nl-NL'))
    }
  })

  it('falls back to the runtime locale for a tag Intl refuses, instead of throwing', () => {
    expect(() => new Intl.NumberFormat('not a locale!')).toThrow()
    expect(formatCount(12_345, 'not a locale!')).toBe((12_345).toLocaleString())
  })

  it('is the one way the code formats a count: no toLocaleString anywhere in src', () => {
    const offenders: string[] = []
    for (const dir of ['src']) {
      for (const file of sourceFiles(path.join(root, dir))) {
        const code = withoutComments(readFileSync(file, 'utf8'))
        if (/\.toLocaleString\(/.test(code)) offenders.push(path.relative(root, file))
      }
    }
    expect(offenders).toEqual([])
  })
})
