// Walls between features hold for CSS too (issue 47 item 4): a class a feature (or a shared component)
// draws is styled by its own CSS, by components/, or by the shared sheets (styles.css, pieces.css),
// never only by another feature's or a screen's CSS — else moving or dropping that feature would
// silently unstyle this one. Classes are read from `className` texts; a class counts as styled by a
// sheet where a selector names it on its own (`.small`, `.home .card`), not where it is one of several
// classes of one element (`.conn-detected.ok`).
import { readFileSync } from 'node:fs'
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { filesUnder } from '../helpers/source-scan'

/** The files under the renderer whose name `keep` accepts, relative to it. */
const files = (dir: string, keep: (name: string) => boolean): string[] =>
  filesUnder(dir, keep).map((full) => path.relative(RENDERER, full).split(path.sep).join('/'))

const root = path.resolve(import.meta.dirname, '../../..')
const RENDERER = path.join(root, 'src/renderer/src')

/** The classes a sheet styles on their own, one compound selector each. */
export function classesStyled(css: string): Set<string> {
  const out = new Set<string>()
  const text = css.replace(/\/\*[\s\S]*?\*\//g, '')
  for (const [, selectors = ''] of text.matchAll(/([^{}]+)\{/g)) {
    for (const compound of selectors.split(/[\s,>+~]+/)) {
      const classes = [...compound.replace(/:[\w-]+(\([^)]*\))?/g, '').matchAll(/\.([A-Za-z_][\w-]*)/g)]
      if (classes.length === 1 && classes[0]?.[1]) out.add(classes[0][1])
    }
  }
  return out
}

/** The value of each `className=…`: a quoted text, or an expression in braces (nested braces kept). */
function classNameValues(source: string): string[] {
  const values: string[] = []
  for (const match of source.matchAll(/className=/g)) {
    const start = (match.index ?? 0) + match[0].length
    const open = source[start]
    if (open === '"' || open === "'") {
      values.push(source.slice(start, source.indexOf(open, start + 1) + 1))
      continue
    }
    let depth = 0
    let end = start
    for (; end < source.length; end++) {
      if (source[end] === '{') depth++
      else if (source[end] === '}' && --depth === 0) break
    }
    values.push(source.slice(start, end + 1))
  }
  return values
}

/** The class names written in a component's `className` texts. */
export function classesDrawn(source: string): Set<string> {
  const out = new Set<string>()
  for (const value of classNameValues(source)) {
    for (const [, literal = ''] of value.matchAll(/["'`]([^"'`]*)["'`]/g)) {
      for (const name of literal.replace(/\$\{[^}]*\}/g, ' ').split(/\s+/)) if (name) out.add(name)
    }
  }
  return out
}

/** Who may style what `file` draws: its own feature, components/ and the shared sheets. */
function allowedSheets(file: string): (sheet: string) => boolean {
  const feature = /^features\/([^/]+)\//.exec(file)?.[1]
  return (sheet) =>
    sheet === 'styles.css' ||
    sheet === 'pieces.css' ||
    sheet.startsWith('components/') ||
    (feature !== undefined && sheet.startsWith(`features/${feature}/`))
}

/** Each class a feature or component draws that only another feature's or a screen's sheet styles. */
export function stylesOutOfPlace(sheets: Map<string, Set<string>>, sources: Map<string, Set<string>>): string[] {
  const wrong: string[] = []
  for (const [file, drawn] of sources) {
    if (!/^(features|components)\//.test(file)) continue
    const allowed = allowedSheets(file)
    for (const name of drawn) {
      const styling = [...sheets].filter(([, styled]) => styled.has(name)).map(([sheet]) => sheet)
      if (styling.length > 0 && !styling.some(allowed))
        wrong.push(`${file}: .${name} is styled only by ${styling.join(', ')}`)
    }
  }
  return wrong.sort()
}

describe("the features' CSS", () => {
  it("styles only its own feature's classes: a class two features draw is in a shared sheet", () => {
    const sheets = new Map(
      files(RENDERER, (n) => n.endsWith('.css')).map((f) => [
        f,
        classesStyled(readFileSync(path.join(RENDERER, f), 'utf8')),
      ]),
    )
    const sources = new Map(
      files(RENDERER, (n) => n.endsWith('.tsx')).map((f) => [
        f,
        classesDrawn(readFileSync(path.join(RENDERER, f), 'utf8')),
      ]),
    )
    expect(sheets.size).toBeGreaterThan(10)
    expect(stylesOutOfPlace(sheets, sources)).toEqual([])
  })

  it('finds a class styled only by another feature or a screen (the check can fail)', () => {
    const sheets = new Map([
      ['features/home/home.css', classesStyled('.home .card { padding: 0 }\n.link-button:hover { color: red }')],
      ['features/connections/connections.css', classesStyled('.conn-detected.ok { color: green }')],
      ['screens/status-bar.css', classesStyled('.statusbar-item, .other { gap: 6px }')],
      ['pieces.css', classesStyled('.small { font-size: 12px }')],
    ])
    const sources = new Map([
      ['features/team/TeamCases.tsx', classesDrawn('<article className="card">')],
      ['features/order/OrderSections.tsx', classesDrawn("<button className={done ? 'link-button small' : `small`}>")],
      ['features/inspector/RequestList.tsx', classesDrawn('<span className="ok">')],
      ['components/ThemePicker.tsx', classesDrawn('<label className={`statusbar-item ${x}`}>')],
      ['features/home/Welcome.tsx', classesDrawn('<article className="card home-welcome">')],
      ['screens/HomeScreen.tsx', classesDrawn('<article className="card">')],
    ])
    expect(stylesOutOfPlace(sheets, sources)).toEqual([
      'components/ThemePicker.tsx: .statusbar-item is styled only by screens/status-bar.css',
      'features/order/OrderSections.tsx: .link-button is styled only by features/home/home.css',
      'features/team/TeamCases.tsx: .card is styled only by features/home/home.css',
    ])
  })
})
