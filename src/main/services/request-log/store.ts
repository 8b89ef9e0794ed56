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
// Damage a crash cannot explain (a zeroed or huge length word, readable records behind an unreadable
// one) never cuts the segment: it is copied aside as `<segment>.damaged-<time>` and rewritten with
// every record that still reads (issue 45 item 8).
// Rotation: a new segment when the current one passes `segmentBytes`; whole oldest segments are
// deleted while the total passes `maxBytes` or they only hold entries beyond `maxEntries`.

import { readdir, rm, type FileHandle } from 'node:fs/promises'
import { writeFileAtomic } from '../../storage/atomic-file'
import path from 'node:path'
import type { RequestLogEntry } from '../../../shared/request-log-types'
import { constants } from 'node:fs'
import {
  ensurePlainFolder,
  LinkRefusedError,
  openNoFollow,
  readFileNoFollow,
  truncateNoFollow,
} from '../../storage/no-follow'
import { readManifest, recordsCutFromEnd, writeManifest } from './manifest'
import { decodeSegment, encodeRecord, LENGTH_BYTES, POSITIONED, SEGMENT_NAME, segmentFileName } from './records'

export { LEGACY_RECORD_AAD, segmentFileName } from './records'

/** The record counts (segments.seal) are written at most this often while appending. */
const COUNTS_EVERY_MS = 1_000

interface RequestLogStoreOptions {
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
  /** Copies of damaged segments set aside in the folder (file names), their readable records kept. */
  setAside: string[]
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

/** What the store's functions share: its folder, key and bounds, the segments, the open file. */
interface StoreContext {
  readonly dir: string
  readonly key: Uint8Array
  readonly maxBytes: number
  readonly maxEntries: number
  readonly segmentBytes: number
  segments: Segment[]
  handle: FileHandle | null
  handleIndex: number
  countsTimer: ReturnType<typeof setTimeout> | null
  countsWrite: Promise<void>
}

export function createRequestLogStore(options: RequestLogStoreOptions): RequestLogStore {
  const maxBytes = options.maxBytes ?? 20 * 1024 * 1024
  const ctx: StoreContext = {
    dir: options.dir,
    key: options.key,
    maxBytes,
    maxEntries: options.maxEntries ?? 20_000,
    segmentBytes: options.segmentBytes ?? Math.max(64 * 1024, Math.floor(maxBytes / 10)),
    segments: [],
    handle: null,
    handleIndex: -1,
    countsTimer: null,
    countsWrite: Promise.resolve(),
  }
  return {
    load: () => loadSegments(ctx),
    async append(entries) {
      if (entries.length === 0) return
      await writeAll(ctx, entries)
      await enforceBounds(ctx)
      scheduleCounts(ctx)
    },
    clear: () => clearSegments(ctx),
    size: () => ctx.segments.reduce((sum, s) => sum + s.bytes, 0),
    async close() {
      if (ctx.countsTimer) await writeCounts(ctx)
      await ctx.countsWrite.catch(() => {})
      await closeHandle(ctx)
    },
  }
}

async function closeHandle(ctx: StoreContext): Promise<void> {
  await ctx.handle?.close()
  ctx.handle = null
  ctx.handleIndex = -1
}

async function openCurrent(ctx: StoreContext): Promise<FileHandle> {
  const current = ctx.segments[ctx.segments.length - 1] ?? newSegment(ctx)
  if (ctx.handle && ctx.handleIndex === current.index) return ctx.handle
  await ctx.handle?.close()
  ctx.handle = await openNoFollow(current.file, constants.O_WRONLY | constants.O_APPEND | constants.O_CREAT, 0o600)
  ctx.handleIndex = current.index
  return ctx.handle
}

function newSegment(ctx: StoreContext): Segment {
  const segment = newSegmentAfter(ctx.dir, ctx.segments)
  ctx.segments.push(segment)
  return segment
}

/** A fresh segment numbered after every one in `list` (not yet added to it). */
function newSegmentAfter(dir: string, list: Segment[]): Segment {
  const index = (list[list.length - 1]?.index ?? 0) + 1
  return { index, file: path.join(dir, segmentFileName(index)), bytes: 0, records: 0, ids: new Set<string>() }
}

/** Ids that have a snapshot in any segment newer than `segment`. */
function liveIdsAfter(ctx: StoreContext, position: number): Set<string> {
  const ids = new Set<string>()
  for (const segment of ctx.segments.slice(position + 1)) for (const id of segment.ids) ids.add(id)
  return ids
}

async function enforceBounds(ctx: StoreContext): Promise<void> {
  for (;;) {
    if (ctx.segments.length <= 1) return
    const total = ctx.segments.reduce((sum, s) => sum + s.bytes, 0)
    // The oldest segment is surplus when newer segments alone hold maxEntries entries.
    const surplus = liveIdsAfter(ctx, 0).size >= ctx.maxEntries
    if (total <= ctx.maxBytes && !surplus) return
    const oldest = ctx.segments.shift()
    if (!oldest) return
    if (ctx.handleIndex === oldest.index) await closeHandle(ctx)
    await rm(oldest.file, { force: true })
  }
}

/** Appends one record per entry to the newest segment, starting new segments as they fill. */
async function writeAll(ctx: StoreContext, entries: RequestLogEntry[]): Promise<void> {
  let current = ctx.segments[ctx.segments.length - 1] ?? newSegment(ctx)
  const chunks: Buffer[] = []
  let chunkBytes = 0
  let chunkRecords = 0
  const flush = async () => {
    if (chunks.length === 0) return
    const fh = await openCurrent(ctx)
    await fh.write(Buffer.concat(chunks))
    // Positions count only what reached the file.
    current.bytes += chunkBytes
    current.records += chunkRecords
    chunks.length = 0
    chunkBytes = 0
    chunkRecords = 0
  }
  for (const entry of entries) {
    if (current.bytes + chunkBytes >= ctx.segmentBytes) {
      await flush()
      current = newSegment(ctx)
    }
    const record = encodeRecord(ctx.key, entry, current.index, current.records + chunkRecords)
    chunks.push(record)
    chunkBytes += record.length
    chunkRecords++
    current.ids.add(entry.id)
  }
  await flush()
}

/** Writes the record counts now (load, clear, close). */
function writeCounts(ctx: StoreContext): Promise<void> {
  if (ctx.countsTimer) clearTimeout(ctx.countsTimer)
  ctx.countsTimer = null
  const counts = new Map(ctx.segments.map((s) => [s.index, s.records]))
  const run = () => writeManifest(ctx.dir, ctx.key, counts)
  ctx.countsWrite = ctx.countsWrite.then(run, run)
  return ctx.countsWrite
}

/**
 * After appends, at most once a second: a count that lags the segments (a crash before it is written)
 * is never reported as a cut; one written per append would double the log's disk writes.
 */
function scheduleCounts(ctx: StoreContext): void {
  if (ctx.countsTimer) return
  ctx.countsTimer = setTimeout(() => void writeCounts(ctx).catch(() => {}), COUNTS_EVERY_MS)
  ctx.countsTimer.unref?.()
}

/** The segment files' bytes, oldest first; a link planted in the folder is removed and counted. */
async function readSegmentFiles(dir: string): Promise<{ files: { name: string; bytes: Buffer }[]; links: number }> {
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
  return { files: read.filter((f): f is { name: string; bytes: Buffer } => f !== null), links }
}

async function loadSegments(ctx: StoreContext): Promise<LoadResult> {
  const { dir, key } = ctx
  await ensurePlainFolder(dir)
  const { files, links } = await readSegmentFiles(dir)
  // The first format is read only from a folder that holds nothing newer (then rewritten below).
  const legacyAllowed = !files.some(
    ({ bytes }) => bytes.length >= LENGTH_BYTES && (bytes.readUInt32BE(0) & POSITIONED) !== 0,
  )
  const byId = new Map<string, RequestLogEntry>()
  let dropped = 0
  let outOfPlace = links
  let legacyRead = 0
  ctx.segments = []
  const damaged: { segment: Segment; bytes: Buffer; entries: RequestLogEntry[] }[] = []
  for (const { name, bytes } of files) {
    const file = path.join(dir, name)
    const index = Number(SEGMENT_NAME.exec(name)?.[1])
    const previous = ctx.segments[ctx.segments.length - 1]
    if (previous && index > previous.index + 1) outOfPlace++ // a segment missing between others
    const decoded = decodeSegment(key, bytes, index, legacyAllowed)
    dropped += decoded.dropped
    outOfPlace += decoded.outOfPlace
    if (legacyAllowed) legacyRead += decoded.legacy
    // A cut tail (a crash during the last write) is cut away; damage is handled below, never cut.
    if (!decoded.damaged && decoded.validBytes < bytes.length) await truncateNoFollow(file, decoded.validBytes)
    const ids = new Set<string>()
    for (const entry of decoded.entries) {
      byId.delete(entry.id) // re-insert: Map order follows the latest snapshot
      byId.set(entry.id, entry)
      ids.add(entry.id)
    }
    const segment = { index, file, bytes: decoded.validBytes, records: decoded.records, ids }
    ctx.segments.push(segment)
    if (decoded.damaged) damaged.push({ segment, bytes, entries: decoded.entries })
  }
  const counted = await readManifest(dir, key)
  // Counted against the positions as found, before a damaged segment is rewritten.
  const cutFromEnd = counted instanceof Map ? recordsCutFromEnd(counted, ctx.segments) : 0
  const setAside: string[] = []
  for (const { segment, bytes, entries } of damaged) {
    setAside.push(await copyAside(segment.file, bytes))
    // The first format's segments are all rewritten below; a positioned one is rewritten here.
    if (legacyRead === 0) await rewriteSegment(ctx, segment, entries)
  }
  const countsMissing = counted !== null && !(counted instanceof Map) ? true : counted === null && files.length > 0
  const entries = [...byId.values()].sort((a, b) => a.seq - b.seq)
  const kept = entries.slice(Math.max(0, entries.length - ctx.maxEntries))
  if (legacyRead > 0) await rewriteLegacy(ctx, kept)
  if (ctx.segments.length === 0) newSegment(ctx)
  await enforceBounds(ctx)
  await writeCounts(ctx)
  return { entries: kept, dropped, outOfPlace, cutFromEnd, countsMissing, setAside }
}

/** Writes a copy of a damaged segment's bytes beside it (never replacing a file); answers its name. */
async function copyAside(file: string, bytes: Buffer): Promise<string> {
  const stamp = new Date().toISOString().replace(/[:.]/g, '-')
  for (let n = 0; ; n++) {
    const copy = `${file}.damaged-${stamp}${n === 0 ? '' : `-${n}`}`
    try {
      const handle = await openNoFollow(copy, constants.O_WRONLY | constants.O_CREAT | constants.O_EXCL, 0o600)
      try {
        await handle.writeFile(bytes)
        await handle.sync()
      } finally {
        await handle.close()
      }
      return path.basename(copy)
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST' || n >= 100) throw error
    }
  }
}

/** Replaces a damaged segment with its readable records, at positions 0, 1, 2… (atomically). */
async function rewriteSegment(ctx: StoreContext, segment: Segment, entries: RequestLogEntry[]): Promise<void> {
  const records = entries.map((entry, position) => encodeRecord(ctx.key, entry, segment.index, position))
  const bytes = Buffer.concat(records)
  await writeFileAtomic(segment.file, bytes, { mode: 0o600 })
  segment.bytes = bytes.length
  segment.records = records.length
}

/** Rewrites the first format's records in place-bound form, then drops the old files. */
async function rewriteLegacy(ctx: StoreContext, kept: RequestLogEntry[]): Promise<void> {
  const old = ctx.segments
  ctx.segments = [newSegmentAfter(ctx.dir, old)]
  await writeAll(ctx, kept)
  for (const segment of old) await rm(segment.file, { force: true })
}

async function clearSegments(ctx: StoreContext): Promise<void> {
  await closeHandle(ctx)
  for (const segment of ctx.segments) await rm(segment.file, { force: true })
  // Also anything the list did not know about (a segment from a crashed run).
  for (const name of await readdir(ctx.dir).catch(() => [] as string[])) {
    if (SEGMENT_NAME.test(name)) await rm(path.join(ctx.dir, name), { force: true })
  }
  ctx.segments = []
  newSegment(ctx)
  await writeCounts(ctx)
}
