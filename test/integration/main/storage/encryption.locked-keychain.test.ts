/**
 * A locked keychain never costs the data key (issue 11 item 2), against a REAL gnome-keyring.
 *
 * Each scenario runs in a child process inside its own private D-Bus session with its own
 * gnome-keyring (so locking the collection cannot disturb other tests that share the suite's
 * keyring). The child locks the "login" collection through the Secret Service's Lock method
 * (`gdbus`), and unlocks it headless through gnome-keyring's master-password interface
 * (test/integration/helpers/unlock-keyring.py, python3-dbus): the standard Unlock method would need a prompt, and
 * replacing the daemon (`gnome-keyring-daemon --replace --unlock`) leaves a running process's
 * libsecret talking to the old daemon's bus name.
 */
import { execFile, spawnSync } from 'node:child_process'
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join, resolve } from 'node:path'
import { pathToFileURL } from 'node:url'
import { describe, expect, it } from 'vitest'

const root = resolve(import.meta.dirname, '../../../..')
const src = (p: string) => JSON.stringify(pathToFileURL(join(root, 'src/main', p)).href)
const fixtures = JSON.stringify(pathToFileURL(join(root, 'test/unit/helpers/request-log-fixtures.ts')).href)

const unlockHelper = join(import.meta.dirname, '../../helpers/unlock-keyring.py')
/** A Python with the dbus module (Debian's python3-dbus) for the unlock helper. */
const python = ['python3', '/usr/bin/python3'].find(
  (p) => spawnSync(p, ['-c', 'import dbus'], { stdio: 'ignore' }).status === 0,
)
const canRun =
  process.platform === 'linux' &&
  python !== undefined &&
  ['dbus-run-session', 'gnome-keyring-daemon', 'gdbus'].every(
    (c) => spawnSync('sh', ['-c', `command -v ${c}`], { stdio: 'ignore' }).status === 0,
  )

const PASSWORD = 'paydesk-locked-test'

/** The helpers every scenario gets: the real keytar adapter on a data-key service, lock, unlock. */
const prelude = `
  import { execFileSync } from 'node:child_process'
  import { existsSync } from 'node:fs'
  import { join } from 'node:path'
  const { createKeytarSecretStore, loadKeytar } = await import(${src('secrets/keytar-store.ts')})
  const { createDraftsDiskStore } = await import(${src('services/drafts/index.ts')})
  const { createRequestLogService } = await import(${src('services/request-log/index.ts')})
  const { getOrCreateDataKey, DATA_KEY_SERVICE, DATA_KEY_ACCOUNT } = await import(${src('storage/encryption.ts')})
  const { attemptEvent } = await import(${fixtures})
  const { emptyDraftContent } = await import(${JSON.stringify(pathToFileURL(join(root, 'src/shared/order-builder/index.ts')).href)})
  const dataDir = process.env.PAYDESK_DATA_DIR
  const keytar = await loadKeytar()
  const service = DATA_KEY_SERVICE ?? 'Paydesk'
  const keyStore = createKeytarSecretStore(keytar, { service })
  const collection = '/org/freedesktop/secrets/collection/login'
  const isLocked = () =>
    execFileSync('gdbus', ['call', '--session', '--dest', 'org.freedesktop.secrets', '--object-path', collection,
      '--method', 'org.freedesktop.DBus.Properties.Get', 'org.freedesktop.Secret.Collection', 'Locked'],
      { encoding: 'utf8' }).includes('true')
  const lock = () => {
    execFileSync('gdbus', ['call', '--session', '--dest', 'org.freedesktop.secrets', '--object-path',
      '/org/freedesktop/secrets', '--method', 'org.freedesktop.Secret.Service.Lock', "['" + collection + "']"])
    if (!isLocked()) throw new Error('the collection did not lock')
  }
  const unlock = () => {
    execFileSync(process.env.PAYDESK_PYTHON, [${JSON.stringify(unlockHelper)}, collection], { input: ${JSON.stringify(PASSWORD)} })
    if (isLocked()) throw new Error('the collection did not unlock')
  }
  const failure = (e) => ({ name: e?.name, problem: e?.problem, message: String(e?.message) })
  const out = {}
`

function runScenario(body: string): Promise<Record<string, unknown>> {
  return (async () => {
    const home = await mkdtemp(join(tmpdir(), 'paydesk-locked-'))
    const dataDir = join(home, 'paydesk-data')
    const script = `${prelude}\ntry {\n${body}\n} catch (e) { out.thrown = failure(e) }\nprocess.stdout.write(JSON.stringify(out)); process.exit(0)`
    const inner = [
      `printf %s ${PASSWORD} | gnome-keyring-daemon --unlock --components=secrets >/dev/null`,
      'exec "$0" --import tsx --input-type=module -e "$1"',
    ].join('\n')
    try {
      return await new Promise<Record<string, unknown>>((resolvePromise, reject) => {
        execFile(
          'dbus-run-session',
          ['--', 'sh', '-c', inner, process.execPath, script],
          {
            cwd: root,
            timeout: 90_000,
            env: {
              ...process.env,
              PAYDESK_DATA_DIR: dataDir,
              PAYDESK_PYTHON: python,
              HOME: home,
              XDG_DATA_HOME: join(home, 'data'),
              XDG_RUNTIME_DIR: home,
              DISPLAY: '',
            },
          },
          (error, stdout, stderr) => {
            if (!stdout) return reject(new Error(`scenario crashed: ${error?.message ?? ''}\n${stderr}`))
            resolvePromise(JSON.parse(stdout) as Record<string, unknown>)
          },
        )
      })
    } finally {
      await rm(home, { recursive: true, force: true })
    }
  })()
}

describe.skipIf(!canRun && !process.env.CI)('a locked keychain (real gnome-keyring)', () => {
  it('refuses to mint a data key while locked, says "locked", and reads drafts and the log once unlocked', async () => {
    const out = await runScenario(`
      // Before: a draft and a logged request, encrypted with the data key.
      const drafts = createDraftsDiskStore({ dataDir, secretStore: keyStore })
      const saved = await drafts.save({ content: { ...emptyDraftContent('payment'), description: 'Locked keychain' } })
      out.savedDraft = typeof saved.id === 'string'
      const log = createRequestLogService({ dataDir, getKey: () => getOrCreateDataKey(keyStore, { dataDir }), app: { name: 'Paydesk', version: 'test' } })
      await log.ready()
      log.record(attemptEvent({ requestId: 'req-before-lock' }), { id: 'conn_1', label: 'Shop' })
      await log.dispose()
      const keyBefore = await keytar.getPassword(service, DATA_KEY_ACCOUNT)
      out.hadKey = typeof keyBefore === 'string'

      lock()
      // keytar's findCredentials dereferences NULL on a locked collection with items and kills the
      // process: the adapter must answer "locked" instead of calling it.
      out.accounts = await keyStore.accounts().then((a) => ({ ok: a }), failure)

      // A later start while locked: the first read is answered while the collection is locked and
      // the user unlocks right after (the unlock prompt), before Paydesk writes anything.
      let answered = false
      const racing = { ...keyStore, get: async (account) => { try { return await keyStore.get(account) } finally { if (!answered) { answered = true; unlock() } } } }
      const drafts2 = createDraftsDiskStore({ dataDir, secretStore: racing })
      out.whileLocked = await drafts2.list().then((v) => ({ ok: v.drafts.length, notices: v.notices }), failure)
      out.keyUnchanged = (await keytar.getPassword(service, DATA_KEY_ACCOUNT)) === keyBefore

      // Locked again, from a fresh start: no key may be minted, and the log says "locked".
      lock()
      out.mint = await getOrCreateDataKey(keyStore, { dataDir }).then(() => 'minted', failure)
      const log2 = createRequestLogService({ dataDir, getKey: () => getOrCreateDataKey(keyStore, { dataDir }), app: { name: 'Paydesk', version: 'test' } })
      await log2.ready()
      out.logWhileLocked = (await log2.list()).notice ?? null
      await log2.dispose()
      out.keyUnchangedAfterSecondLock = await (async () => { unlock(); return (await keytar.getPassword(service, DATA_KEY_ACCOUNT)) === keyBefore })()

      // Unlocked: everything is readable; nothing was set aside.
      out.afterUnlock = await drafts2.list().then((v) => ({ ok: v.drafts.length, notices: v.notices }), failure)
      const log3 = createRequestLogService({ dataDir, getKey: () => getOrCreateDataKey(keyStore, { dataDir }), app: { name: 'Paydesk', version: 'test' } })
      await log3.ready()
      out.logAfterUnlock = (await log3.list()).entries?.map((e) => e.id) ?? (await log3.list())
      await log3.dispose()
      out.damaged = existsSync(join(dataDir, 'drafts', 'damaged'))
    `)
    expect(out.thrown).toBeUndefined()
    expect(out.savedDraft).toBe(true)
    expect(out.hadKey).toBe(true)
    expect(out.accounts).toMatchObject({ name: 'KeychainUnavailableError', problem: 'locked' })
    expect(out.whileLocked).toMatchObject({ problem: 'locked' })
    expect(String((out.whileLocked as { message: string }).message)).toMatch(/locked/)
    expect(out.keyUnchanged).toBe(true)
    expect(out.mint).toMatchObject({ problem: 'locked' })
    expect(out.logWhileLocked).toMatch(/locked/)
    expect(out.keyUnchangedAfterSecondLock).toBe(true)
    expect(out.afterUnlock).toEqual({ ok: 1, notices: [] })
    expect(out.logAfterUnlock).toEqual(['req-before-lock'])
    expect(out.damaged).toBe(false)
  })
})
