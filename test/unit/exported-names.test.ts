// One name, one thing (issue 23 item 5): no exported name is declared in two files of src/. Every
// src/ file is parsed with the TypeScript compiler; a declaration counts when it is exported
// (`export function`, `export const`, `export class`, `export type`, `export interface`,
// `export enum`, or a local declaration named in `export { x }`). Re-exports (`export { x } from`,
// `export * from`) do not count: they pass one thing on under its own name.
import { readdirSync, readFileSync, statSync } from 'node:fs'
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { exportedDeclarations } from './helpers/exported-declarations'

const root = path.resolve(import.meta.dirname, '../..')
const src = path.join(root, 'src')

function sourceFiles(dir: string): string[] {
  const out: string[] = []
  for (const name of readdirSync(dir)) {
    const full = path.join(dir, name)
    if (statSync(full).isDirectory()) out.push(...sourceFiles(full))
    else if (/\.(ts|tsx|mts)$/.test(name) && !name.endsWith('.d.ts')) out.push(full)
  }
  return out
}

/** Exported names declared in more than one file: `name → files`. */
export function namesDeclaredTwice(files: { file: string; text: string }[]): Record<string, string[]> {
  const where = new Map<string, string[]>()
  for (const { file, text } of files) {
    for (const name of new Set(exportedDeclarations(file, text))) where.set(name, [...(where.get(name) ?? []), file])
  }
  return Object.fromEntries([...where].filter(([, fs]) => fs.length > 1).sort(([a], [b]) => a.localeCompare(b)))
}

/**
 * Names allowed in two files, each with its reason (none today: every pair found when this test was
 * written was resolved by renaming one side). The list only shrinks: a pair no longer declared twice
 * fails until removed here.
 */
const KNOWN_TWICE: Record<string, string[]> = {}

describe('one name, one thing in src/', () => {
  it('finds a name exported by two files, and not a re-export or a private name (the check can fail)', () => {
    expect(
      namesDeclaredTwice([
        { file: 'a.ts', text: 'export function checkId(id: string, kind: string) {}\nexport type Same = 1' },
        { file: 'b.ts', text: 'export const checkId = (kind: string, id: string) => 0\nfunction Same() {}' },
        {
          file: 'c.ts',
          text: "export { checkId } from './a'\nexport * from './b'\nimport { Same } from './a'\nexport { Same }",
        },
        { file: 'd.ts', text: 'interface Same {}\nexport { Same }\nexport class K {}\nexport enum E { A }' },
        { file: 'e.ts', text: 'export const { K, E } = { K: 1, E: 2 }' },
      ]),
    ).toEqual({ E: ['d.ts', 'e.ts'], K: ['d.ts', 'e.ts'], Same: ['a.ts', 'd.ts'], checkId: ['a.ts', 'b.ts'] })
  })

  it('no exported name is declared in two files of src/ (but the listed pairs, which only shrink)', () => {
    const files = sourceFiles(src).map((f) => ({
      file: path.relative(root, f).split(path.sep).join('/'),
      text: readFileSync(f, 'utf8'),
    }))
    const twice = namesDeclaredTwice(files)
    const unlisted = Object.fromEntries(
      Object.entries(twice).filter(([name, fs]) => JSON.stringify(KNOWN_TWICE[name]) !== JSON.stringify(fs)),
    )
    expect(unlisted, 'rename one of each pair (or move the shared one into a module both import)').toEqual({})
    const gone = Object.keys(KNOWN_TWICE).filter((name) => !(name in twice))
    expect(gone, 'resolved: remove from KNOWN_TWICE').toEqual([])
  }, 60_000) // parses every file of src/: seconds on a busy machine
})
