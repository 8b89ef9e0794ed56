// Files as earlier versions wrote them, for the tests of reading them: the app reads these formats
// and never writes them, so their encoders live here, not in src/.
import type { DraftRecord } from '../../../src/main/services/drafts'
import { LEGACY_RECORD_AAD } from '../../../src/main/services/request-log/store'
import { encryptBytes, encryptJson } from '../../../src/main/storage/encryption'
import type { RequestLogEntry } from '../../../src/shared/request-log-types'

/** A request-log record of the first format: a 4-byte length, then the entry sealed without its place. */
export function encodeLegacyRecord(key: Uint8Array, entry: RequestLogEntry): Buffer {
  const body = encryptBytes(key, Buffer.from(JSON.stringify(entry), 'utf8'), LEGACY_RECORD_AAD)
  const header = Buffer.alloc(4)
  header.writeUInt32BE(body.length, 0)
  return Buffer.concat([header, body])
}

/** A draft file of the first format: no header, the record sealed to its id only (no version). */
export function encodeLegacyDraftFile(key: Uint8Array, record: DraftRecord): Buffer {
  return encryptJson(key, record, `paydesk-draft:${record.id}`)
}
