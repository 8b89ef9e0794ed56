// The documents a newcomer reads first name real files (issue 47 item 7). README.md, ARCHITECTURE.md,
// SECURITY.md, CONTRIBUTING.md and docs/*.md name files as `src/…`, `test/…` or `bench/…` paths, or
// by the tail of one (`features/payments/row-keys.ts`); comments in src/ point at a section of a
// document (ARCHITECTURE.md "Size exceptions", docs/SEARCH.md "Sync"). A file moved or renamed
// without its documents fails here, naming the document, the line and the path.
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs'
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { sourceFiles } from './helpers/source-scan'

const root = path.resolve(import.meta.dirname, '../..')

function documents(): string[] {
  const top = ['README.md', 'ARCHITECTURE.md', 'SECURITY.md', 'CONTRIBUTING.md']
  const docs = readdirSync(path.join(root, 'docs'))
    .filter((name) => name.endsWith('.md'))
    .map((name) => `docs/${name}`)
  return [...top, ...docs]
}

/** Every file and folder of the project's code, relative to the root, with `/` separators. */
function projectPaths(): string[] {
  const out: string[] = []
  const walk = (dir: string) => {
    for (const name of readdirSync(path.join(root, dir))) {
      const rel = `${dir}/${name}`
      if (statSync(path.join(root, rel)).isDirectory()) {
        out.push(`${rel}/`)
        walk(rel)
      } else out.push(rel)
    }
  }
  for (const dir of ['src', 'test', 'bench', 'scripts', 'docs']) walk(dir)
  return out
}

/**
 * Paths a document names from the root (`src/main/api/limiter.ts`, `test/e2e/`), with a trailing
 * `*` kept as a prefix (`src/main/api/limiter*.ts`); a placeholder (`src/shared/ipc/<domain>.ts`)
 * is not a path and is skipped.
 */
function rootedPaths(line: string): string[] {
  const found: string[] = []
  for (const match of line.matchAll(/(?<![\w./<>-])((?:src|test|bench)\/[\w./@*-]*)(<)?/g)) {
    if (match[2] !== undefined) continue
    const named = (match[1] ?? '').replace(/[.,]+$/, '')
    found.push(named)
  }
  return found
}

/** Paths a document names by their tail, in backticks: `features/payments/row-keys.ts`. */
function tailPaths(line: string): string[] {
  const found: string[] = []
  for (const match of line.matchAll(/`([\w@.-]+\/[\w./@-]*\.(?:ts|tsx|mjs|css))`/g)) {
    const named = match[1] ?? ''
    if (!/^(src|test|bench)\//.test(named)) found.push(named)
  }
  return found
}

function exists(named: string, all: readonly string[]): boolean {
  if (named.includes('*')) {
    const [prefix = '', suffix = ''] = named.split('*')
    return all.some((p) => p.startsWith(prefix) && p.endsWith(suffix))
  }
  return existsSync(path.join(root, named))
}

/** `<document>:<line>: <path>` for each path a document names that is not in the project. */
function missingPaths(name: string, text: string, all: readonly string[]): string[] {
  const missing: string[] = []
  text.split('\n').forEach((line, i) => {
    for (const named of rootedPaths(line)) if (!exists(named, all)) missing.push(`${name}:${i + 1}: ${named}`)
    for (const named of tailPaths(line)) {
      // A path whose first folder the project has none of is another project's (electron/install.js
      // in node_modules, the SDK repository's tests/getHead.ts)
      const first = `/${named.split('/')[0] ?? ''}/`
      if (!all.some((p) => p.includes(first))) continue
      if (!all.some((p) => p.endsWith(`/${named}`))) missing.push(`${name}:${i + 1}: ${named}`)
    }
  })
  return missing
}

/** `<file>:<line>: <name>` for each file a comment names (`limiter.ts`, `shared/vat-rates.ts`) that is not in the project. */
function missingInComments(rel: string, text: string, all: readonly string[]): string[] {
  const missing: string[] = []
  text.split('\n').forEach((line, i) => {
    const comment = /(?:\/\/|^\s*\*)(.*)$/.exec(line)?.[1]
    if (comment === undefined) return
    for (const match of comment.matchAll(/(?<![\w./@-])((?:[\w@-]+\/)*[\w-]+\.(?:ts|tsx|md))(?![\w.])/g)) {
      const named = match[1] ?? ''
      const rooted = /^(src|test|bench|docs)\//.test(named)
      const first = `/${named.split('/')[0] ?? ''}/`
      // a folder the project has none of is another project's (`tests/getHead.ts`)
      if (!rooted && named.includes('/') && !all.some((p) => p.includes(first))) continue
      const found = rooted
        ? existsSync(path.join(root, named))
        : all.some((p) => p === named || p.endsWith(`/${named}`)) || existsSync(path.join(root, named))
      if (!found) missing.push(`${rel}:${i + 1}: ${named}`)
    }
  })
  return missing
}

/** The headings of a markdown text, without their `#`s. */
function headings(text: string): string[] {
  return text
    .split('\n')
    .filter((line) => /^#{1,4} /.test(line))
    .map((line) => line.replace(/^#+ /, ''))
}

/** A comment's pointer at a document's section: ARCHITECTURE.md "Size exceptions", docs/SEARCH.md, "Sync". */
function sectionPointers(text: string): { doc: string; section: string }[] {
  const out: { doc: string; section: string }[] = []
  for (const match of text.matchAll(/((?:docs\/)?[A-Z-]+\.md),?\s+(?:\/\/\s*|\*\s*)?"([^"\n]+)"/g)) {
    out.push({ doc: match[1] ?? '', section: match[2] ?? '' })
  }
  return out
}

describe('the documents name files that exist', () => {
  const all = projectPaths()

  it('finds a path that is not there (the check can fail)', () => {
    const doc = [
      'The limiter is `src/main/api/limiter/limiter.ts`; its gate `src/main/api/no-such-gate.ts`.',
      'Placeholders are fine: `src/shared/ipc/<domain>.ts`; globs too: `src/main/api/limiter/limiter*.ts`.',
      'By its tail: `features/payments/row-keys.ts`, `features/payments/gone-keys.ts`, `tests/other-repo.ts`.',
    ].join('\n')
    expect(missingPaths('X.md', doc, all)).toEqual([
      'X.md:1: src/main/api/no-such-gate.ts',
      'X.md:3: features/payments/gone-keys.ts',
    ])
  })

  it('README.md, ARCHITECTURE.md, SECURITY.md, CONTRIBUTING.md and docs/*.md name no missing file', () => {
    const missing = documents().flatMap((name) => missingPaths(name, readFileSync(path.join(root, name), 'utf8'), all))
    expect(missing, 'correct the path in the document (or the document, if the file is gone)').toEqual([])
  })
})

describe('comments in src/ name files that exist', () => {
  const all = projectPaths()

  it('finds a file that is not there (the check can fail)', () => {
    const code = [
      '// The rates (shared/vat-rates.ts), the limiter (limiter.ts) and the gate (no-such-gate.ts).',
      ' * moved: src/main/api/gone.ts; fine: docs/SANDBOX.md, `tests/getHead.ts` of the SDK',
      "const path = 'not-a-comment.ts'",
    ].join('\n')
    expect(missingInComments('x.ts', code, all)).toEqual(['x.ts:1: no-such-gate.ts', 'x.ts:2: src/main/api/gone.ts'])
  })

  it('every file a comment in src/ names is in the project', () => {
    const missing = sourceFiles(path.join(root, 'src')).flatMap((file) =>
      missingInComments(path.relative(root, file).split(path.sep).join('/'), readFileSync(file, 'utf8'), all),
    )
    expect(missing, 'point the comment at the file where it is now').toEqual([])
  })
})

describe('comments point at sections that exist', () => {
  it('reads a pointer split over a comment line', () => {
    const code = '// The index (ARCHITECTURE.md, "Search"). See docs/SEARCH.md\n// "Sync" and SECURITY.md "Reporting".'
    expect(sectionPointers(code)).toEqual([
      { doc: 'ARCHITECTURE.md', section: 'Search' },
      { doc: 'docs/SEARCH.md', section: 'Sync' },
      { doc: 'SECURITY.md', section: 'Reporting' },
    ])
  })

  it('every document section a comment in src/ names is a heading of that document', () => {
    const wrong: string[] = []
    for (const file of sourceFiles(path.join(root, 'src'))) {
      const rel = path.relative(root, file).split(path.sep).join('/')
      for (const { doc, section } of sectionPointers(readFileSync(file, 'utf8'))) {
        const docFile = path.join(root, doc)
        const found = existsSync(docFile) && headings(readFileSync(docFile, 'utf8')).some((h) => h.startsWith(section))
        if (!found) wrong.push(`${rel}: ${doc} "${section}"`)
      }
    }
    expect(wrong, 'point the comment at a heading that exists').toEqual([])
  })
})
