import { createHmac, timingSafeEqual } from 'node:crypto'
import { mkdir } from 'node:fs/promises'
import { join } from 'node:path'
import { z } from 'zod'
import {
  checkBaseUrl,
  checkConnectionOptions,
  checkLabel,
  MAX_LABEL_LENGTH,
  MAX_PROFILE_ID_LENGTH,
  textHoldsCredential,
} from '../../../shared/connection-rules'
import { CREDENTIAL_PREFIX_LIST, kindOfPrefix } from '../../../shared/service/credentials'
import { backupFile, readJsonFile, writeJsonFileAtomic } from '../../storage/atomic-file'

/**
 * The non-secret half of the saved connections, in `<dataDir>/connections.json`. The secret half
 * is the keychain entry whose account is the connection's id. The built-in Sandbox is not saved.
 */
const CONNECTIONS_FILE = 'connections.json'

/** Connection ids as Paydesk makes them (`conn_` + 16 hex digits); also their keychain account. */
const CONNECTION_ID_PATTERN = /^conn_[0-9a-f]{16}$/
const timestamp = z.string().max(64)

const storedConnectionSchema = z
  .object({
    id: z.string().regex(CONNECTION_ID_PATTERN),
    label: z.string().min(1).max(MAX_LABEL_LENGTH),
    kind: z.enum(['api-key', 'organization-token']),
    mode: z.enum(['test', 'live']),
    prefix: z.enum(CREDENTIAL_PREFIX_LIST),
    last4: z.string().regex(/^[A-Za-z0-9_-]{1,8}$/),
    profileId: z.string().max(MAX_PROFILE_ID_LENGTH).nullable(),
    testmode: z.boolean().nullable(),
    baseUrl: z.string().min(1).max(2048),
    createdAt: timestamp,
    lastUsedAt: timestamp.nullable(),
    /**
     * HMAC-SHA256, keyed with the connection's own secret, over what decides where and how the secret
     * is sent (sealOf). Checked before every use: an edited file cannot redirect the key elsewhere.
     * Required: an entry without one was changed outside Paydesk (its seal removed) and is set aside.
     */
    seal: z.string().max(64).optional(),
  })
  .strict()

const connectionsFileSchema = z
  .object({
    version: z.literal(1),
    activeId: z.string().max(64),
    /** Entries are checked one by one (checkStoredConnection), so one bad entry costs only itself. */
    connections: z.array(z.unknown()).max(1000),
  })
  .strict()

export type StoredConnection = z.output<typeof storedConnectionSchema>
export interface ConnectionsFile {
  version: 1
  activeId: string
  connections: StoredConnection[]
}

/** What `seal` covers: everything that decides where the secret goes and what it is shown as. */
function sealedFields(c: StoredConnection): string {
  return JSON.stringify([
    'paydesk-connection/1',
    c.id,
    c.kind,
    c.mode,
    c.prefix,
    c.last4,
    c.profileId,
    c.testmode,
    c.baseUrl,
  ])
}

/**
 * Why an entry whose seal is missing or does not match is set aside: the same words for both, since
 * both mean the file was edited (or damaged) since Paydesk wrote it.
 */
export const EDITED_REASON = 'its settings were changed outside Paydesk (their seal is missing or does not match)'

export function sealOf(connection: StoredConnection, secret: string): string {
  return createHmac('sha256', secret).update(sealedFields(connection)).digest('base64url')
}

export function sealMatches(connection: StoredConnection, secret: string): boolean {
  if (connection.seal === undefined) return false
  const expected = Buffer.from(sealOf(connection, secret))
  const actual = Buffer.from(connection.seal)
  return expected.length === actual.length && timingSafeEqual(expected, actual)
}

/**
 * The same rules as adding a connection (connection-rules.ts): schema, id pattern, label, the kind,
 * mode and options the prefix implies, and the base URL rules (https, or plain http only to this
 * machine). Answers the reason an entry cannot be used, or null.
 */
function checkStoredConnection(raw: unknown): { ok: true; value: StoredConnection } | { ok: false; reason: string } {
  const parsed = storedConnectionSchema.safeParse(raw)
  if (!parsed.success) {
    const issue = parsed.error.issues[0]
    return { ok: false, reason: `${issue?.path.join('.') || 'entry'}: ${issue?.message ?? 'invalid'}` }
  }
  const c = parsed.data
  if (c.seal === undefined) return { ok: false, reason: EDITED_REASON }
  const label = checkLabel(c.label)
  if (!label.ok || label.value !== c.label) return { ok: false, reason: 'its name breaks the naming rules' }
  const detected = kindOfPrefix(c.prefix)
  const kind = detected.kind
  if (c.kind !== kind) return { ok: false, reason: `a ${c.prefix} credential is not a ${c.kind}` }
  const options = checkConnectionOptions(c.kind, { profileId: c.profileId, testmode: c.testmode })
  if (!options.ok) return { ok: false, reason: options.message }
  if (options.value.profileId !== c.profileId || options.value.testmode !== c.testmode) {
    return { ok: false, reason: 'its profile id or test mode is not as Paydesk stores them' }
  }
  const mode = detected.kind === 'api-key' ? detected.mode : c.testmode ? 'test' : 'live'
  if (c.mode !== mode) return { ok: false, reason: `it says ${c.mode} mode, but its credential is for ${mode} mode` }
  const baseUrl = checkBaseUrl(c.baseUrl)
  if (!baseUrl.ok) return { ok: false, reason: baseUrl.message }
  if (baseUrl.value !== c.baseUrl) return { ok: false, reason: 'its API address is not in the form Paydesk stores' }
  return { ok: true, value: c }
}

interface ParsedConnectionsFile {
  file: ConnectionsFile
  rejected: { label: string; reason: string }[]
}

function parseConnectionsFile(raw: unknown): ParsedConnectionsFile {
  const parsed = connectionsFileSchema.safeParse(raw)
  if (!parsed.success) {
    const issue = parsed.error.issues[0]
    throw new Error(`${issue?.path.join('.') || 'file'}: ${issue?.message ?? 'invalid'}`)
  }
  const ids = new Set<string>()
  const connections: StoredConnection[] = []
  const rejected: { label: string; reason: string }[] = []
  for (const entry of parsed.data.connections) {
    const checked = checkStoredConnection(entry)
    const label = labelOf(entry)
    if (!checked.ok) {
      rejected.push({ label, reason: checked.reason })
    } else if (ids.has(checked.value.id)) {
      rejected.push({ label, reason: `its id ${checked.value.id} appears twice` })
    } else {
      ids.add(checked.value.id)
      connections.push(checked.value)
    }
  }
  return { file: { version: 1, activeId: parsed.data.activeId, connections }, rejected }
}

/** A label for the notice, only as far as it is printable and short (it comes from the file). */
export function labelOf(entry: unknown): string {
  const label = (entry as { label?: unknown } | null)?.label
  if (typeof label !== 'string') return 'a connection without a name'
  const clean = label.replace(/[^\p{L}\p{N} ._'&()-]/gu, '').slice(0, MAX_LABEL_LENGTH)
  return textHoldsCredential(clean) || clean === '' ? 'a connection' : `“${clean}”`
}

/** What the person reads about entries set aside (at load, or at first use for a wrong seal). */
export function setAsideNotice(rejected: { label: string; reason: string }[], backupPath: string): string {
  const what = rejected.map((r) => `${r.label} (${r.reason.replace(/\.$/, '')})`).join('; ')
  return (
    `${rejected.length === 1 ? 'A saved connection was' : `${rejected.length} saved connections were`} set aside ` +
    `and will not be used, because the saved settings break Paydesk's rules: ${what}. The file was changed ` +
    `outside Paydesk or is damaged; a copy was kept at ${backupPath}. Add the connection again to use it.`
  )
}

interface LoadedConnections {
  file: ConnectionsFile | null
  /** For the user when the file was unusable (and set aside). */
  notice: string | null
}

export function connectionsFilePath(dataDir: string): string {
  return join(dataDir, CONNECTIONS_FILE)
}

export async function loadConnectionsFile(dataDir: string): Promise<LoadedConnections> {
  const path = connectionsFilePath(dataDir)
  const result = await readJsonFile(path, parseConnectionsFile)
  if (result.status === 'missing') return { file: null, notice: null }
  if (result.status === 'ok') {
    const { file, rejected } = result.value
    if (rejected.length === 0) return { file, notice: null }
    // The file as it was is kept next to it; the next save writes only the usable entries.
    const backupPath = await backupFile(path)
    return { file, notice: setAsideNotice(rejected, backupPath) }
  }
  return {
    file: null,
    notice:
      `The saved connections could not be read because ${result.reason}. A copy was kept at ${result.backupPath}; ` +
      'only the Sandbox is available until you add connections again. Their secrets are still in the keychain.',
  }
}

export async function saveConnectionsFile(dataDir: string, file: ConnectionsFile): Promise<void> {
  // First write on a fresh profile (or the e2e harness's new temp dir): create the directory.
  await mkdir(dataDir, { recursive: true, mode: 0o700 })
  await writeJsonFileAtomic(connectionsFilePath(dataDir), file)
}
