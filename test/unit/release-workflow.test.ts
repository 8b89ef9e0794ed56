import { readFileSync } from 'node:fs'
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import YAML from 'yaml'
import { present } from '../helpers/present'

// The release workflow cannot run here; this reads it and checks what it asks of the repository.
const root = path.resolve(import.meta.dirname, '../..')
interface Step {
  name?: string
  run?: string
  uses?: string
  if?: string
  env?: Record<string, string>
  with?: Record<string, string>
}
const workflow = YAML.parse(readFileSync(path.join(root, '.github/workflows/release.yml'), 'utf8')) as {
  on: Record<string, unknown>
  jobs: Record<string, { 'runs-on': string; strategy: { matrix: { include: Array<{ os: string }> } }; steps: Step[] }>
}
const pkg = JSON.parse(readFileSync(path.join(root, 'package.json'), 'utf8')) as { scripts: Record<string, string> }
const job = present(Object.values(workflow.jobs)[0])
const runs = job.steps.flatMap((step) => (step.run ? [step.run] : []))

describe('release workflow', () => {
  it('runs on Linux, macOS and Windows', () => {
    expect(job.strategy.matrix.include.map((entry) => entry.os).sort()).toEqual([
      'macos-latest',
      'ubuntu-latest',
      'windows-latest',
    ])
  })

  it('installs with npm ci, tests, builds the installers and uploads them', () => {
    const order = ['npm ci', 'npm test', 'npm run dist']
    const at = order.map((command) => runs.findIndex((run) => present(run.split('&&')[0]).trim().startsWith(command)))
    expect(
      at.every((index) => index >= 0),
      JSON.stringify(runs),
    ).toBe(true)
    expect([...at].sort((a, b) => a - b)).toEqual(at)
    expect(job.steps.some((step) => step.uses?.startsWith('actions/upload-artifact@'))).toBe(true)
  })

  it('every npm command it runs exists in package.json', () => {
    const builtIn = new Set(['ci', 'test', 'install'])
    const commands = runs.flatMap((run) =>
      [...run.matchAll(/npm (run )?([a-z:-]+)/g)].map((m) => ({ run: !!m[1], name: present(m[2]) })),
    )
    expect(commands.length).toBeGreaterThanOrEqual(4)
    for (const { run, name } of commands) {
      if (run || !builtIn.has(name)) expect(pkg.scripts, name).toHaveProperty(name)
    }
    expect(pkg.scripts).toHaveProperty('test')
  })

  it('uses the Node version the project names, and signing secrets only through env', () => {
    const setup = job.steps.find((step) => step.uses?.startsWith('actions/setup-node@'))
    expect(setup?.with?.['node-version-file']).toBe('.nvmrc')
    const dist = present(job.steps.find((step) => step.run?.startsWith('npm run dist')))
    expect(Object.keys(dist.env ?? {})).toEqual(
      expect.arrayContaining(['CSC_LINK', 'APPLE_ID', 'APPLE_APP_SPECIFIC_PASSWORD', 'APPLE_TEAM_ID']),
    )
    for (const value of Object.values(dist.env ?? {})) expect(value).toMatch(/^\$\{\{ secrets\.[A-Z_]+ /)
  })
})
