import { MANIFEST_FILE } from '../../../../../src/main/services/request-log/manifest'
import { randomBytes } from 'node:crypto'
import { mkdtemp, readdir, readFile, rm, stat, truncate, writeFile } from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { createRequestLogStore, segmentFileName } from '../../../../../src/main/services/request-log/store'
import type { RequestLogEntry } from '../../../../../src/shared/request-log-types'
import { createRedactor } from '../../../../../src/main/services/request-log/redaction'
import { encodeLegacyRecord } from '../../../helpers/legacy-formats'
import { attemptEvent } from '../../../helpers/request-log-fixtures'
import { present } from '../../../../helpers/present'

const redactor = createRedactor()
/** A record's header: length word (top bit: positioned) and its position. */
const HEADER = 8
let dir: string
const key = randomBytes(32)

function entry(seq: number, bodyBytes = 200): RequestLogEntry {
  const event = attemptEvent({
    requestId: `req-${seq}`,
    responseBody: JSON.stringify({ marker: `PLAINTEXT-MARKER-${seq}`, pad: 'x'.repeat(bodyBytes) }),
  })
  return {
    id: event.requestId,
    seq,
    connection: { id: 'sandbox', label: 'Sandbox' },
    method: event.method,
    requestClass: event.requestClass,
    idempotencyKey: event.idempotencyKey,
    origin: event.origin,
    notes: [],
    attempts: [redactor.attempt(event)],
    tags: [],
  }
}

async function segmentFiles(): Promise<string[]> {
  return (await readdir(dir)).filter((n) => n.startsWith('segment-')).sort()
}

async function totalBytes(): Promise<number> {
  let sum = 0
  for (const name of await segmentFiles()) sum += (await stat(path.join(dir, name))).size
  return sum
}

beforeEach(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), 'paydesk-reqlog-'))
})
afterEach(async () => {
  await rm(dir, { recursive: true, force: true })
})

describe('request log store', () => {
  it('reads back what it wrote, the latest snapshot of an entry winning', async () => {
    const store = createRequestLogStore({ dir, key })
    await store.load()
    await store.append([entry(1), entry(2)])
    await store.append([{ ...entry(1), tags: ['CASE-1'] }])
    await store.close()
    const again = createRequestLogStore({ dir, key })
    const { entries, dropped } = await again.load()
    expect(dropped).toBe(0)
    expect(entries.map((e) => [e.id, e.tags])).toEqual([
      ['req-1', ['CASE-1']],
      ['req-2', []],
    ])
    await again.close()
  })

  it('stores no plaintext: neither body text nor ids appear in the files', async () => {
    const store = createRequestLogStore({ dir, key })
    await store.load()
    await store.append([entry(1), entry(2)])
    await store.close()
    for (const name of await segmentFiles()) {
      const bytes = await readFile(path.join(dir, name))
      for (const needle of ['PLAINTEXT-MARKER', 'req-1', '/v2/orders', 'idem-123', 'Unprocessable']) {
        expect(bytes.includes(Buffer.from(needle)), needle).toBe(false)
      }
    }
  })

  it('recovers from a record cut mid-write: drops only that record and keeps appending', async () => {
    const store = createRequestLogStore({ dir, key })
    await store.load()
    await store.append([entry(1), entry(2), entry(3)])
    await store.close()
    const file = present((await segmentFiles())[0], 'a segment file')
    const full = (await stat(path.join(dir, file))).size
    // Cut the last record in the middle (as a crash during its write would).
    await truncate(path.join(dir, file), full - 37)

    const reopened = createRequestLogStore({ dir, key })
    const loaded = await reopened.load()
    expect(loaded.entries.map((e) => e.id)).toEqual(['req-1', 'req-2'])
    expect(loaded.dropped).toBe(1)
    // The cut tail is gone from the file, so new records do not land behind garbage.
    await reopened.append([entry(4)])
    await reopened.close()
    const third = createRequestLogStore({ dir, key })
    const after = await third.load()
    expect(after.entries.map((e) => e.id)).toEqual(['req-1', 'req-2', 'req-4'])
    expect(after.dropped).toBe(0)
    await third.close()
  })

  it('recovers from a cut length prefix, and skips a damaged record in the middle', async () => {
    const store = createRequestLogStore({ dir, key })
    await store.load()
    await store.append([entry(1), entry(2), entry(3)])
    await store.close()
    const file = path.join(dir, present((await segmentFiles())[0]))
    const bytes = await readFile(file)
    const firstLength = bytes.readUInt32BE(0) & 0x7fff_ffff
    // Flip a byte inside record 1's ciphertext (its length stays intact), and add 2 stray bytes.
    bytes.writeUInt8(bytes.readUInt8(HEADER + firstLength - 1) ^ 0xff, HEADER + firstLength - 1)
    await writeFile(file, Buffer.concat([bytes, Buffer.from([0, 0])]))
    const reopened = createRequestLogStore({ dir, key })
    const loaded = await reopened.load()
    expect(loaded.entries.map((e) => e.id)).toEqual(['req-2', 'req-3'])
    expect(loaded.dropped).toBe(2)
    await reopened.close()
  })

  it('cannot be read with another key', async () => {
    const store = createRequestLogStore({ dir, key })
    await store.load()
    await store.append([entry(1)])
    await store.close()
    const other = createRequestLogStore({ dir, key: randomBytes(32) })
    const loaded = await other.load()
    expect(loaded.entries).toEqual([])
    expect(loaded.dropped).toBe(1)
    await other.close()
  })

  it('rotates into segments and stays under the byte cap, dropping the oldest entries', async () => {
    const maxBytes = 60_000
    const store = createRequestLogStore({ dir, key, maxBytes, segmentBytes: 10_000 })
    await store.load()
    for (let i = 1; i <= 200; i++) await store.append([entry(i, 500)])
    expect(await totalBytes()).toBeLessThanOrEqual(maxBytes)
    expect((await segmentFiles()).length).toBeGreaterThan(1)
    expect(store.size()).toBe(await totalBytes())
    await store.close()
    const reopened = createRequestLogStore({ dir, key, maxBytes, segmentBytes: 10_000 })
    const { entries } = await reopened.load()
    // The newest survive, in order, without gaps at the new end.
    expect(entries.at(-1)?.id).toBe('req-200')
    const seqs = entries.map((e) => e.seq)
    const firstSeq = present(seqs[0])
    expect(seqs).toEqual(Array.from({ length: seqs.length }, (_, i) => firstSeq + i))
    expect(seqs[0]).toBeGreaterThan(1)
    await reopened.close()
  })

  it('bounds the number of entries', async () => {
    const store = createRequestLogStore({ dir, key, maxEntries: 50, segmentBytes: 4_000 })
    await store.load()
    for (let i = 1; i <= 300; i++) await store.append([entry(i, 50)])
    await store.close()
    const reopened = createRequestLogStore({ dir, key, maxEntries: 50, segmentBytes: 4_000 })
    const { entries } = await reopened.load()
    expect(entries).toHaveLength(50)
    expect(entries[0]?.id).toBe('req-251')
    // Whole old segments were deleted, not kept around: well under 300 entries' worth on disk.
    expect((await segmentFiles()).length).toBeLessThan(20)
    expect(await segmentFiles()).not.toContain(segmentFileName(1))
    await reopened.close()
  })

  it('clears every segment', async () => {
    const store = createRequestLogStore({ dir, key, segmentBytes: 2_000 })
    await store.load()
    for (let i = 1; i <= 20; i++) await store.append([entry(i)])
    await store.clear()
    expect(await totalBytes()).toBe(0)
    await store.append([entry(21)])
    await store.close()
    const { entries } = await createRequestLogStore({ dir, key }).load()
    expect(entries.map((e) => e.id)).toEqual(['req-21'])
  })
})

describe('request log records are bound to their place (issue 11 item 9)', () => {
  /** Splits a segment file into its raw records (header included). */
  function records(bytes: Buffer): Buffer[] {
    const out: Buffer[] = []
    let offset = 0
    while (offset < bytes.length) {
      const length = bytes.readUInt32BE(offset) & 0x7fff_ffff
      out.push(bytes.subarray(offset, offset + HEADER + length))
      offset += HEADER + length
    }
    return out
  }

  async function written(count: number, segmentBytes?: number): Promise<string[]> {
    const store = createRequestLogStore({ dir, key, segmentBytes })
    await store.load()
    for (let i = 1; i <= count; i++) await store.append([entry(i)])
    await store.close()
    return segmentFiles()
  }

  async function reload() {
    const store = createRequestLogStore({ dir, key })
    const result = await store.load()
    await store.close()
    return { ids: result.entries.map((e) => e.id), dropped: result.dropped, outOfPlace: result.outOfPlace }
  }

  it('notices records cut from the end of a segment (issue 22 item 7)', async () => {
    const [name] = await written(4)
    const file = path.join(dir, present(name))
    const [a, b] = records(await readFile(file))
    await writeFile(file, Buffer.concat([present(a), present(b)]))
    const store = createRequestLogStore({ dir, key })
    const loaded = await store.load()
    await store.close()
    expect(loaded.cutFromEnd).toBe(2)
    expect(loaded.entries.map((e) => e.id)).toEqual(['req-1', 'req-2'])
    // Said once: the counts are written again from what is there now.
    const again = createRequestLogStore({ dir, key })
    expect((await again.load()).cutFromEnd).toBe(0)
    await again.close()
  })

  it('says when the record counts are missing or edited (they are written again)', async () => {
    await written(2)
    await rm(path.join(dir, MANIFEST_FILE))
    const store = createRequestLogStore({ dir, key })
    expect((await store.load()).countsMissing).toBe(true)
    await store.close()
    await writeFile(path.join(dir, MANIFEST_FILE), 'not the counts')
    const edited = createRequestLogStore({ dir, key })
    expect((await edited.load()).countsMissing).toBe(true)
    await edited.close()
    const clean = createRequestLogStore({ dir, key })
    expect(await clean.load()).toMatchObject({ countsMissing: false, cutFromEnd: 0 })
    await clean.close()
  })

  it('does not mistake a crash between an append and the counts for a cut', async () => {
    await written(2)
    const counts = await readFile(path.join(dir, MANIFEST_FILE))
    await written(1) // one more record, then the old counts put back as if their write was lost
    await writeFile(path.join(dir, MANIFEST_FILE), counts)
    const store = createRequestLogStore({ dir, key })
    expect(await store.load()).toMatchObject({ cutFromEnd: 0, countsMissing: false })
    await store.close()
  })

  it('notices two records swapped', async () => {
    const [name] = await written(3)
    const file = path.join(dir, present(name))
    const [a, b, c] = records(await readFile(file))
    await writeFile(file, Buffer.concat([present(b), present(a), present(c)]))
    const loaded = await reload()
    expect(loaded.outOfPlace).toBeGreaterThanOrEqual(1)
    expect(loaded.ids).not.toEqual(['req-1', 'req-2', 'req-3'])
  })

  it('notices a record cut out of the middle', async () => {
    const [name] = await written(3)
    const file = path.join(dir, present(name))
    const [a, , c] = records(await readFile(file))
    await writeFile(file, Buffer.concat([present(a), present(c)]))
    expect(await reload()).toEqual({ ids: ['req-1', 'req-3'], dropped: 0, outOfPlace: 1 })
  })

  it('notices an old snapshot replayed after newer ones, and keeps the newer one', async () => {
    const store = createRequestLogStore({ dir, key })
    await store.load()
    await store.append([entry(1)])
    await store.append([{ ...entry(1), tags: ['CASE-NEW'] }])
    await store.close()
    const file = path.join(dir, present((await segmentFiles())[0]))
    const bytes = await readFile(file)
    const [old] = records(bytes)
    await writeFile(file, Buffer.concat([bytes, present(old)]))
    const again = createRequestLogStore({ dir, key })
    const loaded = await again.load()
    await again.close()
    expect(loaded.outOfPlace).toBe(1)
    expect(loaded.entries.map((e) => [e.id, e.tags])).toEqual([['req-1', ['CASE-NEW']]])
  })

  it('notices a record copied into another segment, and a segment removed between others', async () => {
    const names = await written(12, 1) // one record per segment
    expect(names.length).toBeGreaterThan(3)
    const first = path.join(dir, present(names[0]))
    const last = path.join(dir, present(names.at(-1)))
    await writeFile(last, Buffer.concat([await readFile(last), await readFile(first)]))
    const copied = await reload()
    expect(copied.dropped + copied.outOfPlace).toBeGreaterThanOrEqual(1)
    await rm(path.join(dir, present(names[1])))
    const removed = await reload()
    expect(removed.outOfPlace).toBeGreaterThanOrEqual(1)
  })

  it('reads a log of the first format once, rewrites it bound to places, and refuses that format afterwards', async () => {
    const legacy = Buffer.concat([encodeLegacyRecord(key, entry(1)), encodeLegacyRecord(key, entry(2))])
    await writeFile(path.join(dir, segmentFileName(1)), legacy)
    expect(await reload()).toEqual({ ids: ['req-1', 'req-2'], dropped: 0, outOfPlace: 0 })
    const files = await segmentFiles()
    expect(files).not.toContain(segmentFileName(1))
    const bytes = await readFile(path.join(dir, present(files[0])))
    expect(bytes.readUInt32BE(0) & 0x8000_0000).not.toBe(0)
    // An old-format record put back among the new ones is not read.
    await writeFile(path.join(dir, present(files[0])), Buffer.concat([bytes, encodeLegacyRecord(key, entry(3))]))
    expect(await reload()).toEqual({ ids: ['req-1', 'req-2'], dropped: 0, outOfPlace: 1 })
  })
})
