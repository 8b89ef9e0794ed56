// Where the team runner reads its write key (issue 51): a file only its user can read, or the keychain.
import { chmodSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import { keyFromFile, keyFromKeychain, RUNNER_KEYCHAIN } from '../../../../src/main/team/runner-key'
import { createMemorySecretStore } from '../../../helpers/memory-secret-store'

const dirs: string[] = []
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true })
})

function keyFile(text: string, mode: number): string {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'paydesk-runner-key-'))
  dirs.push(dir)
  const file = path.join(dir, 'key')
  writeFileSync(file, text)
  chmodSync(file, mode)
  return file
}

describe('the runner key', () => {
  it('reads a key from a file only its user can read', () => {
    expect(keyFromFile(keyFile('live_abcdefghijklmnop\n', 0o600))).toEqual({
      secret: 'live_abcdefghijklmnop',
      kind: 'api-key',
    })
  })

  it('refuses a key file others can read, with what to do', () => {
    expect(() => keyFromFile(keyFile('live_abcdefghijklmnop', 0o644))).toThrow(/mode 644\): run chmod 600/)
    expect(() => keyFromFile(keyFile('live_abcdefghijklmnop', 0o620))).toThrow(/other users/)
  })

  it('refuses a file of another user and a file that holds no key', () => {
    const file = keyFile('live_abcdefghijklmnop', 0o600)
    expect(() => keyFromFile(file, 12345)).toThrow(/another user/)
    expect(() => keyFromFile(keyFile('not a key', 0o600))).toThrow(/does not hold an API key/)
    // The one minimum length of a secret's body (the same the app and the redactor hold to): 10.
    expect(() => keyFromFile(keyFile('live_abc', 0o600))).toThrow(/at least 10 characters after its prefix/)
    expect(keyFromFile(keyFile('live_abcdefghij', 0o600)).secret).toBe('live_abcdefghij')
  })

  it('reads the key from its keychain entry, and says how to put it there', async () => {
    const store = createMemorySecretStore()
    await expect(keyFromKeychain(store)).rejects.toThrow(/--store-key/)
    await store.set(RUNNER_KEYCHAIN.account, 'access_abcdefghijklmnop')
    expect(await keyFromKeychain(store)).toEqual({ secret: 'access_abcdefghijklmnop', kind: 'organization-token' })
  })
})
