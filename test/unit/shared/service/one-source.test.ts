// The service's rules are written once, in src/shared/service/ (issue 12 item 1, issue 23 item 1).
// This test scans src/ for code that re-declares one of them: an id or credential pattern, a
// credential prefix as a string, the page-size limit, an endpoint path of the operation table, a
// set of HTTP methods, or the profileId/testmode scope rule. Words in comments and user-facing
// text ("test_…") are fine.
import { readFileSync } from 'node:fs'
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { CREDENTIAL_PREFIX_LIST, ID_PREFIXES, MAX_PAGE_SIZE, OPERATIONS } from '../../../../src/shared/service'
import { sourceFiles, withoutComments } from '../../helpers/source-scan'

const root = path.resolve(import.meta.dirname, '../../../..')
const SPEC_DIR = path.join('src', 'shared', 'service')

const idPrefixes = Object.values(ID_PREFIXES).join('|')
const credentialWords = CREDENTIAL_PREFIX_LIST.map((p) => p.slice(0, -1)).join('|')
/** The first segment of every path of the operation table: payments, orders, refunds, … */
const endpointRoots = [...new Set(OPERATIONS.map((o) => o.path.split('/')[1] ?? ''))].join('|')
const methodWord = `(['"\`])(GET|HEAD|POST|PUT|PATCH|DELETE|OPTIONS)`
const writeWord = `(['"\`])(POST|PUT|PATCH|DELETE)`

/** What a re-declaration looks like in code. */
export const FORBIDDEN: { name: string; pattern: RegExp; near?: RegExp }[] = [
  // A regex literal anchored on an id prefix: /^tr_…/, /^ord_[A-Za-z0-9]+$/
  { name: 'id pattern', pattern: new RegExp(`/\\^(${idPrefixes})_`) },
  // An id prefix followed by its code's characters, anchored or not: /\/payments\/(tr_[A-Za-z0-9]+)/
  { name: 'id pattern', pattern: new RegExp(`(?<![A-Za-z])(${idPrefixes})_\\[`) },
  // A regex literal alternating the credential prefixes: /(test|live|access)_/ (not another
  // service's keys such as /^(sk|pk)_(live|test)_/, which the connection form warns about)
  { name: 'credential pattern', pattern: new RegExp(`(?<!_)\\((${credentialWords})\\|`) },
  // A credential prefix as a string literal of its own: 'test_', "live_", `access_`
  { name: 'credential prefix', pattern: new RegExp(`(['"\`])(${credentialWords})_\\1`) },
  // An id prefix as a string literal of its own: 'tr_', 'ord_'
  { name: 'id prefix', pattern: new RegExp(`(['"\`])(${idPrefixes})_\\1`) },
  // The READ class as a list of methods: ['GET', 'HEAD', 'OPTIONS'] (spec 8.1.4; methods.ts)
  { name: 'READ methods', pattern: /\[\s*(['"`])GET\1\s*,\s*(['"`])HEAD\2\s*,\s*(['"`])OPTIONS\3\s*\]/ },
  // The page-size limit as a number in code about limits, pages or sizes: limit > 250,
  // [10, 25, 50, 100, 250] (timings such as `intervalMs = 250` are not it)
  {
    name: 'page-size limit',
    pattern: new RegExp(
      `(?=.*(limit|page|size|\\[[\\d, ]*${MAX_PAGE_SIZE}\\b))(?=.*(?<![\\d.:_])${MAX_PAGE_SIZE}(?![\\d_]))`,
      'i',
    ),
  },
  // An endpoint path of the operation table as a literal: '/payments', `/orders/${id}`, "/v2/refunds?…"
  // (paths come from pathFor / the operation ids; a `_links` href is followed, not spelled)
  { name: 'endpoint path', pattern: new RegExp(`(['"\`])(/v2)?/(${endpointRoots})(?=[/?'"\`]|\\$\\{)`) },
  // A path below the versioned base spelled after an origin: `${origin}/v2/payments/${id}` (answer
  // links are built with pathFor from the operation's row: src/sandbox/links.ts)
  { name: 'versioned path template', pattern: /\$\{[^}]*\}\/v2\// },
  // A set of HTTP methods: new Set(['POST', 'PATCH', 'DELETE']), ['POST', 'PATCH'].includes(m)
  // (the Idempotency-Key rule is the table's `idempotent`, the READ class methods.ts)
  {
    name: 'method set',
    pattern: new RegExp(`new Set\\(\\s*\\[\\s*${methodWord}|\\[\\s*${writeWord}\\3\\s*,\\s*${writeWord}\\5`),
  },
  // The scope rule: a credential kind compared where profileId or testmode is decided (this line or
  // the next two): `if (kind === 'organization-token') body.profileId = …` (scope.ts: scopeFor)
  {
    name: 'scope rule',
    pattern: /(===|!==)\s*(['"`])(organization-token|api-key)\2|(['"`])(organization-token|api-key)\4\s*(===|!==)/,
    near: /\b(profileId|testmode)\b/,
  },
]

/**
 * Files allowed to hold such a literal for a reason other than a rule. The connection's own
 * settings (which profile and mode a connection is saved with, checked when it is added) compare
 * the credential kind next to profileId/testmode; they say what a connection stores, not what a
 * request may carry, which scopeFor decides from the stored settings.
 */
const CONNECTION_SETTINGS = ['scope rule']
const ALLOWED: Record<string, string[]> = {
  'src/shared/connection-rules.ts': CONNECTION_SETTINGS,
  'src/main/services/connections/credentials.ts': CONNECTION_SETTINGS,
  'src/main/services/connections/edit.ts': CONNECTION_SETTINGS,
  'src/main/services/connections/store.ts': CONNECTION_SETTINGS,
  'src/renderer/src/features/connections/AddConnectionForm.tsx': CONNECTION_SETTINGS,
  'src/renderer/src/features/connections/add-connection-form.ts': CONNECTION_SETTINGS,
  // A permission's own link names get-permission, which is not a row of the operation table (the
  // sandbox links to it as the service does but does not serve it; pathFor cannot build it).
  'src/sandbox/routes/permissions.ts': ['versioned path template'],
}

export function findRedeclarations(file: string, text: string): string[] {
  const found: string[] = []
  const lines = withoutComments(text).split('\n')
  lines.forEach((line, i) => {
    for (const { name, pattern, near } of FORBIDDEN) {
      if (!pattern.test(line)) continue
      if (near && !near.test(lines.slice(i, i + 3).join('\n'))) continue
      if (ALLOWED[file]?.includes(name)) continue
      found.push(`${file}:${i + 1}: ${name}: ${line.trim()}`)
    }
  })
  return found
}

describe('one source for the service rules', () => {
  it('finds a re-declared rule (the check can fail)', () => {
    const samples = [
      'const PAYMENT_ID = /^tr_[A-Za-z0-9]+$/',
      'const IN_PATH = /\\/payments\\/(tr_[A-Za-z0-9]+)(?:[/?#]|$)/',
      'const p = /(test|live|access)_[A-Za-z0-9]{8,}/g',
      "if (prefix === 'access_') return",
      "checkId(id, 'ord_')",
      'if (limit > 250) throw new Error()',
      'const SUGGESTED = [10, 25, 50, 100, 250]',
      "const writes = !['GET', 'HEAD', 'OPTIONS'].includes(method)",
      "const path = '/payments'",
      'const path = `/orders/${checkId(id)}/payments`',
      'request({ method: \'GET\', path: "/v2/refunds?limit=5" })',
      'self: hal(`${origin}/v2/payments/${data.id}`)',
      'const self = `${ctx.origin}/v2/customers/${s.customerId}/subscriptions/${s.id}`',
      "const KEYED: ReadonlySet<string> = new Set(['POST', 'PATCH', 'DELETE'])",
      "if (['PATCH', 'DELETE'].includes(method)) key = uuid()",
      "if (credential.kind === 'organization-token') body.profileId = profileId",
      "if (kind !== 'api-key') {\n  url.searchParams.set('testmode', 'true')",
    ]
    for (const sample of samples) expect(findRedeclarations('sample.ts', sample), sample).not.toEqual([])
    expect(findRedeclarations('sample.ts', '// ids look like tr_… (limit 250)')).toEqual([])
    expect(findRedeclarations('sample.ts', "placeholder: 'test_…, live_… or access_…'")).toEqual([])
    expect(findRedeclarations('sample.ts', 'setInterval(tick, 250)')).toEqual([])
    expect(findRedeclarations('sample.ts', "allow: ['GET', 'HEAD', 'POST']")).toEqual([])
    expect(findRedeclarations('sample.ts', 'const FOREIGN = /^(sk|pk)_(live|test)_/')).toEqual([])
    expect(findRedeclarations('sample.ts', "const path = apiPath('get-order', { orderId })")).toEqual([])
    expect(findRedeclarations('sample.ts', "navigate('/settings/payments-view')")).toEqual([])
    expect(findRedeclarations('sample.ts', 'href: `${origin}/dashboard/payments/${id}`')).toEqual([])
    expect(findRedeclarations('sample.ts', "self: apiLink(origin, 'get-payment', { paymentId: data.id })")).toEqual([])
    expect(findRedeclarations('sample.ts', "const label = kind === 'api-key' ? 'API key' : 'Token'")).toEqual([])
    expect(findRedeclarations('sample.ts', "if (kind === 'api-key') {\n  a()\n  b()\n  c(profileId)")).toEqual([])
  })

  it('src/ outside the spec module re-declares none of them', () => {
    const found: string[] = []
    for (const file of sourceFiles(path.join(root, 'src'))) {
      const rel = path.relative(root, file)
      if (rel.startsWith(SPEC_DIR + path.sep)) continue
      found.push(...findRedeclarations(rel.split(path.sep).join('/'), readFileSync(file, 'utf8')))
    }
    expect(found).toEqual([])
  })
})
