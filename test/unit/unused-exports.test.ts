// No unused exports in src/ (issue 47 item 5): every name a src/ file exports is imported by another
// file of the project (src/, test/, bench/, scripts/ or the build config), directly or through a
// re-export (`export { x } from`, `export * from`), or is listed below with its reason. An export
// only its own file uses is an unused export too: drop the `export`. Names are read with the
// TypeScript parser: `import { a }`, `import * as ns` and `import('./x')` (every name of the target
// counts as used: it is read whole), `typeof import('./x')`, and the re-exports a barrel passes on.
import { existsSync, readFileSync } from 'node:fs'
import path from 'node:path'
import ts from 'typescript'
import { describe, expect, it } from 'vitest'
import { exportedDeclarations } from './helpers/exported-declarations'
import { resolveImport, sourceFiles } from './helpers/source-scan'

const root = path.resolve(import.meta.dirname, '../..')

/**
 * Exports nothing imports, allowed with their reason (the list only shrinks). No entry point or IPC
 * surface needs listing: the entry files (main's and the preload's index.ts, the renderer's
 * main.tsx, the sandbox's cli.ts) export nothing, and the contract's PaydeskApi, the preload's
 * surface, is imported by the renderer's env.d.ts, which is read like any other file.
 */
const ALLOWED: Record<string, string> = {
  'src/shared/ipc/drafts.ts › draftSchemasMatchTypes':
    'a compile-time check: exported so the compiler keeps it (an unused local would not compile)',
  'src/shared/ipc/events.ts › eventNamesAreComplete':
    'a compile-time check: exported so the compiler keeps it (an unused local would not compile)',
}

/** Where a module's names go: imported (some or all) and passed on (re-exported). */
interface ModuleUse {
  imports: { target: string; names: string[] | 'all' }[]
  reexports: { target: string; names: [exported: string, original: string][] | 'all' }[]
}

const ALL = 'all' as const

/** What `file` imports and re-exports, resolved to files; `resolve` maps a specifier to a file. */
export function moduleUse(file: string, text: string, resolve: (spec: string) => string | null): ModuleUse {
  const sf = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true)
  const use: ModuleUse = { imports: [], reexports: [] }
  const visit = (node: ts.Node): void => {
    if (ts.isImportDeclaration(node) && ts.isStringLiteral(node.moduleSpecifier)) {
      const target = resolve(node.moduleSpecifier.text)
      const clause = node.importClause
      if (target && clause) {
        const names: string[] = clause.name ? ['default'] : []
        const bindings = clause.namedBindings
        if (bindings && ts.isNamespaceImport(bindings)) use.imports.push({ target, names: ALL })
        else if (bindings) names.push(...bindings.elements.map((e) => (e.propertyName ?? e.name).text))
        use.imports.push({ target, names })
      }
    } else if (ts.isExportDeclaration(node) && node.moduleSpecifier && ts.isStringLiteral(node.moduleSpecifier)) {
      const target = resolve(node.moduleSpecifier.text)
      const clause = node.exportClause
      if (target && clause && ts.isNamedExports(clause))
        use.reexports.push({
          target,
          names: clause.elements.map((e): [string, string] => [e.name.text, (e.propertyName ?? e.name).text]),
        })
      else if (target) use.reexports.push({ target, names: ALL })
    } else if (
      (ts.isCallExpression(node) && node.expression.kind === ts.SyntaxKind.ImportKeyword) ||
      ts.isImportTypeNode(node)
    ) {
      const arg = ts.isCallExpression(node) ? node.arguments[0] : node.argument
      const literal = arg && ts.isLiteralTypeNode(arg) ? arg.literal : arg
      const target = literal && ts.isStringLiteral(literal) ? resolve(literal.text) : null
      if (target) use.imports.push({ target, names: ALL })
    }
    ts.forEachChild(node, visit)
  }
  visit(sf)
  return use
}

/** `file → names` exported by a file of `declared` that no other file imports, directly or through re-exports. */
export function unusedExports(declared: Map<string, string[]>, uses: Map<string, ModuleUse>): Record<string, string[]> {
  const used = new Map<string, Set<string>>()
  const queue: [string, string][] = []
  const mark = (file: string, name: string): void => {
    const names = used.get(file) ?? new Set<string>()
    used.set(file, names)
    if (names.has(name)) return
    names.add(name)
    queue.push([file, name])
  }
  for (const [file, use] of uses) {
    for (const { target, names } of use.imports) {
      if (target === file) continue
      for (const name of names === ALL ? ['*'] : names) mark(target, name)
    }
  }
  // A name used from a barrel is used from the file the barrel takes it from.
  while (queue.length > 0) {
    const [file, name] = queue.pop() ?? ['', '']
    for (const { target, names } of uses.get(file)?.reexports ?? []) {
      if (names === ALL) mark(target, name)
      else for (const [exported, original] of names) if (name === '*' || name === exported) mark(target, original)
    }
  }
  const out: Record<string, string[]> = {}
  for (const [file, names] of declared) {
    const seen = used.get(file) ?? new Set<string>()
    const unused = names.filter((n) => !seen.has(n) && !seen.has('*'))
    if (unused.length > 0) out[file] = unused.sort()
  }
  return out
}

function projectFiles(): string[] {
  const dirs = ['src', 'test', 'bench', 'scripts'].map((d) => path.join(root, d))
  const configs = ['electron.vite.config.ts', 'vitest.config.ts', 'eslint.config.js'].map((f) => path.join(root, f))
  return [...dirs.flatMap((d) => sourceFiles(d)), ...configs.filter((f) => existsSync(f))]
}

export function unusedExportsOfSrc(): Record<string, string[]> {
  const rel = (file: string): string => path.relative(root, file).split(path.sep).join('/')
  const declared = new Map<string, string[]>()
  const uses = new Map<string, ModuleUse>()
  for (const file of projectFiles()) {
    const text = readFileSync(file, 'utf8')
    if (rel(file).startsWith('src/') && !file.endsWith('.d.ts'))
      declared.set(rel(file), exportedDeclarations(file, text))
    const use = moduleUse(file, text, (spec) => {
      const target = resolveImport(file, spec)
      return target ? rel(target) : null
    })
    uses.set(rel(file), use)
  }
  return unusedExports(declared, uses)
}

describe('no unused exports in src/', () => {
  it('finds an export nothing imports, follows barrels, and counts a namespace or dynamic import as using all (the check can fail)', () => {
    const files: Record<string, string> = {
      'src/a.ts':
        'export const used = 1\nexport const unused = 2\nexport function viaBarrel() {}\nexport type Lonely = 1',
      'src/b.ts': "export { viaBarrel as renamed } from './a'\nexport * from './c'",
      'src/c.ts': 'export const fromStar = 1\nexport const neverAsked = 2',
      'src/d.ts': 'export const whole = 1\nexport const alsoWhole = 2',
      'src/e.ts': 'export const lazy = 1',
      'src/main.ts':
        "import { used } from './a'\nimport { renamed, fromStar } from './b'\nimport * as d from './d'\nconst e = import('./e')",
    }
    const resolve = (spec: string) => `src/${spec.replace('./', '')}.ts`
    const declared = new Map(
      Object.entries(files).map(([file, text]): [string, string[]] => [file, exportedDeclarations(file, text)]),
    )
    const uses = new Map(Object.entries(files).map(([file, text]) => [file, moduleUse(file, text, resolve)]))
    expect(unusedExports(declared, uses)).toEqual({ 'src/a.ts': ['Lonely', 'unused'], 'src/c.ts': ['neverAsked'] })
  })

  it('every export of src/ is imported somewhere, or listed with its reason (the list only shrinks)', () => {
    const unused = Object.entries(unusedExportsOfSrc()).flatMap(([file, names]) => names.map((n) => `${file} › ${n}`))
    expect(
      unused.filter((key) => !(key in ALLOWED)),
      'drop the `export` (or the code, if nothing uses it)',
    ).toEqual([])
    expect(
      Object.keys(ALLOWED).filter((key) => !unused.includes(key)),
      'used now: remove from ALLOWED',
    ).toEqual([])
    expect(Object.entries(ALLOWED).filter(([, reason]) => reason.length < 20)).toEqual([])
  }, 60_000) // parses every file of the project: seconds on a busy machine
})
