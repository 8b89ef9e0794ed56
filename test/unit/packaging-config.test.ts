import { existsSync, readFileSync } from 'node:fs'
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import YAML from 'yaml'

interface BuilderConfig {
  [key: string]: unknown
  linux: { target: unknown; icon: string }
  mac: { target: unknown; icon: string }
  win: { target: unknown; icon: string }
}

// The installers' configuration (electron-builder.yml): fuses, targets, what goes into the asar.
const root = path.resolve(import.meta.dirname, '../..')
const config = YAML.parse(readFileSync(path.join(root, 'electron-builder.yml'), 'utf8')) as BuilderConfig
const pkg = JSON.parse(readFileSync(path.join(root, 'package.json'), 'utf8')) as {
  main: string
  scripts: Record<string, string>
}

describe('packaging configuration', () => {
  it('flips every fuse SECURITY.md item 18 asks for', () => {
    expect(config['electronFuses']).toEqual({
      runAsNode: false,
      enableCookieEncryption: true,
      enableNodeOptionsEnvironmentVariable: false,
      enableNodeCliInspectArguments: false,
      enableEmbeddedAsarIntegrityValidation: true,
      onlyLoadAppFromAsar: true,
      grantFileProtocolExtraPrivileges: false,
    })
    expect(readFileSync(path.join(root, 'SECURITY.md'), 'utf8')).toMatch(
      /18\. \*\*Check which fuses[^\n]*\n[^]*?\*\*Done\.\*\*/,
    )
  })

  it('builds AppImage and deb, a dmg for arm64 and x64, and an NSIS installer', () => {
    expect(config['linux'].target).toEqual(['AppImage', 'deb'])
    expect(config['mac'].target).toEqual([{ target: 'dmg', arch: ['arm64', 'x64'] }])
    expect(config['win'].target).toEqual([{ target: 'nsis', arch: ['x64'] }])
    expect(pkg.scripts['dist']).toMatch(/electron-vite build && electron-builder$/)
  })

  it('names the app and takes its icons from resources/', () => {
    expect(config['appId']).toMatch(/^[a-z]+(\.[a-z]+)+$/)
    expect(config['productName']).toBe('Paydesk')
    for (const platform of ['linux', 'mac', 'win']) {
      expect(config[platform as 'linux'].icon, platform).toMatch(/^resources\//)
      expect(existsSync(path.join(root, config[platform as 'linux'].icon)), platform).toBe(true)
    }
  })

  it('puts only out/, resources/ and package.json in the asar, without source maps; native modules unpacked', () => {
    expect(config['files']).toEqual([
      'package.json',
      'out/**/*',
      '!out/**/*.map',
      'resources/**/*',
      '!**/node_modules/**/*.map',
      '!**/node_modules/**/*.test.js',
    ])
    expect(config['asarUnpack']).toEqual(['**/*.node'])
    expect(config['asar']).not.toBe(false)
    expect(pkg.main).toBe('./out/main/index.js')
  })
})
