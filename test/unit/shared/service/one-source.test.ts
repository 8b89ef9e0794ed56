// The service's rules are written once, in src/shared/service/ (issue 12 item 1). This test scans
// src/ for code that re-declares one of them: an id or credential pattern, a credential prefix as
// a string, or the page-size limit. Words in comments and user-facing text ("test_…") are fine.
import { readdirSync, readFileSync, statSync } from 'node:fs'
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { CREDENTIAL_PREFIX_LIST, ID_PREFIXES, MAX_PAGE_SIZE } from '../../../../src/shared/service'

const root = path.resolve(import.meta.dirname, '../../../..')
const SPEC_DIR = path.join('src', 'shared', 'service')

function sourceFiles(dir: string): string[] {
  const out: string[] = []
  for (const name of readdirSync(dir)) {
    const full = path.join(dir, name)
    if (statSync(full).isDirectory()) out.push(...sourceFiles(full))
    else if (/\.(ts|tsx)$/.test(name)) out.push(full)
  }
  return out
}

/** Drops comments, keeps code and string literals (line numbers stay). */
function code(text: string): string {
  return text.replace(/\/\*[\s\S]*?\*\//g, (m) => m.replace(/[^\n]/g, ' ')).replace(/(^|[^:'"`\\])\/\/.*$/gm, '$1')
}

const idPrefixes = Object.values(ID_PREFIXES).join('|')
const credentialWords = CREDENTIAL_PREFIX_LIST.map((p) => p.slice(0, -1)).join('|')

/** What a re-declaration looks like in code. */
export const FORBIDDEN: { name: string; pattern: RegExp }[] = [
  // A regex literal anchored on an id prefix: /^tr_…/, /^ord_[A-Za-z0-9]+$/
  { name: 'id pattern', pattern: new RegExp(`/\\^(${idPrefixes})_`) },
  // A regex literal alternating the credential prefixes: /(test|live|access)_/ (not another
  // service's keys such as /^(sk|pk)_(live|test)_/, which the connection form warns about)
  { name: 'credential pattern', pattern: new RegExp(`(?<!_)\\((${credentialWords})\\|`) },
  // A credential prefix as a string literal of its own: 'test_', "live_", `access_`
  { name: 'credential prefix', pattern: new RegExp(`(['"\`])(${credentialWords})_\\1`) },
  // An id prefix as a string literal of its own: 'tr_', 'ord_'
  { name: 'id prefix', pattern: new RegExp(`(['"\`])(${idPrefixes})_\\1`) },
  // The READ class as a list of methods: ['GET', 'HEAD', 'OPTIONS'] (spec 8.1.4; methods.ts)
  { name: 'READ methods', pattern: /\[\s*(['"`])GET\1\s*,\s*(['"`])HEAD\2\s*,\s*(['"`])OPTIONS\3\s*\]/ },
  // The page-size limit as a number in code about limits, pages or sizes: limit > 250,
  // [10, 25, 50, 100, 250] (timings such as `intervalMs = 250` are not it)
  {
    name: 'page-size limit',
    pattern: new RegExp(
      `(?=.*(limit|page|size|\\[[\\d, ]*${MAX_PAGE_SIZE}\\b))(?=.*(?<![\\d.:_])${MAX_PAGE_SIZE}(?![\\d_]))`,
      'i',
    ),
  },
]

/** Files allowed to hold such a literal for a reason other than a rule (none today). */
const ALLOWED: Record<string, string[]> = {}

export function findRedeclarations(file: string, text: string): string[] {
  const found: string[] = []
  const lines = code(text).split('\n')
  lines.forEach((line, i) => {
    for (const { name, pattern } of FORBIDDEN) {
      if (!pattern.test(line)) continue
      if (ALLOWED[file]?.includes(name)) continue
      found.push(`${file}:${i + 1}: ${name}: ${line.trim()}`)
    }
  })
  return found
}

describe('one source for the service rules', () => {
  it('finds a re-declared rule (the check can fail)', () => {
    const samples = [
      'const PAYMENT_ID = /^tr_[A-Za-z0-9]+$/',
      'const p = /(test|live|access)_[A-Za-z0-9]{8,}/g',
      "if (prefix === 'access_') return",
      "checkId(id, 'ord_')",
      'if (limit > 250) throw new Error()',
      'const SUGGESTED = [10, 25, 50, 100, 250]',
      "const writes = !['GET', 'HEAD', 'OPTIONS'].includes(method)",
    ]
    for (const sample of samples) expect(findRedeclarations('sample.ts', sample), sample).not.toEqual([])
    expect(findRedeclarations('sample.ts', '// ids look like tr_… (limit 250)')).toEqual([])
    expect(findRedeclarations('sample.ts', "placeholder: 'test_…, live_… or access_…'")).toEqual([])
    expect(findRedeclarations('sample.ts', 'setInterval(tick, 250)')).toEqual([])
    expect(findRedeclarations('sample.ts', "allow: ['GET', 'HEAD', 'POST']")).toEqual([])
    expect(findRedeclarations('sample.ts', 'const FOREIGN = /^(sk|pk)_(live|test)_/')).toEqual([])
  })

  it('src/ outside the spec module re-declares none of them', () => {
    const found: string[] = []
    for (const file of sourceFiles(path.join(root, 'src'))) {
      const rel = path.relative(root, file)
      if (rel.startsWith(SPEC_DIR + path.sep)) continue
      found.push(...findRedeclarations(rel.split(path.sep).join('/'), readFileSync(file, 'utf8')))
    }
    expect(found).toEqual([])
  })
})
