// Persistence of the request log: append-only segment files of length-prefixed, encrypted records.
//
// File layout: `<dir>/segment-<000001>.log`, each a sequence of records
//   [u32 big-endian length | 0x80000000][u32 big-endian position][encryptBytes(key, JSON, aad)]
// with aad = `paydesk-request-log:2:<segment number>:<position>`: each record is bound to where it
// was written (issue 11 item 9). A record copied to another place (replayed), records swapped
// (reordered) or a record cut out of the middle (dropped) no longer decrypt or leave a gap in the
// positions, and load() reports them in `outOfPlace`. Segments are numbered without gaps (rotation
// deletes only the oldest), so a segment removed from the middle is reported too. Records cut from
// the end of a segment are found against the counts in segments.seal (manifest.ts).
// What no file can show: the whole folder rolled back to an older copy.
// Records of the first format ([u32 length][ciphertext bound to 'paydesk-request-log']) are read
// only while the folder holds nothing newer, and are rewritten in the new format at once.
// A record holds the full snapshot of one entry; a later snapshot of the same id replaces the
// earlier one on load. Because records are only ever appended, a crash can cut at most the record
// being written; on open that cut tail is detected, dropped and truncated away, never the file.
// Rotation: a new segment when the current one passes `segmentBytes`; whole oldest segments are
// deleted while the total passes `maxBytes` or they only hold entries beyond `maxEntries`.

import { mkdir, readdir, rm, stat, type FileHandle } from 'node:fs/promises'
import path from 'node:path'
import type { RequestLogEntry } from '../../../shared/request-log-types'
import { constants } from 'node:fs'
import { decryptBytes, DecryptionError, encryptBytes } from '../../storage/encryption'
import { LinkRefusedError, openNoFollow, readFileNoFollow, truncateNoFollow } from '../../storage/no-follow'
import { readManifest, recordsCutFromEnd, writeManifest } from './manifest'

/** Associated data of the first format's records (no position). */
export const LEGACY_RECORD_AAD = 'paydesk-request-log'
const LENGTH_BYTES = 4
const POSITION_BYTES = 4
/** Set in the length word of records that carry their position. */
const POSITIONED = 0x8000_0000
/** The record counts (segments.seal) are written at most this often while appending. */
const COUNTS_EVERY_MS = 1_000
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
  /**
   * Records not where they were written: replayed or reordered (left out), or missing from the
   * middle of a segment or a whole segment missing between others (counted, not recoverable).
   */
  outOfPlace: number
  /** Records cut from the end of segments since Paydesk last wrote them (manifest.ts). */
  cutFromEnd: number
  /** The file that counts the records was missing or unreadable while segments exist. */
  countsMissing: boolean
}

interface Segment {
  index: number
  file: string
  bytes: number
  /** Position of the next record written to this segment. */
  records: number
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

export function recordAad(segment: number, position: number): string {
  return `paydesk-request-log:2:${segment}:${position}`
}

/** One record, bound to its place: segment number and position within the segment. */
export function encodeRecord(key: Uint8Array, entry: RequestLogEntry, segment: number, position: number): Buffer {
  const body = encryptBytes(key, Buffer.from(JSON.stringify(entry), 'utf8'), recordAad(segment, position))
  const header = Buffer.alloc(LENGTH_BYTES + POSITION_BYTES)
  header.writeUInt32BE((body.length | POSITIONED) >>> 0, 0)
  header.writeUInt32BE(position, LENGTH_BYTES)
  return Buffer.concat([header, body])
}

export interface DecodedSegment {
  entries: RequestLogEntry[]
  /** Where the last complete record ends. */
  validBytes: number
  dropped: number
  outOfPlace: number
  /** Positioned records seen (the next position to write). */
  records: number
  /** Records of the first format that were read (legacyAllowed) or refused. */
  legacy: number
}

function parseEntry(plain: Buffer): RequestLogEntry | null {
  const entry = JSON.parse(plain.toString('utf8')) as RequestLogEntry
  return entry && typeof entry.id === 'string' && Array.isArray(entry.attempts) ? entry : null
}

/**
 * Splits segment `segment`'s bytes into records and checks each one's place. Records of the first
 * format are read only when `legacyAllowed` (the folder holds no positioned record).
 */
export function decodeSegment(key: Uint8Array, bytes: Buffer, segment: number, legacyAllowed = false): DecodedSegment {
  const entries: RequestLogEntry[] = []
  let offset = 0
  let dropped = 0
  let outOfPlace = 0
  let legacy = 0
  let expected = 0
  while (offset < bytes.length) {
    if (bytes.length - offset < LENGTH_BYTES) {
      dropped++ // a cut length prefix
      break
    }
    const word = bytes.readUInt32BE(offset)
    const positioned = (word & POSITIONED) !== 0
    const length = positioned ? (word & ~POSITIONED) >>> 0 : word
    const headerBytes = positioned ? LENGTH_BYTES + POSITION_BYTES : LENGTH_BYTES
    if (length === 0 || length > MAX_RECORD_BYTES || offset + headerBytes + length > bytes.length) {
      dropped++ // the record being written when the app stopped (or garbage after it)
      break
    }
    const position = positioned ? bytes.readUInt32BE(offset + LENGTH_BYTES) : -1
    const record = bytes.subarray(offset + headerBytes, offset + headerBytes + length)
    offset += headerBytes + length
    if (!positioned) {
      legacy++
      if (!legacyAllowed) {
        outOfPlace++ // an old-format record among new ones: an old copy put back
        continue
      }
    } else if (position < expected) {
      outOfPlace++ // a position already seen: replayed or reordered
      continue
    }
    try {
      const plain = positioned
        ? decryptBytes(key, record, recordAad(segment, position))
        : decryptBytes(key, record, LEGACY_RECORD_AAD)
      const entry = parseEntry(plain)
      if (entry) entries.push(entry)
      else dropped++
      if (positioned) {
        outOfPlace += position - expected // records cut out before this one
        expected = position + 1
      }
    } catch (error) {
      // Damaged, another key, or copied here from another segment (its place is part of what was
      // signed). Its length is intact, so the records after it are still readable.
      if (!(error instanceof DecryptionError) && !(error instanceof SyntaxError)) throw error
      dropped++
      if (positioned) expected++
    }
  }
  return { entries, validBytes: offset, dropped, outOfPlace, records: expected, legacy }
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
    const current = segments[segments.length - 1] ?? newSegment()
    if (handle && handleIndex === current.index) return handle
    await handle?.close()
    handle = await openNoFollow(current.file, constants.O_WRONLY | constants.O_APPEND | constants.O_CREAT, 0o600)
    handleIndex = current.index
    return handle
  }

  function newSegment(): Segment {
    const index = (segments[segments.length - 1]?.index ?? 0) + 1
    const segment = {
      index,
      file: path.join(dir, segmentFileName(index)),
      bytes: 0,
      records: 0,
      ids: new Set<string>(),
    }
    segments.push(segment)
    return segment
  }

  /** Ids that have a snapshot in any segment newer than `segment`. */
  function liveIdsAfter(position: number): Set<string> {
    const ids = new Set<string>()
    for (const segment of segments.slice(position + 1)) for (const id of segment.ids) ids.add(id)
    return ids
  }

  async function enforceBounds(): Promise<void> {
    for (;;) {
      if (segments.length <= 1) return
      const total = segments.reduce((sum, s) => sum + s.bytes, 0)
      // The oldest segment is surplus when newer segments alone hold maxEntries entries.
      const surplus = liveIdsAfter(0).size >= maxEntries
      if (total <= maxBytes && !surplus) return
      const oldest = segments.shift()
      if (!oldest) return
      if (handleIndex === oldest.index) {
        await handle?.close()
        handle = null
        handleIndex = -1
      }
      await rm(oldest.file, { force: true })
    }
  }

  /** A fresh segment numbered after every one in `list` (the migration's first segment). */
  function newSegmentAfter(list: Segment[]): Segment {
    const index = (list[list.length - 1]?.index ?? 0) + 1
    return { index, file: path.join(dir, segmentFileName(index)), bytes: 0, records: 0, ids: new Set<string>() }
  }

  /** Appends one record per entry to the newest segment, starting new segments as they fill. */
  async function writeAll(entries: RequestLogEntry[]): Promise<void> {
    let current = segments[segments.length - 1] ?? newSegment()
    const chunks: Buffer[] = []
    let chunkBytes = 0
    let chunkRecords = 0
    const flush = async () => {
      if (chunks.length === 0) return
      const fh = await openCurrent()
      await fh.write(Buffer.concat(chunks))
      // Positions count only what reached the file.
      current.bytes += chunkBytes
      current.records += chunkRecords
      chunks.length = 0
      chunkBytes = 0
      chunkRecords = 0
    }
    for (const entry of entries) {
      if (current.bytes + chunkBytes >= segmentBytes) {
        await flush()
        current = newSegment()
      }
      const record = encodeRecord(key, entry, current.index, current.records + chunkRecords)
      chunks.push(record)
      chunkBytes += record.length
      chunkRecords++
      current.ids.add(entry.id)
    }
    await flush()
  }

  /** Writes the record counts now (load, clear, close). */
  let countsTimer: ReturnType<typeof setTimeout> | null = null
  let countsWrite: Promise<void> = Promise.resolve()
  function writeCounts(): Promise<void> {
    if (countsTimer) clearTimeout(countsTimer)
    countsTimer = null
    const counts = new Map(segments.map((s) => [s.index, s.records]))
    const run = () => writeManifest(dir, key, counts)
    countsWrite = countsWrite.then(run, run)
    return countsWrite
  }
  /**
   * After appends, at most once a second: a count that lags the segments (a crash before it is written)
   * is never reported as a cut; one written per append would double the log's disk writes.
   */
  function scheduleCounts(): void {
    if (countsTimer) return
    countsTimer = setTimeout(() => void writeCounts().catch(() => {}), COUNTS_EVERY_MS)
    countsTimer.unref?.()
  }

  return {
    async load() {
      await mkdir(dir, { recursive: true, mode: 0o700 })
      const names = (await readdir(dir)).filter((n) => SEGMENT_NAME.test(n)).sort()
      let links = 0
      const read = await Promise.all(
        names.map(async (name) => {
          const file = path.join(dir, name)
          try {
            return { name, bytes: await readFileNoFollow(file) }
          } catch (error) {
            if (!(error instanceof LinkRefusedError)) throw error
            // A link planted in the folder: removed (the link, never its target), counted as out of place.
            links++
            await rm(file, { force: true })
            return null
          }
        }),
      )
      const files = read.filter((f): f is { name: string; bytes: Buffer } => f !== null)
      // The first format is read only from a folder that holds nothing newer (then rewritten below).
      const legacyAllowed = !files.some(
        ({ bytes }) => bytes.length >= LENGTH_BYTES && (bytes.readUInt32BE(0) & POSITIONED) !== 0,
      )
      const byId = new Map<string, RequestLogEntry>()
      let dropped = 0
      let outOfPlace = links
      let legacyRead = 0
      segments = []
      for (const { name, bytes } of files) {
        const file = path.join(dir, name)
        const index = Number(SEGMENT_NAME.exec(name)?.[1])
        const previous = segments[segments.length - 1]
        if (previous && index > previous.index + 1) outOfPlace++ // a segment missing between others
        const decoded = decodeSegment(key, bytes, index, legacyAllowed)
        dropped += decoded.dropped
        outOfPlace += decoded.outOfPlace
        if (legacyAllowed) legacyRead += decoded.legacy
        if (decoded.validBytes < bytes.length) await truncateNoFollow(file, decoded.validBytes)
        const ids = new Set<string>()
        for (const entry of decoded.entries) {
          byId.delete(entry.id) // re-insert: Map order follows the latest snapshot
          byId.set(entry.id, entry)
          ids.add(entry.id)
        }
        segments.push({ index, file, bytes: decoded.validBytes, records: decoded.records, ids })
      }
      const counted = await readManifest(dir, key)
      const cutFromEnd = counted instanceof Map ? recordsCutFromEnd(counted, segments) : 0
      const countsMissing = counted !== null && !(counted instanceof Map) ? true : counted === null && files.length > 0
      const entries = [...byId.values()].sort((a, b) => a.seq - b.seq)
      const kept = entries.slice(Math.max(0, entries.length - maxEntries))
      if (legacyRead > 0) {
        // Rewrite the first format's records in place-bound form, then drop the old files.
        const old = segments
        segments = [newSegmentAfter(old)]
        await writeAll(kept)
        for (const segment of old) await rm(segment.file, { force: true })
      }
      if (segments.length === 0) newSegment()
      await enforceBounds()
      await writeCounts()
      return { entries: kept, dropped, outOfPlace, cutFromEnd, countsMissing }
    },

    async append(entries) {
      if (entries.length === 0) return
      await writeAll(entries)
      await enforceBounds()
      scheduleCounts()
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
      await writeCounts()
    },

    size: () => segments.reduce((sum, s) => sum + s.bytes, 0),

    async close() {
      if (countsTimer) await writeCounts()
      await countsWrite.catch(() => {})
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
