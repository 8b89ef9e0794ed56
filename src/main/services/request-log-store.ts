// Persistence of the request log: append-only segment files of length-prefixed, encrypted records.
//
// File layout: `<dir>/segment-<000001>.log`, each a sequence of records
//   [u32 big-endian length][encryptBytes(key, JSON, 'paydesk-request-log')]
// A record holds the full snapshot of one entry; a later snapshot of the same id replaces the
// earlier one on load. Because records are only ever appended, a crash can cut at most the record
// being written; on open that cut tail is detected, dropped and truncated away, never the file.
// Rotation: a new segment when the current one passes `segmentBytes`; whole oldest segments are
// deleted while the total passes `maxBytes` or they only hold entries beyond `maxEntries`.

import { mkdir, open, readdir, readFile, rm, stat, truncate, type FileHandle } from 'node:fs/promises'
import path from 'node:path'
import type { RequestLogEntry } from '../../shared/request-log-types'
import { decryptBytes, DecryptionError, encryptBytes } from '../storage/encryption'

export const RECORD_AAD = 'paydesk-request-log'
const LENGTH_BYTES = 4
/** A length above this is corruption, not a record (entries hold bodies capped at 256 kB each). */
const MAX_RECORD_BYTES = 64 * 1024 * 1024
const SEGMENT_NAME = /^segment-(\d{6,})\.log$/

export interface RequestLogStoreOptions {
  dir: string
  key: Uint8Array
  /** Total size of all segments (default 20 MB). */
  maxBytes?: number
  /** Entries kept (default 20,000). */
  maxEntries?: number
  /** Size at which a new segment starts (default maxBytes / 10). */
  segmentBytes?: number
}

export interface LoadResult {
  /** Oldest first. */
  entries: RequestLogEntry[]
  /** Records that could not be read (cut tail, wrong key, damage). */
  dropped: number
}

interface Segment {
  index: number
  file: string
  bytes: number
  /** Ids whose snapshot was written into this segment. */
  ids: Set<string>
}

export interface RequestLogStore {
  load(): Promise<LoadResult>
  /** Appends snapshots (one record each) in one write. */
  append(entries: RequestLogEntry[]): Promise<void>
  clear(): Promise<void>
  /** Total bytes on disk. */
  size(): number
  close(): Promise<void>
}

export function segmentFileName(index: number): string {
  return `segment-${String(index).padStart(6, '0')}.log`
}

export function encodeRecord(key: Uint8Array, entry: RequestLogEntry): Buffer {
  const body = encryptBytes(key, Buffer.from(JSON.stringify(entry), 'utf8'), RECORD_AAD)
  const header = Buffer.alloc(LENGTH_BYTES)
  header.writeUInt32BE(body.length, 0)
  return Buffer.concat([header, body])
}

/** Splits a segment's bytes into records; `validBytes` is where the last complete record ends. */
export function decodeSegment(
  key: Uint8Array,
  bytes: Buffer,
): { entries: RequestLogEntry[]; validBytes: number; dropped: number } {
  const entries: RequestLogEntry[] = []
  let offset = 0
  let dropped = 0
  while (offset < bytes.length) {
    if (bytes.length - offset < LENGTH_BYTES) {
      dropped++ // a cut length prefix
      break
    }
    const length = bytes.readUInt32BE(offset)
    if (length === 0 || length > MAX_RECORD_BYTES || offset + LENGTH_BYTES + length > bytes.length) {
      dropped++ // the record being written when the app stopped (or garbage after it)
      break
    }
    const record = bytes.subarray(offset + LENGTH_BYTES, offset + LENGTH_BYTES + length)
    offset += LENGTH_BYTES + length
    try {
      const entry = JSON.parse(decryptBytes(key, record, RECORD_AAD).toString('utf8')) as RequestLogEntry
      if (entry && typeof entry.id === 'string' && Array.isArray(entry.attempts)) entries.push(entry)
      else dropped++
    } catch (error) {
      // A damaged record in the middle: its length is intact, so the ones after it are still readable.
      if (!(error instanceof DecryptionError) && !(error instanceof SyntaxError)) throw error
      dropped++
    }
  }
  return { entries, validBytes: offset, dropped }
}

export function createRequestLogStore(options: RequestLogStoreOptions): RequestLogStore {
  const { dir, key } = options
  const maxBytes = options.maxBytes ?? 20 * 1024 * 1024
  const maxEntries = options.maxEntries ?? 20_000
  const segmentBytes = options.segmentBytes ?? Math.max(64 * 1024, Math.floor(maxBytes / 10))
  let segments: Segment[] = []
  let handle: FileHandle | null = null
  let handleIndex = -1

  async function openCurrent(): Promise<FileHandle> {
    const current = segments[segments.length - 1]
    if (handle && handleIndex === current.index) return handle
    await handle?.close()
    handle = await open(current.file, 'a', 0o600)
    handleIndex = current.index
    return handle
  }

  function newSegment(): Segment {
    const index = (segments[segments.length - 1]?.index ?? 0) + 1
    const segment = { index, file: path.join(dir, segmentFileName(index)), bytes: 0, ids: new Set<string>() }
    segments.push(segment)
    return segment
  }

  /** Ids that have a snapshot in any segment newer than `segment`. */
  function liveIdsAfter(position: number): Set<string> {
    const ids = new Set<string>()
    for (let i = position + 1; i < segments.length; i++) for (const id of segments[i].ids) ids.add(id)
    return ids
  }

  async function enforceBounds(): Promise<void> {
    for (;;) {
      if (segments.length <= 1) return
      const total = segments.reduce((sum, s) => sum + s.bytes, 0)
      // The oldest segment is surplus when newer segments alone hold maxEntries entries.
      const surplus = liveIdsAfter(0).size >= maxEntries
      if (total <= maxBytes && !surplus) return
      const oldest = segments.shift()!
      if (handleIndex === oldest.index) {
        await handle?.close()
        handle = null
        handleIndex = -1
      }
      await rm(oldest.file, { force: true })
    }
  }

  return {
    async load() {
      await mkdir(dir, { recursive: true, mode: 0o700 })
      const names = (await readdir(dir)).filter((n) => SEGMENT_NAME.test(n)).sort()
      const byId = new Map<string, RequestLogEntry>()
      let dropped = 0
      segments = []
      for (const name of names) {
        const file = path.join(dir, name)
        const bytes = await readFile(file)
        const decoded = decodeSegment(key, bytes)
        dropped += decoded.dropped
        if (decoded.validBytes < bytes.length) await truncate(file, decoded.validBytes)
        const ids = new Set<string>()
        for (const entry of decoded.entries) {
          byId.delete(entry.id) // re-insert: Map order follows the latest snapshot
          byId.set(entry.id, entry)
          ids.add(entry.id)
        }
        segments.push({ index: Number(SEGMENT_NAME.exec(name)![1]), file, bytes: decoded.validBytes, ids })
      }
      if (segments.length === 0) newSegment()
      await enforceBounds()
      const entries = [...byId.values()].sort((a, b) => a.seq - b.seq)
      return { entries: entries.slice(Math.max(0, entries.length - maxEntries)), dropped }
    },

    async append(entries) {
      if (entries.length === 0) return
      if (segments.length === 0) newSegment()
      let current = segments[segments.length - 1]
      const chunks: Buffer[] = []
      let chunkBytes = 0
      const flush = async () => {
        if (chunks.length === 0) return
        const fh = await openCurrent()
        await fh.write(Buffer.concat(chunks))
        current.bytes += chunkBytes
        chunks.length = 0
        chunkBytes = 0
      }
      for (const entry of entries) {
        if (current.bytes + chunkBytes >= segmentBytes) {
          await flush()
          current = newSegment()
        }
        const record = encodeRecord(key, entry)
        chunks.push(record)
        chunkBytes += record.length
        current.ids.add(entry.id)
      }
      await flush()
      await enforceBounds()
    },

    async clear() {
      await handle?.close()
      handle = null
      handleIndex = -1
      for (const segment of segments) await rm(segment.file, { force: true })
      // Also anything the list did not know about (a segment from a crashed run).
      for (const name of await readdir(dir).catch(() => [] as string[])) {
        if (SEGMENT_NAME.test(name)) await rm(path.join(dir, name), { force: true })
      }
      segments = []
      newSegment()
    },

    size: () => segments.reduce((sum, s) => sum + s.bytes, 0),

    async close() {
      await handle?.close()
      handle = null
      handleIndex = -1
    },
  }
}

/** Bytes of a file, 0 when missing (tests and the size readout). */
export async function fileSize(file: string): Promise<number> {
  return stat(file).then(
    (s) => s.size,
    () => 0,
  )
}
