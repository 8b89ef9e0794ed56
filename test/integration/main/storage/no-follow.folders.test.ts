// Issue 45 item 7 (threat: someone with write access to the data folder replaces one of Paydesk's
// folders, request-log/, drafts/ or search-index/, with a link to a folder elsewhere, so Paydesk
// writes customers' data there). Each is refused with a clear message: nothing is read from or
// written to the outside folder, and nothing the person had (the link, what it points to) is removed.
import { randomBytes } from 'node:crypto'
import { lstat, mkdir, mkdtemp, readdir, readFile, rm, symlink, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { openSearchIndex } from '../../../../src/main/search/index-db'
import { createDraftsDiskStore } from '../../../../src/main/services/drafts'
import { createRequestLogService } from '../../../../src/main/services/request-log'
import { createRequestLogStore } from '../../../../src/main/services/request-log/store'
import { ensurePlainFolder, LinkedFolderError } from '../../../../src/main/storage/no-follow'
import { createMemorySecretStore } from '../../../helpers/memory-secret-store'
import { startTestApp } from '../../helpers/app-services'
import { attemptEvent } from '../../../unit/helpers/request-log-fixtures'

let root: string
let dataDir: string
/** A folder of the user's outside the data folder, the link's target, with one file of theirs. */
let outside: string
const THEIRS = 'the user’s own file\n'

beforeEach(async () => {
  root = await mkdtemp(path.join(tmpdir(), 'paydesk-linked-folders-'))
  dataDir = path.join(root, 'data')
  outside = path.join(root, 'outside')
  await mkdir(dataDir, { recursive: true })
  await mkdir(outside, { recursive: true })
  await writeFile(path.join(outside, 'theirs.txt'), THEIRS)
})
afterEach(async () => {
  await rm(root, { recursive: true, force: true })
})

/** The outside folder holds exactly what it held, and the link is still there. */
async function untouched(link: string): Promise<void> {
  expect(await readdir(outside)).toEqual(['theirs.txt'])
  expect(await readFile(path.join(outside, 'theirs.txt'), 'utf8')).toBe(THEIRS)
  expect((await lstat(link)).isSymbolicLink()).toBe(true)
}

describe('linked folders in the data folder are refused (issue 45 item 7)', () => {
  it('request-log/ as a link: the log stays in memory, says why, and writes nothing through the link', async () => {
    const link = path.join(dataDir, 'request-log')
    await symlink(outside, link, 'dir')
    const log = createRequestLogService({
      dataDir,
      getKey: async () => randomBytes(32),
      secretValues: () => [],
      emit: () => {},
      app: { name: 'Paydesk', version: 'test' },
      flushIntervalMs: 5,
      eventIntervalMs: 5,
    })
    await log.ready()
    log.record(attemptEvent({ requestId: 'a', status: 200, outcome: 'success' }), { id: 'sandbox', label: 'Sandbox' })
    await log.flush()
    const listed = await log.list()
    expect(listed.entries.map((e) => e.id)).toEqual(['a'])
    expect(listed.persisted).toBe(false)
    expect(listed.notice).toMatch(/folder “request-log” in Paydesk’s data folder is a link to another place/)
    await log.dispose()
    await untouched(link)
  })

  it('the request-log store itself refuses the linked folder before it creates or truncates anything', async () => {
    const link = path.join(dataDir, 'request-log')
    await symlink(outside, link, 'dir')
    const store = createRequestLogStore({ dir: link, key: randomBytes(32) })
    await expect(store.load()).rejects.toBeInstanceOf(LinkedFolderError)
    await untouched(link)
  })

  it('drafts/ as a link: listing and saving are refused with a clear message; nothing lands outside', async () => {
    const link = path.join(dataDir, 'drafts')
    await symlink(outside, link, 'dir')
    const drafts = createDraftsDiskStore({ dataDir, secretStore: createMemorySecretStore() })
    await expect(drafts.list()).rejects.toMatchObject({
      message: expect.stringMatching(/folder “drafts” .* is a link to another place.*restart Paydesk/),
    })
    await expect(drafts.save({ content: { kind: 'payment' } as never })).rejects.toBeInstanceOf(Error)
    await untouched(link)
  })

  it('search-index/ as a link: the index is not opened, the outside folder gets no database', async () => {
    const link = path.join(dataDir, 'search-index')
    await symlink(outside, link, 'dir')
    await expect(
      openSearchIndex({ dir: link, connectionId: 'conn_links00000001', key: randomBytes(32), yieldFn: async () => {} }),
    ).rejects.toBeInstanceOf(LinkedFolderError)
    await untouched(link)
  })

  it('search-index/ as a link through the app: a search says why, and no file in the outside folder is removed', async () => {
    const link = path.join(dataDir, 'search-index')
    await symlink(outside, link, 'dir')
    // A file of the user's that looks like an index of a connection Paydesk does not know.
    await writeFile(path.join(outside, 'theirs.sqlite'), THEIRS)
    const app = await startTestApp(dataDir, { sandboxOptions: { seedPayments: 0 } })
    try {
      const reply = (await app.invoke('search.query', { text: 'ada' })) as unknown as {
        ok: boolean
        error?: { message: string }
      }
      expect(reply.ok).toBe(false)
      expect(reply.error?.message).toMatch(/folder “search-index” .* is a link to another place/)
    } finally {
      await app.services.dispose()
    }
    expect((await readdir(outside)).sort()).toEqual(['theirs.sqlite', 'theirs.txt'])
    expect((await lstat(link)).isSymbolicLink()).toBe(true)
  })

  it('a plain folder is made when missing (owner only), and a file in a folder’s place is refused', async () => {
    const made = path.join(dataDir, 'request-log')
    await ensurePlainFolder(made)
    expect((await lstat(made)).isDirectory()).toBe(true)
    expect((await lstat(made)).mode & 0o777).toBe(0o700)
    const file = path.join(dataDir, 'drafts')
    await writeFile(file, 'not a folder')
    await expect(ensurePlainFolder(file)).rejects.toMatchObject({ what: 'not-a-folder' })
    expect(await readFile(file, 'utf8')).toBe('not a folder')
  })
})
