// Every view hook of the renderer (`use-*.ts` over 40 lines) is rendered by a unit test of its own
// (issue 47 item 6): a test file under test/unit that imports the hook's module and renders it
// (test/unit/helpers/hook-harness.ts). A hook's pure decisions are tested apart in their own modules;
// this checks that the hook itself — its effects, listeners and wiring — is exercised too. And no
// hook over 40 lines hides from that rule inside a component's .tsx file: it moves to a use-*.ts
// module beside the component.
import { readFileSync } from 'node:fs'
import path from 'node:path'
import ts from 'typescript'
import { describe, expect, it } from 'vitest'
import { filesUnder as files } from '../helpers/source-scan'

const root = path.resolve(import.meta.dirname, '../../..')
const RENDERER = path.join(root, 'src/renderer/src')
const MIN_LINES = 40

/** The hook modules over MIN_LINES lines, as paths without extension relative to the repository. */
function bigHooks(): string[] {
  return files(RENDERER, (name) => /^use-.*\.tsx?$/.test(name))
    .filter((file) => readFileSync(file, 'utf8').split('\n').length > MIN_LINES)
    .map((file) =>
      path
        .relative(root, file)
        .replace(/\.tsx?$/, '')
        .split(path.sep)
        .join('/'),
    )
}

/** The modules a test file imports and renders (resolved relative to the repository). */
function renderedBy(testFile: string): string[] {
  const text = readFileSync(testFile, 'utf8')
  if (!/\brender(InWindow|Hook)\(/.test(text)) return []
  const dir = path.dirname(testFile)
  return [...text.matchAll(/from '(\.[^']+)'/g)].map((m) =>
    path
      .relative(root, path.resolve(dir, m[1] ?? ''))
      .split(path.sep)
      .join('/'),
  )
}

/** Lines from a node's first token to its end. */
function lengthOf(source: ts.SourceFile, node: ts.Node): number {
  const first = source.getLineAndCharacterOfPosition(node.getStart()).line
  const last = source.getLineAndCharacterOfPosition(node.getEnd()).line
  return last - first + 1
}

/**
 * The hooks (`function useX(` or `const useX = (…) =>` / `function (…)`) defined in the renderer's
 * .tsx files, as `path › name` with their length in lines.
 */
function hooksInComponents(): Map<string, number> {
  const found = new Map<string, number>()
  for (const file of files(RENDERER, (name) => name.endsWith('.tsx'))) {
    const rel = path.relative(root, file).split(path.sep).join('/')
    const source = ts.createSourceFile(
      file,
      readFileSync(file, 'utf8'),
      ts.ScriptTarget.Latest,
      true,
      ts.ScriptKind.TSX,
    )
    const visit = (node: ts.Node): void => {
      let name: string | undefined
      if (ts.isFunctionDeclaration(node)) name = node.name?.text
      else if (
        (ts.isArrowFunction(node) || ts.isFunctionExpression(node)) &&
        ts.isVariableDeclaration(node.parent) &&
        ts.isIdentifier(node.parent.name)
      )
        name = node.parent.name.text
      if (name !== undefined && /^use[A-Z0-9]/.test(name)) found.set(`${rel} › ${name}`, lengthOf(source, node))
      ts.forEachChild(node, visit)
    }
    visit(source)
  }
  return found
}

describe('view hooks are tested', () => {
  it('finds the hooks it checks', () => {
    // A broken scan would pass vacuously: the project has several big hooks.
    expect(bigHooks().length).toBeGreaterThanOrEqual(5)
  })

  it('every use-*.ts hook over 40 lines is rendered by a unit test', () => {
    const rendered = new Set(files(path.join(root, 'test/unit'), (n) => n.endsWith('.test.ts')).flatMap(renderedBy))
    const untested = bigHooks().filter((hook) => !rendered.has(hook))
    expect(
      untested,
      'render each in a test (test/unit/helpers/hook-harness.ts) or move its logic into a store',
    ).toEqual([])
  })

  it('finds the hooks defined in components', () => {
    // A broken scan would pass vacuously: small hooks live beside their components (useNow, useUpdate).
    expect(hooksInComponents().size).toBeGreaterThanOrEqual(5)
  })

  it('no hook over 40 lines is defined in a component (.tsx) file', () => {
    const big = [...hooksInComponents()]
      .filter(([, lines]) => lines > MIN_LINES)
      .map(([where, lines]) => `${where} (${lines} lines)`)
    expect(big, 'move it to a use-*.ts beside the component, and render it in a test').toEqual([])
  })
})
