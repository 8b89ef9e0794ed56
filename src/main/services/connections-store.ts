import { mkdir } from 'node:fs/promises'
import { join } from 'node:path'
import { z } from 'zod'
import { readJsonFile, writeJsonFileAtomic } from '../storage/atomic-file'

/**
 * The non-secret half of the saved connections, in `<dataDir>/connections.json`. The secret half
 * is the keychain entry whose account is the connection's id. The built-in Sandbox is not saved.
 */
export const CONNECTIONS_FILE = 'connections.json'

const storedConnectionSchema = z.object({
  id: z.string().min(1).max(64),
  label: z.string().min(1),
  kind: z.enum(['api-key', 'organization-token']),
  mode: z.enum(['test', 'live']),
  prefix: z.enum(['test_', 'live_', 'access_']),
  last4: z.string().max(8),
  profileId: z.string().nullable(),
  testmode: z.boolean().nullable(),
  baseUrl: z.string().min(1),
  createdAt: z.string(),
  lastUsedAt: z.string().nullable(),
})

const connectionsFileSchema = z.object({
  version: z.literal(1),
  activeId: z.string(),
  connections: z.array(storedConnectionSchema),
})

export type StoredConnection = z.output<typeof storedConnectionSchema>
export type ConnectionsFile = z.output<typeof connectionsFileSchema>

function parseConnectionsFile(raw: unknown): ConnectionsFile {
  const parsed = connectionsFileSchema.safeParse(raw)
  if (!parsed.success) {
    const issue = parsed.error.issues[0]
    throw new Error(`${issue?.path.join('.') || 'file'}: ${issue?.message ?? 'invalid'}`)
  }
  const ids = new Set<string>()
  for (const connection of parsed.data.connections) {
    if (ids.has(connection.id)) throw new Error(`connection id ${connection.id} appears twice`)
    ids.add(connection.id)
  }
  return parsed.data
}

export interface LoadedConnections {
  file: ConnectionsFile | null
  /** For the user when the file was unusable (and set aside). */
  notice: string | null
}

export function connectionsFilePath(dataDir: string): string {
  return join(dataDir, CONNECTIONS_FILE)
}

export async function loadConnectionsFile(dataDir: string): Promise<LoadedConnections> {
  const result = await readJsonFile(connectionsFilePath(dataDir), parseConnectionsFile)
  if (result.status === 'missing') return { file: null, notice: null }
  if (result.status === 'ok') return { file: result.value, notice: null }
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
