#!/usr/bin/env node
// `npm run audit:electron`: Doyensec electronegativity over src/, offline. Fails on any HIGH or
// MEDIUM finding except its generic "review your preload" and "review openExternal" notes, which
// SECURITY.md answers (items 14 and 19). Prints the findings, then one JSON object as the last line.
//
// Its release-list and translation downloads need the internet; the release check
// (AvailableSecurityFixesGlobalCheck) is skipped, the Electron version is taken from the lock, and a
// failed download (an unhandled rejection inside the tool) is ignored.
import { readFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import path from 'node:path'

const root = path.resolve(import.meta.dirname, '..')
const require = createRequire(import.meta.url)
const ALLOWED = new Set(['PRELOAD_JS_CHECK', 'OPEN_EXTERNAL_JS_CHECK'])

process.on('unhandledRejection', () => {})
process.on('uncaughtException', (error) => {
  if (/onCancel|ENOTFOUND|ECONNREFUSED|ETIMEDOUT|EAI_AGAIN|getaddrinfo/.test(String(error?.message))) return
  console.error(error)
  process.exit(2)
})

const electronVersion = JSON.parse(readFileSync(path.join(root, 'node_modules/electron/package.json'), 'utf8')).version
const run = require('@doyensec/electronegativity')
const log = console.log
console.log = () => {} // the tool's banner and progress
let result
try {
  result = await run({
    input: path.join(root, 'src'),
    output: undefined,
    isSarif: false,
    customScan: [],
    excludeFromScan: ['AvailableSecurityFixesGlobalCheck'],
    isRelative: true,
    electronUpgrade: undefined,
    electronVersionOverride: electronVersion,
    parserPlugins: [],
  })
} finally {
  console.log = log
}
const issues = (result?.issues ?? []).map((issue) => ({
  id: issue.id,
  file: issue.file,
  line: issue.location?.line,
  severity: issue.severity?.name ?? String(issue.severity?.value ?? issue.severity),
  confidence: issue.confidence?.name ?? String(issue.confidence),
}))
const blocking = issues.filter((i) => ['HIGH', 'MEDIUM'].includes(i.severity) && !ALLOWED.has(i.id))
for (const i of issues) console.log(`${blocking.includes(i) ? '✖' : '·'} ${i.severity} ${i.id} ${i.file}:${i.line}`)
console.log(
  JSON.stringify({
    electronVersion,
    findings: issues.length,
    blocking: blocking.length,
    blockingIds: blocking.map((i) => i.id),
  }),
)
process.exit(blocking.length ? 1 : 0)
