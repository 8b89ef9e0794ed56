// A `--tls-dir` that already exists with loose permissions (issue 45 item 9): `mkdir certs` gives
// 0755, and before, the sandbox wrote its private key there and served it, folder left open. Now the
// folder is tightened to 0700, a key others could read or change is not reused (someone may hold a
// copy: a new key and certificate replace it, and the banner says so), and a folder owned by
// another user is refused with a clear message. POSIX permissions: not meaningful on Windows.
import { chmodSync, chownSync, mkdirSync, mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { KEY_FILE, loadOrCreateTls } from '../../../src/sandbox/tls'

const NAMES = ['localhost', '127.0.0.1', '::1']
const NOW = Date.parse('2026-07-01T10:00:00Z')
const roots: string[] = []

function looseFolder(): string {
  const root = mkdtempSync(path.join(os.tmpdir(), 'paydesk-tls-perms-'))
  roots.push(root)
  const dir = path.join(root, 'certs')
  mkdirSync(dir)
  chmodSync(dir, 0o755)
  return dir
}

const mode = (file: string) => statSync(file).mode & 0o777

afterAll(() => {
  for (const root of roots) rmSync(root, { recursive: true, force: true })
})

describe.skipIf(process.platform === 'win32')('a pre-existing --tls-dir open to other users', () => {
  it('is tightened to 0700, with the key 0600', () => {
    const dir = looseFolder()
    const tls = loadOrCreateTls(dir, NAMES, NOW)
    expect(mode(dir)).toBe(0o700)
    expect(mode(tls.keyPath)).toBe(0o600)
    // A second start on a folder someone opened again: tightened again, the private key still reused.
    chmodSync(dir, 0o775)
    const again = loadOrCreateTls(dir, NAMES, NOW)
    expect(mode(dir)).toBe(0o700)
    expect(again.created).toBe(false)
    expect(again.fingerprint256).toBe(tls.fingerprint256)
  })

  it('a key that others could read (or a certificate they could change) is replaced, not served', () => {
    const dir = looseFolder()
    const first = loadOrCreateTls(dir, NAMES, NOW)
    chmodSync(first.keyPath, 0o644)
    const second = loadOrCreateTls(dir, NAMES, NOW)
    expect(second.created).toBe(true)
    expect(second.replacedExposedKey).toBe(true)
    expect(second.fingerprint256).not.toBe(first.fingerprint256)
    expect(readFileSync(path.join(dir, KEY_FILE), 'utf8')).not.toBe(first.key)
    expect(mode(second.keyPath)).toBe(0o600)
    chmodSync(second.certPath, 0o666)
    const third = loadOrCreateTls(dir, NAMES, NOW)
    expect(third.replacedExposedKey).toBe(true)
    expect(third.fingerprint256).not.toBe(second.fingerprint256)
  })

  it.runIf(process.getuid?.() === 0)('a folder that belongs to another user is refused with a clear message', () => {
    const dir = looseFolder()
    chownSync(dir, 65534, 65534)
    expect(() => loadOrCreateTls(dir, NAMES, NOW)).toThrow(
      /belongs to another user.*Give --tls-dir a folder of your own/,
    )
    expect(mode(dir)).toBe(0o755)
  })
})
