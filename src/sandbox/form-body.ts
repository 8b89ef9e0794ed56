// `application/x-www-form-urlencoded` request bodies with bracket notation, as in the real
// service's own curl examples (`-d "amount[currency]=EUR" -d "amount[value]=10.00"`,
// https://docs.mollie.com/reference/v2/payments-api/create-payment), decoded into the same object
// a JSON body gives. Values stay strings (amounts exact, never numbers); only the fields whose type
// is not a string are converted, and only from their exact text (docs/SANDBOX.md, "Request bodies").

type FormResult = { ok: true; value: Record<string, unknown> } | { ok: false; message: string }

/** Fields that are booleans in JSON: `true`/`false` become booleans (other text is left for the rules). */
const BOOLEAN_FIELDS = new Set(['testmode', 'shopperCountryMustMatchBillingCountry'])
/** Fields that are integers in JSON (by their last path segment inside `lines`). */
const INTEGER_LINE_FIELDS = new Set(['quantity'])
const FORBIDDEN_KEYS = new Set(['__proto__', 'constructor', 'prototype'])
/** Deepest nesting a key may have (`lines[0][unitPrice][value]` is 3). */
const MAX_DEPTH = 8
/** Largest array index accepted (arrays are dense; this bounds the work a key can ask for). */
const MAX_INDEX = 9999

type Container = Record<string, unknown> | unknown[]

function segmentsOf(key: string): string[] | null {
  const match = /^([^[\]]+)((?:\[[^[\]]*\])*)$/.exec(key)
  if (!match) return null
  const [, head = '', brackets = ''] = match
  const rest = [...brackets.matchAll(/\[([^[\]]*)\]/g)].map((m) => m[1] ?? '')
  return [head, ...rest]
}

function converted(path: string[], value: string): unknown {
  const last = path[path.length - 1] ?? ''
  if (path.length === 1 && BOOLEAN_FIELDS.has(last) && (value === 'true' || value === 'false')) return value === 'true'
  if (
    path[0] === 'lines' &&
    path.length === 3 &&
    INTEGER_LINE_FIELDS.has(last) &&
    /^-?(0|[1-9]\d{0,14})$/.test(value)
  ) {
    return Number(value)
  }
  return value
}

function describePath(path: string[]): string {
  return (
    path[0] +
    path
      .slice(1)
      .map((p) => `[${p}]`)
      .join('')
  )
}

/** Decodes a form body; errors name the offending key. */
export function parseFormBody(text: string): FormResult {
  const root: Record<string, unknown> = {}
  // Arrays are built with explicit indexes; which index each array has reached so far.
  for (const [key, value] of new URLSearchParams(text)) {
    const path = segmentsOf(key)
    if (!path)
      return { ok: false, message: `The form field name ${JSON.stringify(key)} is not valid bracket notation.` }
    if (path.length > MAX_DEPTH + 1) return { ok: false, message: `The form field ${key} is nested too deeply.` }
    let node: Container = root
    for (const [i, original] of path.entries()) {
      let segment = original
      const childIsList = /^\d*$/.test(path[i + 1] ?? '')
      if (FORBIDDEN_KEYS.has(segment)) return { ok: false, message: `The form field name ${key} is not allowed.` }
      const lastSegment = i === path.length - 1
      if (Array.isArray(node)) {
        if (segment === '') segment = String(node.length)
        if (!/^\d+$/.test(segment) || Number(segment) > MAX_INDEX) {
          return {
            ok: false,
            message: `The form field ${describePath(path.slice(0, i))} is a list; use [0], [1], … in ${key}.`,
          }
        }
        const index = Number(segment)
        if (index > node.length) {
          return {
            ok: false,
            message: `The form field ${key} skips an index: ${describePath(path.slice(0, i))}[${node.length}] comes first.`,
          }
        }
        path[i] = segment
        if (lastSegment) {
          if (index < node.length) return { ok: false, message: `The form field ${key} is given twice.` }
          node.push(converted(path, value))
          break
        }
        if (index === node.length) node.push(childIsList ? [] : {})
        const next: unknown = node[index]
        if (typeof next !== 'object' || next === null)
          return { ok: false, message: `The form field ${key} conflicts with an earlier field.` }
        node = next as Container
      } else {
        if (segment === '')
          return { ok: false, message: `The form field ${key} uses [] on a field that is not a list.` }
        if (lastSegment) {
          if (Object.prototype.hasOwnProperty.call(node, segment))
            return { ok: false, message: `The form field ${key} is given twice.` }
          node[segment] = converted(path, value)
          break
        }
        if (!Object.prototype.hasOwnProperty.call(node, segment)) node[segment] = childIsList ? [] : {}
        const next = node[segment]
        if (typeof next !== 'object' || next === null || Array.isArray(next) !== childIsList) {
          return { ok: false, message: `The form field ${key} conflicts with an earlier field.` }
        }
        node = next as Container
      }
    }
  }
  return { ok: true, value: root }
}
