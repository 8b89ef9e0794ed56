/**
 * The keytar adapter against a REAL Secret Service (gnome-keyring in a private D-Bus session under
 * `npm test`). Child processes check what survives a restart and what happens without any service.
 * Skipped, with the reason in the suite's name, only when no Secret Service is reachable AND not CI.
 */
import { execFile, execFileSync } from 'node:child_process'
import { randomBytes } from 'node:crypto'
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join, resolve } from 'node:path'
import { pathToFileURL } from 'node:url'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createKeytarSecretStore, KEYCHAIN_SERVICE, loadKeytar } from '../../../../src/main/secrets/keytar-store'
import type { SecretStore } from '../../../../src/main/secrets/secret-store'
import { createConnectionsService } from '../../../../src/main/services/connections'
import { createEventBus } from '../../../../src/main/services/event-bus'
import { DATA_KEY_BYTES, getOrCreateDataKey } from '../../../../src/main/storage/encryption'

const root = resolve(import.meta.dirname, '../../../..')
const adapterUrl = pathToFileURL(join(root, 'src/main/secrets/keytar-store.ts')).href
const RUN = `paydesk-it-${process.pid}-${randomBytes(4).toString('hex')}-`

/**
 * Runs `body` in a fresh Node process (tsx for the TypeScript source) with `store` (the keytar
 * adapter) and `args` in scope; resolves with what the body returned, or the error it threw.
 */
function childScript(body: string): string {
  return `
    const { loadKeytar, createKeytarSecretStore } = await import(${JSON.stringify(adapterUrl)})
    const args = JSON.parse(process.env.PAYDESK_CHILD_ARGS ?? '{}')
    let out
    try {
      const store = createKeytarSecretStore(await loadKeytar())
      out = { ok: true, value: await (async () => { ${body} })() }
    } catch (e) {
      out = { ok: false, name: e?.name, problem: e?.problem, message: e?.message, cause: e?.cause?.message }
    }
    process.stdout.write(JSON.stringify(out))
    process.exit(0)
  `
}

type ChildResult =
  { ok: true; value: unknown } | { ok: false; name?: string; problem?: string; message?: string; cause?: string }

function runChild(body: string, args: unknown = {}, env: NodeJS.ProcessEnv = process.env): Promise<ChildResult> {
  return new Promise((resolvePromise, reject) => {
    execFile(
      process.execPath,
      ['--import', 'tsx', '--input-type=module', '-e', childScript(body)],
      { cwd: root, env: { ...env, PAYDESK_CHILD_ARGS: JSON.stringify(args) }, timeout: 45_000 },
      (error, stdout, stderr) => {
        if (!stdout) return reject(new Error(`child failed: ${error?.message ?? ''}\n${stderr}`))
        resolvePromise(JSON.parse(stdout) as ChildResult)
      },
    )
  })
}

/** Is a Secret Service reachable and unlocked? A write+delete in a child (keytar can crash on a locked collection). */
function probeSecretService(): { ok: true } | { ok: false; reason: string } {
  const account = `${RUN}probe`
  try {
    const stdout = execFileSync(
      process.execPath,
      [
        '--import',
        'tsx',
        '--input-type=module',
        '-e',
        childScript('await store.set(args.account, "probe"); return await store.delete(args.account)'),
      ],
      {
        cwd: root,
        env: { ...process.env, PAYDESK_CHILD_ARGS: JSON.stringify({ account }) },
        timeout: 30_000,
        encoding: 'utf8',
      },
    )
    const result = JSON.parse(stdout) as ChildResult
    return result.ok
      ? { ok: true }
      : { ok: false, reason: `${result.problem ?? result.name}: ${result.cause ?? result.message ?? 'unknown'}` }
  } catch (error) {
    return { ok: false, reason: `probe process failed: ${(error as Error).message.split('\n')[0]}` }
  }
}

const probe = probeSecretService()
const skip = !probe.ok && !process.env.CI
const title = skip
  ? `keytar adapter against a real Secret Service (SKIPPED: no Secret Service reachable: ${(probe as { reason: string }).reason})`
  : 'keytar adapter against a real Secret Service'

describe.skipIf(skip)(title, () => {
  let store: SecretStore

  beforeAll(async () => {
    // Under CI the suite runs even if the probe failed, and says why it cannot pass.
    if (!probe.ok) throw new Error(`No Secret Service reachable under CI: ${probe.reason}`)
    store = createKeytarSecretStore(await loadKeytar())
  })

  afterAll(async () => {
    if (!store) return
    for (const account of await store.accounts()) if (account.startsWith(RUN)) await store.delete(account)
  })

  it('adds, reads, lists and removes an entry under the Paydesk service', async () => {
    const account = `${RUN}crud`
    const secret = `test_${randomBytes(12).toString('hex')}`
    expect(await store.get(account)).toBeNull()
    await store.set(account, secret)
    expect(await store.get(account)).toBe(secret)
    expect(await store.accounts()).toContain(account)
    // Same entry seen through keytar directly: service "Paydesk", account = the connection id.
    const keytar = await loadKeytar()
    expect(await keytar.getPassword(KEYCHAIN_SERVICE, account)).toBe(secret)
    await store.set(account, `${secret}2`)
    expect(await store.get(account)).toBe(`${secret}2`)
    expect(await store.delete(account)).toBe(true)
    expect(await store.get(account)).toBeNull()
    expect(await store.delete(account)).toBe(false)
    expect(await store.accounts()).not.toContain(account)
  })

  it('keeps a secret across processes: written by one, read and removed by another', async () => {
    const account = `${RUN}restart`
    const secret = `live_${randomBytes(12).toString('hex')}`
    expect(await runChild('await store.set(args.account, args.secret); return true', { account, secret })).toEqual({
      ok: true,
      value: true,
    })
    expect(await runChild('return await store.get(args.account)', { account })).toEqual({ ok: true, value: secret })
    expect(await runChild('return await store.delete(args.account)', { account })).toEqual({ ok: true, value: true })
    expect(await store.get(account)).toBeNull()
  })

  it('keeps the data key in the keychain and returns the same key in a later process', async () => {
    const account = `${RUN}data-key`
    const key = await getOrCreateDataKey(store, { account })
    expect(key.length).toBe(DATA_KEY_BYTES)
    const later = await runChild('return await store.get(args.account)', { account })
    expect(later).toEqual({ ok: true, value: key.toString('base64') })
  })

  it('the connections service stores the secret in the keychain and removes it with the connection', async () => {
    const dataDir = await mkdtemp(join(tmpdir(), 'paydesk-keychain-'))
    // A store view that prefixes accounts, so this run's entries are easy to find and clean up.
    const prefixed: SecretStore = {
      get: (a) => store.get(RUN + a),
      set: (a, s) => store.set(RUN + a, s),
      delete: (a) => store.delete(RUN + a),
      accounts: async () => (await store.accounts()).filter((a) => a.startsWith(RUN)).map((a) => a.slice(RUN.length)),
    }
    const service = createConnectionsService({
      dataDir,
      secretStore: prefixed,
      events: createEventBus(),
      sandbox: { start: () => Promise.reject(new Error('not used here')) },
      createClient: () => ({ listPayments: async () => ({ count: 0 }) }),
    })
    try {
      const secret = `live_${randomBytes(12).toString('hex')}`
      const view = await service.add({ label: 'Keychain merchant', secret })
      expect(JSON.stringify(view)).not.toContain(secret)
      expect(await store.get(RUN + view.id)).toBe(secret)
      await service.remove(view.id)
      expect(await store.get(RUN + view.id)).toBeNull()
    } finally {
      await service.dispose()
      await rm(dataDir, { recursive: true, force: true })
    }
  })
})

describe('keytar adapter without any Secret Service', () => {
  it('fails with a clear KeychainUnavailableError and stores nothing in plain text', async () => {
    const home = await mkdtemp(join(tmpdir(), 'paydesk-nobus-'))
    try {
      // A bus address that leads nowhere, and no X11 display to autolaunch one.
      const env: NodeJS.ProcessEnv = {
        ...process.env,
        DBUS_SESSION_BUS_ADDRESS: `unix:path=${join(home, 'no-such-bus')}`,
        HOME: home,
        XDG_DATA_HOME: join(home, 'data'),
      }
      delete env.DISPLAY
      const result = await runChild(
        'await store.set(args.account, "test_neverstored0000"); return true',
        { account: `${RUN}nobus` },
        env,
      )
      expect(result.ok).toBe(false)
      if (result.ok) return
      expect(result.name).toBe('KeychainUnavailableError')
      expect(result.problem).toBe('no-secret-service')
      expect(result.message).toMatch(/Secret Service/)
      expect(result.message).toMatch(/gnome-keyring/)
      expect(result.message).not.toContain('test_neverstored0000')
      // No plain-text fallback: nothing was written under the child's HOME.
      const { readdir } = await import('node:fs/promises')
      expect(await readdir(home)).toEqual([])
    } finally {
      await rm(home, { recursive: true, force: true })
    }
  })
})
