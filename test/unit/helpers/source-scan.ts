// Reading src/ as text, for the tests that check a rule across all of it (one-source.test.ts,
// count.test.ts, contract-edges.test.ts): the TypeScript files under a folder, and their code
// without comments.
import { readdirSync, statSync } from 'node:fs'
import path from 'node:path'

/** Every .ts and .tsx file under `dir`, recursively. */
export function sourceFiles(dir: string): string[] {
  const out: string[] = []
  for (const name of readdirSync(dir)) {
    const full = path.join(dir, name)
    if (statSync(full).isDirectory()) out.push(...sourceFiles(full))
    else if (/\.(ts|tsx)$/.test(name)) out.push(full)
  }
  return out
}

/** Drops comments, keeps code and string literals (line numbers stay). */
export function withoutComments(text: string): string {
  return text.replace(/\/\*[\s\S]*?\*\//g, (m) => m.replace(/[^\n]/g, ' ')).replace(/(^|[^:'"`\\])\/\/.*$/gm, '$1')
}
