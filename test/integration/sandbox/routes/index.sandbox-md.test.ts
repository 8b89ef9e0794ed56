// docs/SANDBOX.md's endpoint table is true (issue 48 item 8): every `/v2` row of it names an operation
// the sandbox answers (not "does not implement", not 405, not 501), and every operation of the
// operation table (src/shared/service/operations.ts, which the router serves from) has its row. Rows
// and operations added later are read the same way: nothing here counts them.
import { readFileSync } from 'node:fs'
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { ID_PREFIXES } from '../../../../src/shared/service/ids'
import { matchOperation, OPERATIONS } from '../../../../src/shared/service/operations'
import { paramResource } from '../../../../src/shared/service/paths'
import { useHarness } from '../../helpers/sandbox-harness'

const doc = readFileSync(path.resolve(import.meta.dirname, '../../../../docs/SANDBOX.md'), 'utf8')

/** The rows of the endpoint table: the `METHOD /v2/…` of each first cell (query hints dropped). */
function endpointRows(): { method: string; path: string }[] {
  const lines = doc.split('\n')
  const header = lines.findIndex((l) => /^\|\s*Method and path\s*\|\s*Result\s*\|/.test(l))
  expect(header, 'the endpoint table of docs/SANDBOX.md').toBeGreaterThan(-1)
  const rows: { method: string; path: string }[] = []
  for (const line of lines.slice(header + 2)) {
    if (!line.startsWith('|')) break
    const cell = /^\|\s*`(GET|POST|PATCH|DELETE) (\/v2\/[^`?[\s]*)/.exec(line)
    if (cell) rows.push({ method: cell[1] ?? '', path: cell[2] ?? '' })
  }
  return rows
}

/** `/orders/{orderId}` and `/orders/{id}` name the same template. */
const shape = (template: string) => template.replace(/\{[^}]+\}/g, '{}')

/** A value for a path parameter that passes the id rules (`tr_sample1`), for a request. */
function sample(param: string): string {
  const resource = paramResource(param)
  return resource ? `${ID_PREFIXES[resource]}_sample1` : 'ideal'
}

const h = useHarness()

describe('docs/SANDBOX.md endpoint table', () => {
  it('lists every operation of the operation table', () => {
    const listed = new Set(endpointRows().map((r) => `${r.method} ${shape(r.path)}`))
    const missing = OPERATIONS.filter((o) => !listed.has(`${o.method} ${shape(`/v2${o.path}`)}`)).map(
      (o) => `${o.method} /v2${o.path} (${o.id})`,
    )
    expect(missing).toEqual([])
  })

  it('every operation it lists is one the sandbox answers', async () => {
    const rows = endpointRows()
    expect(rows.length).toBeGreaterThan(0)
    const unanswered: string[] = []
    for (const row of rows) {
      const filled = row.path.replace(/\{([^}]+)\}/g, (_, name: string) => sample(name))
      const match = matchOperation(row.method, filled.slice(3))
      if (!match.found) {
        unanswered.push(`${row.method} ${row.path}: no operation`)
        continue
      }
      const body = row.method === 'POST' || row.method === 'PATCH' ? {} : undefined
      const r = await h.api(row.method, filled.slice(3), body)
      const notServed =
        r.status === 405 || r.status === 501 || (r.status === 404 && /does not implement/.test(r.json?.detail))
      if (notServed || r.status >= 500)
        unanswered.push(`${row.method} ${row.path}: ${r.status} ${r.json?.detail ?? ''}`)
    }
    expect(unanswered).toEqual([])
  })
})
