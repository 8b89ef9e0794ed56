// Tests mirror src/ (issue 12 item 8). A unit or integration test of src/<dir>/<name>.ts lives at
// test/<layer>/<dir>/<name>[.<aspect>].test.ts, e.g. test/unit/main/api/limiter/limiter.test.ts or
// test/integration/main/api/client.faults.test.ts; the renderer's src/renderer/src/<dir> is
// test/<layer>/renderer/<dir>. A test of a whole folder is named after the folder
// (test/unit/main/desktop.test.ts for src/main/desktop/). Helpers that are not tests live in
// test/<layer>/helpers/. e2e and shell tests follow the user's journeys and are not checked here.
import { existsSync, readdirSync, statSync } from 'node:fs'
import path from 'node:path'
import { describe, expect, it } from 'vitest'

const root = path.resolve(import.meta.dirname, '../..')
const LAYERS = ['unit', 'integration'] as const

/** Tests of the project as a whole, or of many folders at once: where they are, and why. */
export const CROSS_CUTTING: Record<string, string> = {
  'test/unit/test-layout.test.ts': 'this check: the test tree itself',
  'test/unit/import-graph.test.ts': 'the import graph of all of src/: cycles and the layer order',
  'test/unit/exported-names.test.ts': 'every exported name of src/ is declared in one file',
  'test/unit/unused-exports.test.ts': 'every export of src/ is imported by another file of the project',
  'test/unit/doc-paths.test.ts':
    'the file paths and sections named by README, ARCHITECTURE, SECURITY, CONTRIBUTING and docs/',
  'test/unit/renderer/action-names.test.ts': 'the word "actions" across the whole renderer',
  'test/unit/renderer/hooks-tested.test.ts': 'every big view hook of the renderer is rendered by a unit test',
  'test/unit/code-size.test.ts':
    'the size of every file, class and function in src/, against the exceptions in ARCHITECTURE.md, and of every file in test/',
  'test/unit/packaging-config.test.ts': 'electron-builder.yml, package.json and SECURITY.md agree',
  'test/unit/release-workflow.test.ts': 'the release workflow in .github/workflows',
  'test/unit/runtimes.test.ts': 'the Node and Electron versions named across the config files',
  'test/integration/packaging-asar.test.ts': 'packs the whole app with electron-builder',
  'test/integration/electronegativity.test.ts': 'scripts/electronegativity.mjs over the whole app',
  'test/unit/shared/service/one-source.test.ts': 'scans all of src/ for re-declared rules of the spec module',
  'test/unit/shared/ipc/contract-edges.test.ts': 'the whole IPC contract against every renderer file',
  'test/integration/shared/service/agreement.property.test.ts': 'builder, client and sandbox agree',
}

/** The src/ folder a test folder mirrors ('' is the layer's root). */
export function mirroredDir(testDir: string): string {
  const parts = testDir.split('/').filter(Boolean)
  if (parts[0] === 'renderer') return path.join('src', 'renderer', 'src', ...parts.slice(1))
  return path.join('src', ...parts)
}

/** Whether test/<layer>/<relative> sits where the source it tests is. */
export function mirrorsSource(relative: string, base: string = root): boolean {
  const dir = path.posix.dirname(relative) === '.' ? '' : path.posix.dirname(relative)
  const stem = path.posix.basename(relative).split('.')[0] ?? ''
  const srcDir = path.join(base, mirroredDir(dir))
  if (stem === '' || !existsSync(srcDir) || !statSync(srcDir).isDirectory()) return false
  const candidates = [`${stem}.ts`, `${stem}.tsx`, stem].map((name) => path.join(srcDir, name))
  return candidates.some((file) => existsSync(file))
}

function testFiles(dir: string): string[] {
  const out: string[] = []
  for (const name of readdirSync(dir)) {
    const full = path.join(dir, name)
    if (statSync(full).isDirectory()) out.push(...testFiles(full))
    else if (/\.test\.tsx?$/.test(name)) out.push(full)
  }
  return out
}

describe('tests mirror src/', () => {
  it('every unit and integration test sits at the path of the source it tests', () => {
    const misplaced: string[] = []
    for (const layer of LAYERS) {
      const layerDir = path.join(root, 'test', layer)
      for (const file of testFiles(layerDir)) {
        const fromRoot = path.relative(root, file).split(path.sep).join('/')
        if (fromRoot in CROSS_CUTTING) continue
        const relative = path.relative(layerDir, file).split(path.sep).join('/')
        if (relative.startsWith('helpers/') || !mirrorsSource(relative)) misplaced.push(fromRoot)
      }
    }
    expect(misplaced, 'move each to test/<layer>/<src path>/<name>[.<aspect>].test.ts').toEqual([])
  })

  it('every cross-cutting exception still exists', () => {
    const gone = Object.keys(CROSS_CUTTING).filter((file) => !existsSync(path.join(root, file)))
    expect(gone).toEqual([])
  })

  it('tells a mirrored path from a flat or invented one', () => {
    expect(mirrorsSource('main/api/limiter.test.ts')).toBe(true)
    expect(mirrorsSource('main/api/client.faults.test.ts')).toBe(true)
    expect(mirrorsSource('renderer/stores/order-store.test.ts')).toBe(true)
    expect(mirrorsSource('main/desktop.test.ts')).toBe(true)
    expect(mirrorsSource('api-limiter.test.ts')).toBe(false)
    expect(mirrorsSource('main/api/no-such-module.test.ts')).toBe(false)
    expect(mirrorsSource('main/nowhere/limiter.test.ts')).toBe(false)
    expect(mirrorsSource('renderer/src/stores/order-store.test.ts')).toBe(false)
  })
})
