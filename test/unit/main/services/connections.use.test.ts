// The connections service in use: last used, the connection test, a damaged or untrusted
// connections.json, and the IPC handlers (the setup: test/unit/helpers/connections-fixture.ts).
import { readdir, readFile, writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { UserFacingError } from '../../../../src/main/errors'
import {
  createConnectionHandlers,
  createConnectionsService,
  type ConnectionsService,
} from '../../../../src/main/services/connections'
import { createEventBus } from '../../../../src/main/services/event-bus'
import { present } from '../../../helpers/present'
import { LIVE_KEY, TEST_KEY, build, call, failure, fx, useConnectionsFixture } from '../../helpers/connections-fixture'

useConnectionsFixture()

describe('last used means used successfully (issue 16 item 9)', () => {
  it('a failed test does not stamp "Last used"; a successful one does', async () => {
    const { id } = await fx.service.add({ label: 'Revoked', secret: LIVE_KEY })
    fx.knownSecrets.delete(LIVE_KEY) // the service now refuses the key
    expect(await fx.service.test(id)).toMatchObject({ ok: false })
    await fx.service.dispose()
    let reloaded = build()
    expect(present((await reloaded.list()).connections.find((c) => c.id === id)).lastUsedAt).toBeNull()
    fx.knownSecrets.add(LIVE_KEY)
    expect(await reloaded.test(id)).toMatchObject({ ok: true })
    await reloaded.dispose()
    reloaded = build()
    expect(present((await reloaded.list()).connections.find((c) => c.id === id)).lastUsedAt).toBe(
      '2026-11-22T10:00:00.000Z',
    )
    await reloaded.dispose()
  })

  it('reading a credential for a request is not a use; an accepted answer is (markUsed)', async () => {
    const { id } = await fx.service.add({ label: 'Acme', secret: TEST_KEY })
    const client = (await fx.service.getClient(id)) as unknown as { listPayments(q: unknown): Promise<unknown> }
    fx.knownSecrets.delete(TEST_KEY)
    await expect(client.listPayments({ limit: 1 })).rejects.toThrow()
    fx.service.markUsed(id)
    await fx.service.dispose()
    const reloaded = build()
    expect(present((await reloaded.list()).connections.find((c) => c.id === id)).lastUsedAt).toBe(
      '2026-11-22T10:00:00.000Z',
    )
    await reloaded.dispose()
  })
})

describe('test', () => {
  it('returns ok with mode and a summary for a known key', async () => {
    const { id } = await fx.service.add({ label: 'Acme', secret: LIVE_KEY })
    const result = await call(fx.service.test(id))
    expect(result).toMatchObject({ ok: true, id, kind: 'api-key', mode: 'live' })
    if (result.ok) expect(result.summary).toMatch(/live mode/)
  })

  it("returns the service's error view for a rejected key", async () => {
    const { id } = await fx.service.add({ label: 'Acme', secret: LIVE_KEY })
    fx.knownSecrets.delete(LIVE_KEY)
    const result = await call(fx.service.test(id))
    expect(result).toMatchObject({ ok: false, id, error: { code: 'api-error', api: { status: 401 } } })
  })

  it('says so when the keychain has lost the secret', async () => {
    const { id } = await fx.service.add({ label: 'Acme', secret: LIVE_KEY })
    await fx.store.delete(id)
    const result = await call(fx.service.test(id))
    expect(result).toMatchObject({ ok: false, error: { code: 'not-found' } })
    if (!result.ok) expect(result.error.message).toContain('live_…bC1d')
  })

  it('redacts the secret should an error ever quote it', async () => {
    const leaky = createConnectionsService({
      dataDir: fx.dir,
      secretStore: fx.store,
      events: createEventBus(),
      sandbox: { start: () => Promise.reject(new Error('unused')) },
      createClient: (options) => ({
        async listPayments() {
          const { secret } = await options.getCredential()
          throw new UserFacingError('api-error', `Bearer ${secret} was refused`)
        },
      }),
    })
    const { id } = await leaky.add({ label: 'Acme', secret: LIVE_KEY })
    const result = await call(leaky.test(id))
    expect(result).toMatchObject({ ok: false, error: { message: 'Bearer live_…bC1d was refused' } })
  })

  it('reports an unknown id', async () => {
    expect(await failure(fx.service.test('conn_missing'))).toMatchObject({ code: 'not-found' })
  })
})

describe('a damaged connections.json', () => {
  it('is set aside as .bak, leaving the Sandbox and a notice', async () => {
    await writeFile(join(fx.dir, 'connections.json'), '{ "version": 1, "activeId": "conn_')
    const list = await call(fx.service.list())
    expect(list.connections.map((c) => c.id)).toEqual(['sandbox'])
    expect(list.activeId).toBe('sandbox')
    expect(list.notice).toMatch(/could not be read/)
    const files = await readdir(fx.dir)
    const backup = files.find((f) => f.endsWith('.bak'))
    expect(backup).toBeDefined()
    expect(await readFile(join(fx.dir, present(backup)), 'utf8')).toBe('{ "version": 1, "activeId": "conn_')
    // Adding afterwards writes a fresh file and keeps the backup.
    await fx.service.add({ label: 'Acme', secret: LIVE_KEY })
    expect(await readdir(fx.dir)).toContain(backup)
  })

  it('falls back to the Sandbox when the saved active id is unknown', async () => {
    await writeFile(
      join(fx.dir, 'connections.json'),
      JSON.stringify({ version: 1, activeId: 'conn_gone', connections: [] }),
    )
    expect((await fx.service.list()).activeId).toBe('sandbox')
  })
})

describe('connections.json is input, not trusted (issue 11 item 4)', () => {
  async function savedFile(): Promise<{ version: number; activeId: string; connections: Record<string, unknown>[] }> {
    return JSON.parse(await readFile(join(fx.dir, 'connections.json'), 'utf8'))
  }
  async function editEntry(id: string, change: Record<string, unknown>): Promise<void> {
    const file = await savedFile()
    file.connections = file.connections.map((c) => (c.id === id ? { ...c, ...change } : c))
    await writeFile(join(fx.dir, 'connections.json'), JSON.stringify(file))
  }
  /** A restart: a new service over the same folder and keychain. */
  async function restart(): Promise<ConnectionsService> {
    await fx.service.dispose()
    fx.service = build()
    return fx.service
  }

  it('sets aside an entry whose baseUrl was edited to plain http off this machine; the others stay usable', async () => {
    const shop = await call(fx.service.add({ label: 'Shop', secret: LIVE_KEY }))
    const other = await call(fx.service.add({ label: 'Other', secret: TEST_KEY }))
    await editEntry(shop.id, { baseUrl: 'http://attacker.example/v2' })
    await restart()
    const list = await call(fx.service.list())
    expect(list.connections.map((c) => c.id)).toEqual(['sandbox', other.id])
    expect(list.notice).toMatch(/Shop/)
    expect(list.notice).toMatch(/https/)
    expect(await failure(fx.service.test(shop.id))).toMatchObject({ code: 'not-found' })
    expect(fx.clientOptions.some((o) => o.baseUrl.includes('attacker'))).toBe(false)
    expect(fx.credentialsSeen.some((c) => JSON.stringify(c).includes(LIVE_KEY))).toBe(false)
    expect(await call(fx.service.test(other.id))).toMatchObject({ ok: true })
  })

  it('never sends the key to an https baseUrl edited to point elsewhere', async () => {
    const shop = await call(fx.service.add({ label: 'Shop', secret: LIVE_KEY }))
    await editEntry(shop.id, { baseUrl: 'https://attacker.example/v2' })
    await restart()
    const result = await call(fx.service.test(shop.id))
    expect(result.ok).toBe(false)
    expect(JSON.stringify(result)).toMatch(/changed outside Paydesk/)
    expect(fx.credentialsSeen.some((c) => JSON.stringify(c).includes(LIVE_KEY))).toBe(false)
  })

  it('refuses entries that break the rules for adding a connection', async () => {
    const shop = await call(fx.service.add({ label: 'Shop', secret: LIVE_KEY }))
    const edits: Record<string, unknown>[] = [
      { id: '__paydesk-data-key__' }, // an id naming another keychain entry
      { id: '../../etc' },
      { mode: 'test' }, // a live_ key shown as test
      { kind: 'organization-token' },
      { profileId: 'pfl_x', testmode: true }, // options an API key may not carry
      { baseUrl: 'https://user:pw@api.example/v2' },
      { baseUrl: 'ftp://127.0.0.1/v2' },
      { label: 'live_Zq8PwX3mN5rT7vY9bC1d' },
      { extra: 'field' },
    ]
    for (const edit of edits) {
      await writeFile(
        join(fx.dir, 'connections.json'),
        JSON.stringify({ version: 1, activeId: shop.id, connections: [] }),
      )
      const pristine = await savedFile()
      pristine.connections = []
      await writeFile(join(fx.dir, 'connections.json'), JSON.stringify(pristine))
      await restart()
      // Re-add, then edit the fresh entry and restart.
      const added = await call(fx.service.add({ label: 'Shop', secret: LIVE_KEY }))
      await editEntry(added.id, edit)
      await restart()
      const list = await call(fx.service.list())
      expect(
        list.connections.map((c) => c.id),
        JSON.stringify(edit),
      ).toEqual(['sandbox'])
      expect(list.notice, JSON.stringify(edit)).toMatch(/set aside/)
      expect(list.activeId).toBe('sandbox')
    }
    expect(fx.credentialsSeen.some((c) => JSON.stringify(c).includes(LIVE_KEY))).toBe(false)
  })
})

describe('IPC handlers', () => {
  it('map each channel to the service', async () => {
    const handlers = createConnectionHandlers(fx.service, {
      rememberSecret: () => {},
      refusal: async () => null,
      removed: async () => {},
    })
    const ctx = { senderUrl: 'app://paydesk/' }
    const added = await call(Promise.resolve(handlers['connections.add']({ label: 'Acme', secret: LIVE_KEY }, ctx)))
    await call(Promise.resolve(handlers['connections.rename']({ id: added.id, label: 'Acme 2' }, ctx)))
    expect(await call(Promise.resolve(handlers['connections.setActive']({ id: added.id }, ctx)))).toMatchObject({
      isLive: true,
    })
    expect(await call(Promise.resolve(handlers['connections.active'](undefined, ctx)))).toMatchObject({
      id: added.id,
      label: 'Acme 2',
    })
    expect(await call(Promise.resolve(handlers['connections.test']({ id: added.id }, ctx)))).toMatchObject({ ok: true })
    expect((await call(Promise.resolve(handlers['connections.list'](undefined, ctx)))).connections).toHaveLength(2)
    expect(await call(Promise.resolve(handlers['connections.remove']({ id: added.id }, ctx)))).toEqual({
      removed: true,
      activeId: 'sandbox',
    })
  })

  it('tell the rest of main: the secret before it is used, the refusal beside the notice, the removal', async () => {
    const told: string[] = []
    const handlers = createConnectionHandlers(fx.service, {
      rememberSecret: (secret) => void told.push(`secret ${secret === LIVE_KEY ? 'the key' : 'another'}`),
      refusal: async (active) => `Not on this desk: ${active.label}.`,
      removed: async (id) => void told.push(`removed ${id}`),
    })
    const ctx = { senderUrl: 'app://paydesk/' }
    const added = await call(Promise.resolve(handlers['connections.add']({ label: 'Acme', secret: LIVE_KEY }, ctx)))
    await call(Promise.resolve(handlers['connections.setActive']({ id: added.id }, ctx)))
    expect((await call(Promise.resolve(handlers['connections.list'](undefined, ctx)))).notice).toBe(
      'Not on this desk: Acme.',
    )
    await call(Promise.resolve(handlers['connections.remove']({ id: added.id }, ctx)))
    expect(told).toEqual(['secret the key', `removed ${added.id}`])
  })
})
