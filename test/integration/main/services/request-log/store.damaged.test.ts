// Issue 45 item 8 (threat: one damaged record, such as a zeroed length word, made Paydesk cut the
// segment on disk at the damage, 4,188 bytes to 1,396, losing every readable record behind it).
// Real files in a temporary folder: the damaged segment is set aside as a copy, byte for byte, and
// every record that still reads is kept, on disk too.
import { randomBytes } from 'node:crypto'
import { mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { createRequestLogService } from '../../../../../src/main/services/request-log'
import { REQUEST_LOG_DIR } from '../../../../../src/main/services/request-log/load'
import { createRequestLogStore, segmentFileName } from '../../../../../src/main/services/request-log/store'
import { attemptEvent } from '../../../../unit/helpers/request-log-fixtures'

const key = randomBytes(32)
const SANDBOX = { id: 'sandbox', label: 'Sandbox' }
let dataDir: string
let dir: string

beforeEach(async () => {
  dataDir = await mkdtemp(path.join(os.tmpdir(), 'paydesk-damaged-segment-'))
  dir = path.join(dataDir, REQUEST_LOG_DIR)
})
afterEach(async () => {
  await rm(dataDir, { recursive: true, force: true })
})

function service() {
  return createRequestLogService({
    dataDir,
    getKey: async () => key,
    secretValues: () => [],
    emit: () => {},
    app: { name: 'Paydesk', version: 'test' },
    flushIntervalMs: 5,
    eventIntervalMs: 5,
  })
}

/** Three requests written through the real service; answers the segment's bytes and record offsets. */
async function threeRequests(): Promise<{ file: string; bytes: Buffer; offsets: number[] }> {
  const log = service()
  await log.ready()
  for (const id of ['a', 'b', 'c']) {
    log.record(attemptEvent({ requestId: id, status: 200, outcome: 'success' }), SANDBOX)
    await log.flush()
  }
  await log.dispose()
  const file = path.join(dir, segmentFileName(1))
  const bytes = await readFile(file)
  const offsets: number[] = []
  for (let offset = 0; offset < bytes.length; offset += 8 + (bytes.readUInt32BE(offset) & 0x7fff_ffff)) {
    offsets.push(offset)
  }
  expect(offsets).toHaveLength(3)
  return { file, bytes, offsets }
}

describe('a damaged request-log record never cuts the segment on disk', () => {
  it('a zeroed length word: the segment is copied aside as it was, and the records behind it are kept', async () => {
    const { file, bytes, offsets } = await threeRequests()
    const damaged = Buffer.from(bytes)
    damaged.writeUInt32BE(0, offsets[1] ?? -1) // request b's length word
    await writeFile(file, damaged)

    const log = service()
    const listed = await log.list()
    expect(listed.entries.map((e) => e.id).sort()).toEqual(['a', 'c'])
    expect(listed.notice).toMatch(/damaged request-log file was copied to segment-000001\.log\.damaged-.*kept/)
    await log.dispose()

    // The copy holds the segment exactly as it was found; the segment holds every readable record.
    const names = await readdir(dir)
    const copy = names.find((n) => n.startsWith(`${segmentFileName(1)}.damaged-`))
    expect(copy).toBeDefined()
    expect((await readFile(path.join(dir, copy ?? ''))).equals(damaged)).toBe(true)
    const store = createRequestLogStore({ dir, key })
    const again = await store.load()
    expect(again.entries.map((e) => e.id).sort()).toEqual(['a', 'c'])
    expect(again).toMatchObject({ dropped: 0, outOfPlace: 0, cutFromEnd: 0, setAside: [] })
    await store.close()
  })

  it('a length word made huge in the first record: the two after it are still read and kept', async () => {
    const { file, bytes } = await threeRequests()
    const damaged = Buffer.from(bytes)
    damaged.writeUInt32BE(0xffff_ffff, 0)
    await writeFile(file, damaged)
    const store = createRequestLogStore({ dir, key })
    const loaded = await store.load()
    expect(loaded.entries.map((e) => e.id).sort()).toEqual(['b', 'c'])
    expect(loaded.dropped).toBe(1)
    expect(loaded.setAside).toHaveLength(1)
    // New requests land behind the kept ones, and all read back.
    await store.close()
    const log = service()
    await log.ready()
    log.record(attemptEvent({ requestId: 'd', status: 200, outcome: 'success' }), SANDBOX)
    await log.flush()
    await log.dispose()
    const reread = await createRequestLogStore({ dir, key }).load()
    expect(reread.entries.map((e) => e.id).sort()).toEqual(['b', 'c', 'd'])
    expect(reread.dropped).toBe(0)
  })

  it('a record cut by a crash at the end is still cut away, with no copy (nothing readable was behind it)', async () => {
    const { file, bytes, offsets } = await threeRequests()
    await writeFile(file, bytes.subarray(0, (offsets[2] ?? 0) + 20))
    const store = createRequestLogStore({ dir, key })
    const loaded = await store.load()
    expect(loaded.entries.map((e) => e.id).sort()).toEqual(['a', 'b'])
    expect(loaded.setAside).toEqual([])
    await store.close()
    expect((await readFile(file)).length).toBe(offsets[2])
  })
})
