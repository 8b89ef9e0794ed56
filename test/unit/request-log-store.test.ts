import { randomBytes } from 'node:crypto'
import { mkdtemp, readdir, readFile, rm, stat, truncate, writeFile } from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { createRequestLogStore, segmentFileName } from '../../src/main/services/request-log-store'
import type { RequestLogEntry } from '../../src/shared/request-log-types'
import { createRedactor } from '../../src/main/services/request-log-redaction'
import { attemptEvent } from './request-log-fixtures'

const redactor = createRedactor()
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
    const [file] = await segmentFiles()
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
    const file = path.join(dir, (await segmentFiles())[0])
    const bytes = await readFile(file)
    const firstLength = bytes.readUInt32BE(0)
    // Flip a byte inside record 1's ciphertext (its length stays intact), and add 2 stray bytes.
    bytes[4 + firstLength - 1] ^= 0xff
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
    expect(entries[entries.length - 1].id).toBe('req-200')
    const seqs = entries.map((e) => e.seq)
    expect(seqs).toEqual(Array.from({ length: seqs.length }, (_, i) => seqs[0] + i))
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
    expect(entries[0].id).toBe('req-251')
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
