// Reading src/ as text, for the tests that check a rule across all of it (one-source.test.ts,
// count.test.ts, contract-edges.test.ts, import-graph.test.ts, unused-exports.test.ts, the renderer's
// hooks-tested, action-names and features.styles tests): the
// TypeScript files under a folder, their code without comments, and the file an import names.
import { existsSync, readdirSync, statSync } from 'node:fs'
import path from 'node:path'

/** Every file under `dir` whose name `keep` accepts, recursively (full paths). */
export function filesUnder(dir: string, keep: (name: string) => boolean): string[] {
  const out: string[] = []
  for (const name of readdirSync(dir)) {
    const full = path.join(dir, name)
    if (statSync(full).isDirectory()) out.push(...filesUnder(full, keep))
    else if (keep(name)) out.push(full)
  }
  return out
}

/** Every .ts and .tsx file under `dir`, recursively. */
export function sourceFiles(dir: string): string[] {
  return filesUnder(dir, (name) => /\.(ts|tsx)$/.test(name))
}

/** Drops comments, keeps code and string literals (line numbers stay). */
export function withoutComments(text: string): string {
  return text.replace(/\/\*[\s\S]*?\*\//g, (m) => m.replace(/[^\n]/g, ' ')).replace(/(^|[^:'"`\\])\/\/.*$/gm, '$1')
}

/** The file a relative import of `from` names (`./x`, `./x.js`, a folder's index), or null (a package). */
export function resolveImport(from: string, spec: string): string | null {
  if (!spec.startsWith('.')) return null
  const base = path.resolve(path.dirname(from), spec.replace(/\.(js|mjs)$/, ''))
  for (const candidate of [
    base,
    `${base}.ts`,
    `${base}.tsx`,
    path.join(base, 'index.ts'),
    path.join(base, 'index.tsx'),
  ]) {
    if (existsSync(candidate) && statSync(candidate).isFile()) return candidate
  }
  return null
}
