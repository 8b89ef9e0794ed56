// Size limits of src/ (issue 23 item 2): no file over 500 lines and no function over 80 lines,
// except those ARCHITECTURE.md lists with their reason in "Size exceptions". This test reads that
// table (one source): a file or function over its limit that is not listed fails, and so does a
// listed one that is back within its limit (the list only shrinks).
import { readdirSync, readFileSync, statSync } from 'node:fs'
import path from 'node:path'
import ts from 'typescript'
import { describe, expect, it } from 'vitest'

const root = path.resolve(import.meta.dirname, '../..')
const MAX_FILE_LINES = 500
const MAX_FUNCTION_LINES = 80

function sourceFiles(dir: string): string[] {
  const out: string[] = []
  for (const name of readdirSync(dir)) {
    const full = path.join(dir, name)
    if (statSync(full).isDirectory()) out.push(...sourceFiles(full))
    else if (/\.(ts|tsx)$/.test(name) && !name.endsWith('.d.ts')) out.push(full)
  }
  return out
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

export function oversized(): { files: Map<string, number>; functions: Map<string, number> } {
  const files = new Map<string, number>()
  const functions = new Map<string, number>()
  for (const file of sourceFiles(path.join(root, 'src'))) {
    const rel = path.relative(root, file).split(path.sep).join('/')
    const text = readFileSync(file, 'utf8')
    const lines = text.split('\n').length - (text.endsWith('\n') ? 1 : 0)
    if (lines > MAX_FILE_LINES) files.set(rel, lines)
    const kind = file.endsWith('.tsx') ? ts.ScriptKind.TSX : ts.ScriptKind.TS
    const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true, kind)
    const visit = (node: ts.Node): void => {
      if (
        ts.isFunctionDeclaration(node) ||
        ts.isFunctionExpression(node) ||
        ts.isArrowFunction(node) ||
        ts.isMethodDeclaration(node)
      ) {
        const first = source.getLineAndCharacterOfPosition(node.getStart()).line
        const last = source.getLineAndCharacterOfPosition(node.getEnd()).line
        const length = last - first + 1
        if (length > MAX_FUNCTION_LINES) {
          const key = `${rel} › ${nameOf(node)}`
          functions.set(key, Math.max(functions.get(key) ?? 0, length))
        }
      }
      ts.forEachChild(node, visit)
    }
    visit(source)
  }
  return { files, functions }
}

/** The "Size exceptions" table of ARCHITECTURE.md: `path` or `path` › `function`, each with its reason. */
export function listedExceptions(): { files: Set<string>; functions: Set<string>; reasons: Map<string, string> } {
  const text = readFileSync(path.join(root, 'ARCHITECTURE.md'), 'utf8')
  const start = text.indexOf('## Size exceptions')
  if (start < 0) throw new Error('ARCHITECTURE.md has no "## Size exceptions" section')
  const end = text.indexOf('\n## ', start + 1)
  const section = text.slice(start, end < 0 ? undefined : end)
  const files = new Set<string>()
  const functions = new Set<string>()
  const reasons = new Map<string, string>()
  for (const line of section.split('\n')) {
    const row = /^\|\s*`([^`]+)`(?:\s*›\s*`([^`]+)`)?\s*\|\s*\d+\s*\|\s*(.*?)\s*\|\s*$/.exec(line)
    if (!row) continue
    const [, file = '', fn, reason = ''] = row
    const key = fn ? `${file} › ${fn}` : file
    if (fn) functions.add(key)
    else files.add(key)
    reasons.set(key, reason)
  }
  return { files, functions, reasons }
}

describe('size limits of src/ (files ≤ 500 lines, functions ≤ 80; exceptions listed in ARCHITECTURE.md)', () => {
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

  it('no listed exception is back within its limit (the list only shrinks) and each gives a reason', () => {
    const stale = [...listed.files].filter((f) => !found.files.has(f))
    stale.push(...[...listed.functions].filter((f) => !found.functions.has(f)))
    expect(stale).toEqual([])
    const unexplained = [...listed.reasons].filter(([, reason]) => reason.length < 20).map(([key]) => key)
    expect(unexplained).toEqual([])
  })
})
