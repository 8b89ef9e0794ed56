// Size limits of src/ (issue 23 item 2, issue 47 item 6): no file over 500 lines, no class over 400
// and no function over 80, except those ARCHITECTURE.md lists with their reason in "Size
// exceptions". This test reads that table (one source): a file, class or function over its limit
// that is not listed fails, so does a listed one that is back within its limit (the list only
// shrinks), and so does a listed length that is not the measured one (the table tells the truth).
// Test files (every code file under test/, all layers, helpers included) stay at 500 lines too, with
// no exceptions: a long test file is split along what it tests.
import { readdirSync, readFileSync, statSync } from 'node:fs'
import path from 'node:path'
import ts from 'typescript'
import { describe, expect, it } from 'vitest'

const root = path.resolve(import.meta.dirname, '../..')
const MAX_FILE_LINES = 500
const MAX_FUNCTION_LINES = 80
const MAX_CLASS_LINES = 400

const SOURCE = /\.(ts|tsx)$/
/** Code of any kind a test may be written in or lean on: TypeScript, JavaScript modules, Python helpers. */
const TEST_CODE = /\.(ts|tsx|mts|cts|js|mjs|cjs|py)$/

function sourceFiles(dir: string, pattern = SOURCE): string[] {
  const out: string[] = []
  for (const name of readdirSync(dir)) {
    const full = path.join(dir, name)
    if (statSync(full).isDirectory()) out.push(...sourceFiles(full, pattern))
    else if (pattern.test(name) && !name.endsWith('.d.ts')) out.push(full)
  }
  return out
}

function lineCount(text: string): number {
  return text.split('\n').length - (text.endsWith('\n') ? 1 : 0)
}

/** Files under `dir` (relative to the project) longer than 500 lines: `path (n lines)`. */
function longTestFiles(dir: string): string[] {
  return sourceFiles(path.join(root, dir), TEST_CODE)
    .map((file): [string, number] => [
      path.relative(root, file).split(path.sep).join('/'),
      lineCount(readFileSync(file, 'utf8')),
    ])
    .filter(([, lines]) => lines > MAX_FILE_LINES)
    .map(([file, lines]) => `${file} (${lines} lines)`)
    .sort()
}

/** A function's name as a reader finds it: its own, its variable's or property's, or the call it is handed to. */
function nameOf(node: ts.Node): string {
  const named = (node as { name?: ts.Node }).name
  if (named) return named.getText()
  const parent = node.parent
  if (ts.isVariableDeclaration(parent) || ts.isPropertyAssignment(parent) || ts.isPropertyDeclaration(parent))
    return parent.name.getText()
  if (ts.isCallExpression(parent)) return `${parent.expression.getText().split('\n')[0] ?? ''}(…) callback`
  return '(anonymous)'
}

interface Oversized {
  files: Map<string, number>
  classes: Map<string, number>
  functions: Map<string, number>
}

export function oversized(): Oversized {
  const files = new Map<string, number>()
  const classes = new Map<string, number>()
  const functions = new Map<string, number>()
  for (const file of sourceFiles(path.join(root, 'src'))) {
    const rel = path.relative(root, file).split(path.sep).join('/')
    const text = readFileSync(file, 'utf8')
    const lines = lineCount(text)
    if (lines > MAX_FILE_LINES) files.set(rel, lines)
    const kind = file.endsWith('.tsx') ? ts.ScriptKind.TSX : ts.ScriptKind.TS
    const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true, kind)
    const visit = (node: ts.Node): void => {
      if ((ts.isClassDeclaration(node) || ts.isClassExpression(node)) && lengthOf(source, node) > MAX_CLASS_LINES) {
        classes.set(`${rel} › ${nameOf(node)}`, lengthOf(source, node))
      }
      if (
        ts.isFunctionDeclaration(node) ||
        ts.isFunctionExpression(node) ||
        ts.isArrowFunction(node) ||
        ts.isMethodDeclaration(node)
      ) {
        const length = lengthOf(source, node)
        if (length > MAX_FUNCTION_LINES) {
          const key = `${rel} › ${nameOf(node)}`
          functions.set(key, Math.max(functions.get(key) ?? 0, length))
        }
      }
      ts.forEachChild(node, visit)
    }
    visit(source)
  }
  return { files, classes, functions }
}

/** Lines from a node's first token to its end. */
function lengthOf(source: ts.SourceFile, node: ts.Node): number {
  const first = source.getLineAndCharacterOfPosition(node.getStart()).line
  const last = source.getLineAndCharacterOfPosition(node.getEnd()).line
  return last - first + 1
}

/** The "Size exceptions" table of ARCHITECTURE.md: `path` or `path` › `class or function`, each with its length and reason. */
export function listedExceptions(): {
  files: Set<string>
  functions: Set<string>
  reasons: Map<string, string>
  lengths: Map<string, number>
} {
  const text = readFileSync(path.join(root, 'ARCHITECTURE.md'), 'utf8')
  const start = text.indexOf('## Size exceptions')
  if (start < 0) throw new Error('ARCHITECTURE.md has no "## Size exceptions" section')
  const end = text.indexOf('\n## ', start + 1)
  const section = text.slice(start, end < 0 ? undefined : end)
  const files = new Set<string>()
  const functions = new Set<string>()
  const reasons = new Map<string, string>()
  const lengths = new Map<string, number>()
  for (const line of section.split('\n')) {
    const row = /^\|\s*`([^`]+)`(?:\s*›\s*`([^`]+)`)?\s*\|\s*(\d+)\s*\|\s*(.*?)\s*\|\s*$/.exec(line)
    if (!row) continue
    const [, file = '', fn, length = '', reason = ''] = row
    const key = fn ? `${file} › ${fn}` : file
    if (fn) functions.add(key)
    else files.add(key)
    reasons.set(key, reason)
    lengths.set(key, Number(length))
  }
  return { files, functions, reasons, lengths }
}

describe('size limits of src/ (files ≤ 500 lines, classes ≤ 400, functions ≤ 80; exceptions listed in ARCHITECTURE.md)', () => {
  const found = oversized()
  const listed = listedExceptions()

  it('every file over 500 lines is listed with its reason', () => {
    const unlisted = [...found.files].filter(([f]) => !listed.files.has(f)).map(([f, n]) => `${f} (${n} lines)`)
    expect(unlisted).toEqual([])
  })

  it('every function over 80 lines is listed with its reason', () => {
    const unlisted = [...found.functions].filter(([f]) => !listed.functions.has(f)).map(([f, n]) => `${f} (${n} lines)`)
    expect(unlisted).toEqual([])
  })

  it('every class over 400 lines is listed with its reason', () => {
    const unlisted = [...found.classes].filter(([c]) => !listed.functions.has(c)).map(([c, n]) => `${c} (${n} lines)`)
    expect(unlisted).toEqual([])
  })

  it('every listed length is the measured one', () => {
    const measured = new Map([...found.files, ...found.functions, ...found.classes])
    const wrong = [...listed.lengths]
      .filter(([key, n]) => measured.has(key) && measured.get(key) !== n)
      .map(([key, n]) => `${key}: listed ${n}, measured ${measured.get(key) ?? 0}`)
    expect(wrong, 'correct the lines column of "Size exceptions" in ARCHITECTURE.md').toEqual([])
  })

  it('no listed exception is back within its limit (the list only shrinks) and each gives a reason', () => {
    const stale = [...listed.files].filter((f) => !found.files.has(f))
    stale.push(...[...listed.functions].filter((f) => !found.functions.has(f) && !found.classes.has(f)))
    expect(stale).toEqual([])
    const unexplained = [...listed.reasons].filter(([, reason]) => reason.length < 20).map(([key]) => key)
    expect(unexplained).toEqual([])
  })
})

describe('size of test/ (files ≤ 500 lines, no exceptions)', () => {
  it('no file of test/ is over 500 lines, in any layer, helpers included (split it along what it tests)', () => {
    expect(longTestFiles('test')).toEqual([])
  })
})
