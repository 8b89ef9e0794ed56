// Issue 22 item 7 (threat: someone with write access to the data folder replaces a file there with a
// link to another file of the user's). Paydesk refuses the link: it never reads, appends to or
// truncates the file it points to, and what the link stood for is set aside with a notice.
import { randomBytes } from 'node:crypto'
import { mkdtemp, mkdir, readFile, rm, symlink, writeFile, lstat } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { openSearchIndex, indexFileName } from '../../../../src/main/search/index-db'
import { loadConnectionsFile } from '../../../../src/main/services/connections/store'
import { createDraftsDiskStore } from '../../../../src/main/services/drafts'
import { createRequestLogStore, segmentFileName } from '../../../../src/main/services/request-log/store'
import { readJsonFile } from '../../../../src/main/storage/atomic-file'
import { createMemorySecretStore } from '../../../helpers/memory-secret-store'

let root: string
let dataDir: string
/** A file of the user's outside the data folder, the link's target. */
let precious: string
const CONTENT = 'the user’s own file: must be neither read into Paydesk nor changed\n'.repeat(20)

beforeEach(async () => {
  root = await mkdtemp(path.join(tmpdir(), 'paydesk-links-'))
  dataDir = path.join(root, 'data')
  await mkdir(dataDir, { recursive: true })
  precious = path.join(root, 'precious.txt')
  await writeFile(precious, CONTENT)
})
afterEach(async () => {
  await rm(root, { recursive: true, force: true })
})

async function untouched(): Promise<void> {
  expect(await readFile(precious, 'utf8')).toBe(CONTENT)
}

describe('links in the data folder are refused (issue 22 item 7)', () => {
  it('a JSON settings file that is a link is set aside (the link, not its target)', async () => {
    const file = path.join(dataDir, 'window-state.json')
    await symlink(precious, file)
    const result = await readJsonFile(file, (raw) => raw)
    expect(result).toMatchObject({ status: 'corrupt', reason: expect.stringMatching(/link/) })
    await expect(lstat(file)).rejects.toMatchObject({ code: 'ENOENT' })
    await untouched()
  })

  it('connections.json as a link: only the Sandbox, a notice, the target untouched', async () => {
    await symlink(precious, path.join(dataDir, 'connections.json'))
    const loaded = await loadConnectionsFile(dataDir)
    expect(loaded.file).toBeNull()
    expect(loaded.notice).toMatch(/link to another file/)
    await untouched()
  })

  it('a draft that is a link is set aside with a notice; the other drafts stay', async () => {
    const secrets = createMemorySecretStore()
    const drafts = createDraftsDiskStore({ dataDir, secretStore: secrets })
    const kept = await drafts.save({ content: { kind: 'payment' } as never }).catch(() => null)
    await symlink(precious, path.join(drafts.directory, 'drf_linked00000000.draft'))
    const list = await createDraftsDiskStore({ dataDir, secretStore: secrets }).list()
    expect(list.notices.join(' ')).toMatch(/link to another file/)
    if (kept) expect(list.drafts.map((d) => d.id)).toEqual([kept.id])
    await untouched()
  })

  it('a request-log segment that is a link is neither read, appended to nor truncated', async () => {
    const dir = path.join(dataDir, 'request-log')
    await mkdir(dir, { recursive: true })
    await symlink(precious, path.join(dir, segmentFileName(1)))
    const store = createRequestLogStore({ dir, key: randomBytes(32) })
    const loaded = await store.load()
    expect(loaded.outOfPlace).toBe(1)
    await store.append([
      {
        id: 'req-1',
        seq: 1,
        connection: { id: 'sandbox', label: 'Sandbox' },
        method: 'GET',
        requestClass: 'read',
        idempotencyKey: null,
        origin: null,
        notes: [],
        attempts: [],
        tags: [],
      } as never,
    ])
    await store.close()
    await untouched()
  })

  it('a search index file that is a link is set aside and a fresh index made', async () => {
    const dir = path.join(dataDir, 'search-index')
    await mkdir(dir, { recursive: true })
    await symlink(precious, path.join(dir, indexFileName('conn_links00000001')))
    const { index, notice } = await openSearchIndex({
      dir,
      connectionId: 'conn_links00000001',
      key: randomBytes(32),
      yieldFn: async () => {},
    })
    expect(notice).toMatch(/link/)
    expect(index.count('payments')).toBe(0)
    index.close()
    await untouched()
  })
})
