// "Test connection" under Connections → Team database: one connection with the settings as typed,
// kept only for the question, and the answer in a sentence (team-connection.ts words a failure).
import pg from 'pg'
import { teamConnection, unreachableSentence } from './team-connection'
import type { TeamDatabaseConfig } from './team-settings'

/** How long a trial may take before it is told as "did not answer". */
const TRIAL_TIMEOUT_MS = 5000

export async function tryTeamConnection(config: TeamDatabaseConfig): Promise<{ ok: boolean; sentence: string }> {
  const connection = teamConnection(config.connectionString, config.password, TRIAL_TIMEOUT_MS)
  const client = new pg.Client({ ...connection.config, application_name: 'paydesk:trial' })
  client.on('error', () => {})
  try {
    await client.connect()
    const { rows } = await client.query<{ login: string }>('SELECT current_user AS login')
    const login = rows[0]?.login ?? connection.login
    return { ok: true, sentence: `The team database at ${connection.where} accepts the login ${login}.` }
  } catch (error) {
    return { ok: false, sentence: unreachableSentence(error, connection, TRIAL_TIMEOUT_MS) }
  } finally {
    await client.end().catch(() => {})
  }
}
