import { mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { createMemorySecretStore } from '../../../helpers/memory-secret-store'
import {
  CACHED_DRAFTS,
  createDraftsDiskStore,
  DAMAGED_DIR,
  MAX_DRAFT_BYTES,
  VERSIONS_FILE,
} from '../../../../src/main/services/drafts'
import { getOrCreateDataKey } from '../../../../src/main/storage/encryption'
import { encodeLegacyDraftFile } from '../../helpers/legacy-formats'
import { emptyDraftContent, emptyDraftLine, type DraftContent } from '../../../../src/shared/order-builder'
import { present } from '../../../helpers/present'

const CUSTOMER = 'Grace Hopper-Unique'
const EMAIL = 'grace.unique@example.org'

function customerDraft(orderNumber = 'ORD-1'): DraftContent {
  return {
    ...emptyDraftContent('order'),
    orderNumber,
    billingAddress: { givenName: CUSTOMER, email: EMAIL, streetAndNumber: 'Keizersgracht 313' },
    lines: [{ ...emptyDraftLine('a'), name: 'Secret widget', unitPrice: '10.00' }],
  }
}

let dataDir: string
beforeEach(async () => {
  dataDir = await mkdtemp(path.join(os.tmpdir(), 'paydesk-drafts-'))
})
afterEach(async () => {
  await rm(dataDir, { recursive: true, force: true })
})

async function draftFiles(dir: string): Promise<string[]> {
  return (await readdir(dir)).filter((f) => f.endsWith('.draft'))
}

describe('drafts store', () => {
  it('saves, lists, reads, renames and deletes; a new draft gets its own idempotency key', async () => {
    const store = createDraftsDiskStore({ dataDir, secretStore: createMemorySecretStore() })
    const a = await store.save({ content: customerDraft('ORD-1') })
    const b = await store.save({ content: customerDraft('ORD-2') })
    expect(a.id).toMatch(/^drf_/)
    expect(a.idempotencyKey).not.toBe(b.idempotencyKey)
    expect(a.name).toBe('ORD-1')
    const again = await store.save({ id: a.id, content: customerDraft('ORD-1b') })
    expect(again.idempotencyKey).toBe(a.idempotencyKey) // editing keeps the key
    expect(again.name).toBe('ORD-1b') // the name follows the order number until renamed
    await store.rename(a.id, 'Call with Grace')
    expect((await store.save({ id: a.id, content: customerDraft('ORD-1c') })).name).toBe('Call with Grace')
    expect((await store.list()).drafts.map((d) => d.id).sort()).toEqual([a.id, b.id].sort())
    await store.delete(b.id)
    expect((await store.list()).drafts.map((d) => d.id)).toEqual([a.id])
    await expect(store.get(b.id)).rejects.toMatchObject({ code: 'not-found' })
  })

  it('stamps a new draft with the active connection, keeps it through edits and a restart, moves it on request', async () => {
    const secretStore = createMemorySecretStore()
    let active = { id: 'c1', label: 'Shop A' }
    const owner = async () => active
    const store = createDraftsDiskStore({ dataDir, secretStore, owner })
    const a = await store.save({ content: customerDraft('ORD-1') })
    expect(a.connection).toEqual({ id: 'c1', label: 'Shop A' })
    active = { id: 'c2', label: 'Shop B' }
    expect((await store.save({ id: a.id, content: customerDraft('ORD-1b') })).connection?.id).toBe('c1')
    const restarted = createDraftsDiskStore({ dataDir, secretStore, owner })
    expect((await restarted.list()).drafts[0]?.connection).toEqual({ id: 'c1', label: 'Shop A' })
    expect((await restarted.moveToActive(a.id)).connection).toEqual({ id: 'c2', label: 'Shop B' })
    expect((await restarted.get(a.id)).connection?.id).toBe('c2')
    // Without an owner (older callers) a draft belongs to no connection in particular.
    const plain = createDraftsDiskStore({ dataDir: path.join(dataDir, 'other'), secretStore })
    expect((await plain.save({ content: customerDraft('ORD-9') })).connection).toBeNull()
  })

  it('survives a restart: a new store on the same directory and keychain reads the drafts back', async () => {
    const secrets = createMemorySecretStore()
    const first = createDraftsDiskStore({ dataDir, secretStore: secrets })
    const saved = await first.save({ content: customerDraft() })
    const second = createDraftsDiskStore({ dataDir, secretStore: secrets })
    const read = await second.get(saved.id)
    expect(read.content).toEqual(customerDraft())
    expect(read.idempotencyKey).toBe(saved.idempotencyKey)
  })

  it('stores no plaintext customer data on disk', async () => {
    const store = createDraftsDiskStore({ dataDir, secretStore: createMemorySecretStore() })
    await store.save({ content: customerDraft() })
    const files = await draftFiles(store.directory)
    expect(files).toHaveLength(1)
    const bytes = await readFile(path.join(store.directory, present(files[0])))
    for (const needle of [CUSTOMER, EMAIL, 'Keizersgracht', 'Secret widget', 'ORD-1']) {
      expect(bytes.includes(Buffer.from(needle, 'utf8'))).toBe(false)
      expect(bytes.includes(Buffer.from(needle, 'utf16le'))).toBe(false)
    }
  })

  it('sets a tampered file aside with a clear notice instead of dropping it', async () => {
    const secrets = createMemorySecretStore()
    const store = createDraftsDiskStore({ dataDir, secretStore: secrets })
    const keep = await store.save({ content: customerDraft('KEEP') })
    const bad = await store.save({ content: customerDraft('TAMPER') })
    const file = path.join(store.directory, `${bad.id}.draft`)
    const bytes = await readFile(file)
    bytes[bytes.length - 3] = present(bytes[bytes.length - 3]) ^ 0xff
    await writeFile(file, bytes)

    const reopened = createDraftsDiskStore({ dataDir, secretStore: secrets })
    const list = await reopened.list()
    expect(list.drafts.map((d) => d.id)).toEqual([keep.id])
    expect(list.notices).toHaveLength(1)
    expect(list.notices[0]).toContain(`${bad.id}.draft`)
    expect(list.notices[0]).toMatch(/altered or damaged/)
    const damaged = await readdir(path.join(store.directory, DAMAGED_DIR))
    expect(damaged).toHaveLength(1)
    expect(await readFile(path.join(store.directory, DAMAGED_DIR, present(damaged[0])))).toEqual(bytes)
  })

  it('does not accept a file moved under another draft id (bound by associated data)', async () => {
    const secrets = createMemorySecretStore()
    const store = createDraftsDiskStore({ dataDir, secretStore: secrets })
    const a = await store.save({ content: customerDraft('A') })
    const b = await store.save({ content: customerDraft('B') })
    await writeFile(
      path.join(store.directory, `${b.id}.draft`),
      await readFile(path.join(store.directory, `${a.id}.draft`)),
    )
    const list = await createDraftsDiskStore({ dataDir, secretStore: secrets }).list()
    expect(list.drafts.map((d) => d.id)).toEqual([a.id])
    expect(list.notices[0]).toContain(b.id)
  })

  it('sets aside a file that is not an encrypted record at all', async () => {
    const secrets = createMemorySecretStore()
    const store = createDraftsDiskStore({ dataDir, secretStore: secrets })
    await store.list()
    await writeFile(path.join(store.directory, 'drf_garbage.draft'), 'hello')
    const list = await createDraftsDiskStore({ dataDir, secretStore: secrets }).list()
    expect(list.drafts).toEqual([])
    expect(list.notices[0]).toMatch(/drf_garbage\.draft could not be read/)
  })

  it('keeps the previous version when a write crashes midway', async () => {
    const secrets = createMemorySecretStore()
    const store = createDraftsDiskStore({ dataDir, secretStore: secrets })
    const saved = await store.save({ content: customerDraft('V1') })
    // A writer that dies after writing half of its temporary file, as a crash would leave it.
    const crashing = createDraftsDiskStore({
      dataDir,
      secretStore: secrets,
      writeFile: async (target, data) => {
        await writeFile(
          path.join(path.dirname(target), `.${path.basename(target)}.123.tmp`),
          data.subarray(0, data.length >> 1),
        )
        throw new Error('power cut')
      },
    })
    await expect(crashing.save({ id: saved.id, content: customerDraft('V2') })).rejects.toThrow('power cut')
    const after = createDraftsDiskStore({ dataDir, secretStore: secrets })
    const list = await after.list()
    expect(list.notices).toEqual([])
    expect((await after.get(saved.id)).content.orderNumber).toBe('V1')
  })

  it('refuses to edit an archived draft and keeps it listed with its order id', async () => {
    const store = createDraftsDiskStore({ dataDir, secretStore: createMemorySecretStore() })
    const d = await store.save({ content: customerDraft() })
    await store.update(d.id, (r) => ({
      ...r,
      archived: { at: new Date().toISOString(), orderId: 'ord_1', paymentId: null },
    }))
    await expect(store.save({ id: d.id, content: customerDraft('X') })).rejects.toMatchObject({ code: 'conflict' })
    expect(present((await store.list()).drafts[0]).archived?.orderId).toBe('ord_1')
  })

  it('keeps only real ids as the order and payment an archived draft made (the shared id schemas)', async () => {
    const store = createDraftsDiskStore({ dataDir, secretStore: createMemorySecretStore() })
    const d = await store.save({ content: customerDraft() })
    const archive = (orderId: string | null, paymentId: string | null) =>
      store.update(d.id, (r) => ({ ...r, archived: { at: new Date().toISOString(), orderId, paymentId } }))
    await expect(archive('ord 1', null)).rejects.toThrow(/Not an order id/)
    await expect(archive(null, 'tr_1/refunds')).rejects.toThrow(/Not a payment id/)
    expect(present((await store.list()).drafts[0]).archived).toBeNull()
    await archive('ord_1', 'tr_1')
    expect(present((await store.list()).drafts[0]).archived).toMatchObject({ orderId: 'ord_1', paymentId: 'tr_1' })
  })
})

describe('draft versions (issue 11 item 9: an old copy cannot be rolled back in)', () => {
  it('sets aside an older copy of a draft put back in place of the current one', async () => {
    const secrets = createMemorySecretStore()
    const store = createDraftsDiskStore({ dataDir, secretStore: secrets })
    const saved = await store.save({ content: customerDraft('V1') })
    const file = path.join(store.directory, `${saved.id}.draft`)
    const v1 = await readFile(file)
    await store.save({ id: saved.id, content: customerDraft('V2') })
    await writeFile(file, v1)
    const list = await createDraftsDiskStore({ dataDir, secretStore: secrets }).list()
    expect(list.drafts).toEqual([])
    expect(list.notices.join(' ')).toMatch(/older copy \(version 1; the draft was at version 2\)/)
    expect(await readdir(path.join(store.directory, DAMAGED_DIR))).toHaveLength(1)
  })

  it('sets aside a copy of a deleted draft put back', async () => {
    const secrets = createMemorySecretStore()
    const store = createDraftsDiskStore({ dataDir, secretStore: secrets })
    const saved = await store.save({ content: customerDraft('V1') })
    await store.save({ id: saved.id, content: customerDraft('V2') })
    const file = path.join(store.directory, `${saved.id}.draft`)
    const copy = await readFile(file)
    await store.delete(saved.id)
    await writeFile(file, copy)
    const list = await createDraftsDiskStore({ dataDir, secretStore: secrets }).list()
    expect(list.drafts).toEqual([])
    expect(list.notices.join(' ')).toMatch(/deleted/)
  })

  it('keeps the newer draft when the app stopped between writing it and its version', async () => {
    const secrets = createMemorySecretStore()
    const store = createDraftsDiskStore({ dataDir, secretStore: secrets })
    const saved = await store.save({ content: customerDraft('V1') })
    const stopping = createDraftsDiskStore({
      dataDir,
      secretStore: secrets,
      writeFile: async (target, data) => {
        if (path.basename(target) === VERSIONS_FILE) throw new Error('power cut')
        await writeFile(target, data)
      },
    })
    await expect(stopping.save({ id: saved.id, content: customerDraft('V2') })).rejects.toThrow('power cut')
    const after = createDraftsDiskStore({ dataDir, secretStore: secrets })
    const list = await after.list()
    expect(list.notices).toEqual([])
    expect((await after.get(saved.id)).content.orderNumber).toBe('V2')
  })

  it('reads drafts of the first format once, then refuses that format', async () => {
    const secrets = createMemorySecretStore()
    const store = createDraftsDiskStore({ dataDir, secretStore: secrets })
    const saved = await store.save({ content: customerDraft('OLD') })
    const record = await store.read(saved.id)
    const key = await getOrCreateDataKey(secrets, { dataDir })
    const legacy = encodeLegacyDraftFile(key, record)
    // A data folder from before versions were kept: first-format files and no versions file.
    await rm(path.join(store.directory, VERSIONS_FILE))
    await writeFile(path.join(store.directory, `${saved.id}.draft`), legacy)
    const migrated = createDraftsDiskStore({ dataDir, secretStore: secrets })
    expect((await migrated.get(saved.id)).content.orderNumber).toBe('OLD')
    expect((await migrated.list()).notices).toEqual([])
    const rewritten = await readFile(path.join(store.directory, `${saved.id}.draft`))
    expect(rewritten.subarray(0, 4).toString('ascii')).toBe('PDR2')
    // Put back afterwards, the first-format copy is an old copy.
    await writeFile(path.join(store.directory, `${saved.id}.draft`), legacy)
    const list = await createDraftsDiskStore({ dataDir, secretStore: secrets }).list()
    expect(list.drafts).toEqual([])
    expect(list.notices.join(' ')).toMatch(/before draft versions were kept/)
  })
})

describe('the versions file itself (issue 22 item 7: its deletion or rollback is not silently accepted)', () => {
  it('says which drafts it cannot vouch for when the versions file was deleted', async () => {
    const secrets = createMemorySecretStore()
    const store = createDraftsDiskStore({ dataDir, secretStore: secrets })
    const saved = await store.save({ content: customerDraft('V1') })
    await store.rename(saved.id, 'Order for Mrs Jansen')
    await rm(path.join(store.directory, VERSIONS_FILE))
    const list = await createDraftsDiskStore({ dataDir, secretStore: secrets }).list()
    expect(list.drafts).toHaveLength(1)
    expect(list.notices.join(' ')).toMatch(/versions.seal\) was deleted.*“Order for Mrs Jansen”/)
  })

  it('says so when an older versions file was put back together with an older draft', async () => {
    const secrets = createMemorySecretStore()
    const store = createDraftsDiskStore({ dataDir, secretStore: secrets })
    const saved = await store.save({ content: customerDraft('V1') })
    const seal = path.join(store.directory, VERSIONS_FILE)
    const oldSeal = await readFile(seal)
    for (const v of ['V2', 'V3', 'V4']) await store.save({ id: saved.id, content: customerDraft(v) })
    // A newer draft file than the versions file says: the versions file alone was rolled back.
    await writeFile(seal, oldSeal)
    const list = await createDraftsDiskStore({ dataDir, secretStore: secrets }).list()
    expect(list.notices.join(' ')).toMatch(/older than the drafts/)
  })
})

describe('drafts are bounded by bytes (issue 11 item 8)', () => {
  it('refuses a draft over the size cap with a clear error, keeping the saved version', async () => {
    const secrets = createMemorySecretStore()
    const store = createDraftsDiskStore({ dataDir, secretStore: secrets })
    const saved = await store.save({ content: customerDraft('SMALL') })
    const huge = customerDraft('HUGE')
    // Every field within its own limit; together far over the draft's size cap.
    huge.lines = Array.from({ length: 300 }, (_, i) => ({
      ...emptyDraftLine(`l${i}`),
      name: 'x'.repeat(2000),
      metadata: JSON.stringify({ note: 'y'.repeat(2000) }),
    }))
    expect(Buffer.byteLength(JSON.stringify(huge))).toBeGreaterThan(MAX_DRAFT_BYTES)
    await expect(store.save({ id: saved.id, content: huge })).rejects.toMatchObject({
      code: 'invalid-input',
      message: expect.stringMatching(/at most 1 MB\. Nothing was saved; the last saved version is kept/),
    })
    await expect(store.save({ content: huge })).rejects.toMatchObject({ code: 'invalid-input' })
    const again = createDraftsDiskStore({ dataDir, secretStore: secrets })
    expect((await again.get(saved.id)).content.orderNumber).toBe('SMALL')
    expect((await again.list()).drafts).toHaveLength(1)
  })

  it('keeps only the recently used drafts whole in memory; the others are read, and checked, from their files', async () => {
    const secrets = createMemorySecretStore()
    const store = createDraftsDiskStore({ dataDir, secretStore: secrets })
    const first = await store.save({ content: customerDraft('FIRST') })
    const file = path.join(store.directory, `${first.id}.draft`)
    const v1 = await readFile(file)
    await store.save({ id: first.id, content: customerDraft('FIRST-v2') })
    for (let i = 0; i < CACHED_DRAFTS + 2; i++) await store.save({ content: customerDraft(`N-${i}`) })
    // The first draft is no longer held whole: an older copy put in its place is read and refused.
    await writeFile(file, v1)
    await expect(store.get(first.id)).rejects.toMatchObject({ code: 'not-found' })
    const list = await store.list()
    expect(list.drafts.map((d) => d.id)).not.toContain(first.id)
    expect(list.notices.join(' ')).toMatch(/older copy/)
    // A recent one is still served, and the list shows every summary.
    expect(list.drafts).toHaveLength(CACHED_DRAFTS + 2)
  })
})
