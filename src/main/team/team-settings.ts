// The team database's settings (issue 50 item 1): its connection string without the password, in the
// data folder (team-database.json), and the password in the OS keychain like every secret. A password
// typed inside the connection string is moved to the keychain; the file never holds one.
import { join } from 'node:path'
import { UserFacingError } from '../errors'
import type { SecretStore } from '../secrets/secret-store'
import { readJsonFile, writeJsonFileAtomic } from '../storage/atomic-file'
import { unlink } from 'node:fs/promises'
import { TeamConnectionError, teamConnection } from './team-connection'

/** The keychain account of the team database's password (connections use `conn_…` accounts). */
export const TEAM_PASSWORD_ACCOUNT = 'team-database'
const FILE = 'team-database.json'

/** What the team store is opened with. */
export interface TeamDatabaseConfig {
  /** postgresql://login@host:port/database?…, without a password. */
  connectionString: string
  /** The agent's own database login (the string's user). */
  login: string
  password: string | null
}

export interface TeamSettings {
  /** The settings, or null when no team database is set. */
  read(): Promise<TeamDatabaseConfig | null>
  /** What the Connections screen shows: never the password, only whether the keychain holds one. */
  view(): Promise<{ connectionString: string | null; hasPassword: boolean }>
  save(input: { connectionString: string; password?: string | undefined }): Promise<TeamDatabaseConfig>
  forget(): Promise<void>
}

/**
 * Reads a connection string (team-connection.ts decides what is usable and words a refusal): the login
 * it names, and the string with its password taken out (the password goes to the keychain).
 */
export function parseConnectionString(text: string): {
  connectionString: string
  login: string
  password: string | null
} {
  const trimmed = text.trim()
  let login: string
  try {
    login = teamConnection(trimmed, null, 0).login
  } catch (error) {
    if (!(error instanceof TeamConnectionError)) throw error
    throw new UserFacingError('invalid-input', error.message, {
      issues: [{ path: 'connectionString', message: error.message }],
    })
  }
  const url = new URL(trimmed)
  const password = url.password ? decodeURIComponent(url.password) : null
  url.password = ''
  return { connectionString: url.toString(), login, password }
}

export function createTeamSettings(options: {
  dataDir: string
  secretStore: SecretStore
  /** The secret scrubber learns the password (no reply or event may carry it). */
  remember?: (secret: string) => void
}): TeamSettings {
  const path = join(options.dataDir, FILE)

  async function stored(): Promise<string | null> {
    const result = await readJsonFile(path, (raw) => {
      const value = (raw as { connectionString?: unknown } | null)?.connectionString
      if (typeof value !== 'string') throw new Error('no connection string')
      return value
    })
    return result.status === 'ok' ? result.value : null
  }

  return {
    async read() {
      const text = await stored()
      if (!text) return null
      const parsed = parseConnectionString(text)
      const password = await options.secretStore.get(TEAM_PASSWORD_ACCOUNT)
      if (password) options.remember?.(password)
      return { connectionString: parsed.connectionString, login: parsed.login, password }
    },
    async view() {
      const text = await stored()
      const accounts = text ? await options.secretStore.accounts().catch(() => []) : []
      return { connectionString: text, hasPassword: accounts.includes(TEAM_PASSWORD_ACCOUNT) }
    },
    async save(input) {
      const parsed = parseConnectionString(input.connectionString)
      const password = input.password || parsed.password
      if (password) {
        options.remember?.(password)
        // Keychain first: if it is unavailable, no setting is written.
        await options.secretStore.set(TEAM_PASSWORD_ACCOUNT, password)
      }
      await writeJsonFileAtomic(path, { connectionString: parsed.connectionString })
      const kept = password ?? (await options.secretStore.get(TEAM_PASSWORD_ACCOUNT))
      return { connectionString: parsed.connectionString, login: parsed.login, password: kept }
    },
    async forget() {
      await unlink(path).catch((error: NodeJS.ErrnoException) => {
        if (error.code !== 'ENOENT') throw error
      })
      await options.secretStore.delete(TEAM_PASSWORD_ACCOUNT)
    },
  }
}
