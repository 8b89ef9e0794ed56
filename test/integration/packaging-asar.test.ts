import { spawnSync } from 'node:child_process'
import { chmodSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { extractFile, listPackage, statFile } from '@electron/asar'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import YAML from 'yaml'

// Packs the app the way `npm run dist` does (electron-builder --dir, Linux) against a stand-in
// Electron distribution, since Electron's binary cannot be downloaded here, and checks the asar.
// The stand-in has no fuses to flip and keytar is not rebuilt for Electron's ABI, so those two
// steps are switched off for this run only; test/unit/packaging-config.test.ts checks the fuses.

/** Upper bound for app.asar plus its unpacked files (measured 2.2 MB when this was written). */
const SIZE_BUDGET_BYTES = 6 * 1024 * 1024

const root = path.resolve(import.meta.dirname, '../..')
const work = mkdtempSync(path.join(os.tmpdir(), 'paydesk-pack-'))
const resources = path.join(work, 'out', 'linux-unpacked', 'resources')
const asarPath = path.join(resources, 'app.asar')
let files: string[] = []

function run(command: string, args: string[]) {
  const result = spawnSync(command, args, { cwd: root, encoding: 'utf8', env: { ...process.env, CI: 'true' } })
  if (result.status !== 0) throw new Error(`${command} ${args.join(' ')} failed:\n${result.stdout}\n${result.stderr}`)
}

beforeAll(() => {
  if (!existsSync(path.join(root, 'out', 'main', 'index.js'))) run('npx', ['electron-vite', 'build'])
  const electronDist = path.join(work, 'electron-dist')
  mkdirSync(path.join(electronDist, 'resources'), { recursive: true })
  writeFileSync(path.join(electronDist, 'electron'), '#!/bin/sh\n')
  chmodSync(path.join(electronDist, 'electron'), 0o755)
  const config = YAML.parse(readFileSync(path.join(root, 'electron-builder.yml'), 'utf8'))
  delete config.electronFuses
  const electronVersion = JSON.parse(readFileSync(path.join(root, 'node_modules/electron/package.json'), 'utf8'))
    .version as string
  const testConfig = {
    ...config,
    electronDist,
    electronVersion,
    npmRebuild: false,
    directories: { ...config.directories, output: path.join(work, 'out') },
  }
  writeFileSync(path.join(work, 'config.json'), JSON.stringify(testConfig))
  run('npx', ['electron-builder', '--dir', '--linux', '--x64', '--config', path.join(work, 'config.json')])
  files = listPackage(asarPath, { isPack: false })
}, 180_000)

afterAll(() => rmSync(work, { recursive: true, force: true }))

describe('the packaged app (electron-builder --dir)', () => {
  it('has out/main/index.js as its entry, with the preload and the renderer', () => {
    const manifest = JSON.parse(extractFile(asarPath, 'package.json').toString('utf8'))
    expect(manifest.main).toBe('./out/main/index.js')
    for (const file of ['/out/main/index.js', '/out/preload/index.cjs', '/out/renderer/index.html']) {
      expect(files).toContain(file)
    }
    expect(files.some((f) => f.startsWith('/resources/'))).toBe(true)
  })

  it('holds no sources, tests, source maps or development dependencies', () => {
    const top = new Set(files.map((f) => f.split('/')[1]))
    expect([...top].sort()).toEqual(['node_modules', 'out', 'package.json', 'resources'])
    expect(files.filter((f) => f.endsWith('.map'))).toEqual([])
    expect(files.filter((f) => !f.startsWith('/node_modules/') && /\.(ts|tsx)$/.test(f))).toEqual([])
    const pkg = JSON.parse(readFileSync(path.join(root, 'package.json'), 'utf8'))
    const dev = Object.keys(pkg.devDependencies as Record<string, string>)
    expect(dev.filter((name) => files.includes(`/node_modules/${name}`))).toEqual([])
    expect(files).toContain('/node_modules/keytar')
  })

  it('keeps keytar’s native module outside the asar, where it can be loaded', () => {
    const natives = files.filter((f) => f.endsWith('.node'))
    expect(natives).toContain('/node_modules/keytar/build/Release/keytar.node')
    for (const file of natives) {
      expect(statFile(asarPath, file.slice(1)), file).toMatchObject({ unpacked: true })
      expect(existsSync(path.join(resources, 'app.asar.unpacked', file)), file).toBe(true)
    }
  })

  it('stays within the size budget', () => {
    let unpacked = 0
    for (const file of files.filter((f) => f.endsWith('.node'))) {
      unpacked += statSync(path.join(resources, 'app.asar.unpacked', file)).size
    }
    const total = statSync(asarPath).size + unpacked
    console.log(
      `app.asar + unpacked: ${(total / 1024 / 1024).toFixed(2)} MB (budget ${SIZE_BUDGET_BYTES / 1024 / 1024} MB)`,
    )
    expect(total).toBeLessThan(SIZE_BUDGET_BYTES)
  })
})
