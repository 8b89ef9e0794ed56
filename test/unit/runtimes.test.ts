import { readFileSync } from 'node:fs'
import path from 'node:path'
import { describe, expect, it } from 'vitest'

// The supported runtimes are written in several files (package.json, .nvmrc, .node-version, the lock
// and the README); they must name the same majors, and the tests must run on that Node major.
const root = path.resolve(import.meta.dirname, '../..')
const read = (file: string): string => readFileSync(path.join(root, file), 'utf8')
const pkg = JSON.parse(read('package.json')) as {
  engines: { node: string }
  devDependencies: Record<string, string>
}
const lock = JSON.parse(read('package-lock.json')) as { packages: Record<string, { version: string }> }

const NODE_MAJOR = 24
const ELECTRON_MAJOR = 45

describe('supported runtimes', () => {
  it('Node 24 LTS everywhere the tooling reads it', () => {
    expect(pkg.engines.node).toBe(`>=${NODE_MAJOR}`)
    expect(read('.nvmrc').trim()).toBe(String(NODE_MAJOR))
    expect(read('.node-version').trim()).toBe(String(NODE_MAJOR))
    expect(lock.packages['node_modules/@types/node']?.version.split('.')[0]).toBe(String(NODE_MAJOR))
    expect(read('README.md')).toContain(`Node.js ${NODE_MAJOR}`)
  })

  it('the tests run on the Node major Electron bundles', () => {
    expect(Number(process.versions.node.split('.')[0])).toBe(NODE_MAJOR)
  })

  it('Electron on the newest supported major', () => {
    expect(pkg.devDependencies['electron']).toMatch(new RegExp(`^\\^${ELECTRON_MAJOR}\\.`))
    expect(lock.packages['node_modules/electron']?.version.split('.')[0]).toBe(String(ELECTRON_MAJOR))
  })
})
