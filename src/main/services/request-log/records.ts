// The request log's record format (store.ts writes and reads the segment files): each record
//   [u32 big-endian length | 0x80000000][u32 big-endian position][encryptBytes(key, JSON, aad)]
// bound to its segment and position; records of the first format ([u32 length][ciphertext bound
// to 'paydesk-request-log']) are read only from a folder holding nothing newer.
import type { RequestLogEntry } from '../../../shared/request-log-types'
import { decryptBytes, DecryptionError, encryptBytes } from '../../storage/encryption'

/** Associated data of the first format's records (no position). */
export const LEGACY_RECORD_AAD = 'paydesk-request-log'
export const LENGTH_BYTES = 4
const POSITION_BYTES = 4
/** Set in the length word of records that carry their position. */
export const POSITIONED = 0x8000_0000
/** A length above this is corruption, not a record (entries hold bodies capped at 256 kB each). */
const MAX_RECORD_BYTES = 64 * 1024 * 1024
export const SEGMENT_NAME = /^segment-(\d{6,})\.log$/

export function segmentFileName(index: number): string {
  return `segment-${String(index).padStart(6, '0')}.log`
}

function recordAad(segment: number, position: number): string {
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

interface DecodedSegment {
  entries: RequestLogEntry[]
  /** Where the last complete record ends. */
  validBytes: number
  dropped: number
  outOfPlace: number
  /** Positioned records seen (the next position to write). */
  records: number
  /** Records of the first format that were read (legacyAllowed) or refused. */
  legacy: number
  /**
   * Unreadable bytes that a crash cannot explain (a damaged length word, readable records after an
   * unreadable one): the segment must be set aside as a copy, not cut at the damage (store.ts).
   */
  damaged: boolean
}

function parseEntry(plain: Buffer): RequestLogEntry | null {
  const entry = JSON.parse(plain.toString('utf8')) as RequestLogEntry
  return entry && typeof entry.id === 'string' && Array.isArray(entry.attempts) ? entry : null
}

/** Positions a damaged span may skip before a record is no longer taken for the next one. */
const MAX_SKIPPED_POSITIONS = 1_000_000

/**
 * The next record at or after `from` that reads back in its own place (its segment and a position
 * not seen yet): after a damaged length word, the records behind it are found again. A candidate
 * must decrypt with its place as associated data, so random bytes are not taken for a record.
 */
function nextReadable(
  key: Uint8Array,
  bytes: Buffer,
  segment: number,
  from: number,
  expected: number,
): { offset: number; position: number } | null {
  const header = LENGTH_BYTES + POSITION_BYTES
  for (let offset = from; offset + header < bytes.length; offset++) {
    const word = bytes.readUInt32BE(offset)
    if ((word & POSITIONED) === 0) continue
    const length = (word & ~POSITIONED) >>> 0
    if (length === 0 || offset + header + length > bytes.length) continue
    const position = bytes.readUInt32BE(offset + LENGTH_BYTES)
    if (position < expected || position - expected > MAX_SKIPPED_POSITIONS) continue
    try {
      decryptBytes(key, bytes.subarray(offset + header, offset + header + length), recordAad(segment, position))
      return { offset, position }
    } catch (error) {
      if (!(error instanceof DecryptionError)) throw error
    }
  }
  return null
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
  let damaged = false
  while (offset < bytes.length) {
    const prefixCut = bytes.length - offset < LENGTH_BYTES
    const word = prefixCut ? 0 : bytes.readUInt32BE(offset)
    const positioned = (word & POSITIONED) !== 0
    const length = positioned ? (word & ~POSITIONED) >>> 0 : word
    const headerBytes = positioned ? LENGTH_BYTES + POSITION_BYTES : LENGTH_BYTES
    const runsPastEnd = offset + headerBytes + length > bytes.length
    if (prefixCut || length === 0 || length > MAX_RECORD_BYTES || runsPastEnd) {
      const next = prefixCut ? null : nextReadable(key, bytes, segment, offset + 1, expected)
      if (next === null) {
        // Nothing readable follows. A cut prefix, or a sensible length running past the end, is the
        // record being written when the app stopped; anything else is damage.
        dropped++
        if (!prefixCut && (length === 0 || length > MAX_RECORD_BYTES)) damaged = true
        break
      }
      // Readable records follow the damage: skip to them, counting what was lost in between.
      dropped += Math.max(1, next.position - expected)
      expected = next.position
      offset = next.offset
      damaged = true
      continue
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
  return { entries, validBytes: offset, dropped, outOfPlace, records: expected, legacy, damaged }
}
