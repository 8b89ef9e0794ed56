// Setting up a team database and its people (issue 50 item 5), and verifying its action record:
// what `npm run team:setup` and `npm run team:verify` do (team-cli.ts). Each agent is a login of
// their own, a member of one of the three group roles the migrations create; removing an agent ends
// their sessions and drops the login, and their rows stay (rows name the login as text).
import { createHash, createHmac, pbkdf2Sync, randomBytes } from 'node:crypto'
import { escapeIdentifier, escapeLiteral, type ClientBase } from 'pg'
import { parseAmountValue } from '../../shared/money'
import type { ActionRecordEntry } from '../../shared/team-record'
import { verifyChain, type ChainProblem } from './chain'
import { applyMigrations } from './migrations'
import { ACTION_COLUMNS, actionFromRow, type ActionRow } from './pg-rows'

export type TeamRole = 'viewer' | 'agent' | 'lead' | 'runner'
/** `runner`: the team runner's login (issue 51), which sends what the desks asked for. */
export const TEAM_ROLES: readonly TeamRole[] = ['viewer', 'agent', 'lead', 'runner']

/** The schema (all migrations not yet applied), with its roles and grants. */
export function setUpTeamDatabase(admin: ClientBase): Promise<number[]> {
  return applyMigrations(admin)
}

/** Why a login name cannot be an agent's, or null. */
function agentNameProblem(login: string): string | null {
  if (!/^[a-z_][a-z0-9_.-]{0,62}$/.test(login)) {
    return `"${login}" cannot be a login: use lower-case letters, digits, "_", "." or "-" (at most 63), starting with a letter.`
  }
  if (/^(pg_|paydesk_)/.test(login) || login === 'postgres' || login === 'public')
    return `"${login}" is a name PostgreSQL or Paydesk keeps for itself.`
  return null
}

/** A new password: 24 random characters (printed once, never stored by Paydesk). */
export function newPassword(): string {
  return randomBytes(18).toString('base64url')
}

/**
 * The SCRAM-SHA-256 verifier PostgreSQL stores for a password (RFC 5802 / 7677), made here so the
 * password itself never travels to the server nor lands in its statement log. Passwords outside
 * printable ASCII are left to the server (it normalizes them first: SASLprep).
 */
function scramVerifier(password: string): string | null {
  if (!/^[\x21-\x7e]+$/.test(password)) return null
  const salt = randomBytes(16)
  const iterations = 4096
  const salted = pbkdf2Sync(password, salt, iterations, 32, 'sha256')
  const clientKey = createHmac('sha256', salted).update('Client Key').digest()
  const storedKey = createHash('sha256').update(clientKey).digest()
  const serverKey = createHmac('sha256', salted).update('Server Key').digest()
  return `SCRAM-SHA-256$${iterations}:${salt.toString('base64')}$${storedKey.toString('base64')}:${serverKey.toString('base64')}`
}

/** Creates the agent's login (or renews its password and role) as a member of the role's group. */
export async function addAgent(admin: ClientBase, login: string, role: TeamRole, password: string): Promise<void> {
  const problem = agentNameProblem(login)
  if (problem !== null) throw new Error(problem)
  const name = escapeIdentifier(login)
  const secret = escapeLiteral(scramVerifier(password) ?? password)
  await admin.query('BEGIN')
  try {
    const exists = await admin.query('SELECT 1 FROM pg_roles WHERE rolname = $1', [login])
    await admin.query(
      exists.rowCount ? `ALTER ROLE ${name} LOGIN PASSWORD ${secret}` : `CREATE ROLE ${name} LOGIN PASSWORD ${secret}`,
    )
    for (const other of TEAM_ROLES) {
      if (other !== role) await admin.query(`REVOKE ${escapeIdentifier(`paydesk_${other}`)} FROM ${name}`)
    }
    await admin.query(`GRANT ${escapeIdentifier(`paydesk_${role}`)} TO ${name}`)
    await admin.query(
      `INSERT INTO paydesk.agents (login, role) VALUES ($1, $2)
       ON CONFLICT (login) DO UPDATE SET role = excluded.role, removed_at = NULL`,
      [login, role],
    )
    await admin.query('COMMIT')
  } catch (error) {
    await admin.query('ROLLBACK')
    throw error
  }
}

/** Ends the agent's access: their sessions end, the login goes; their rows stay. */
export async function removeAgent(admin: ClientBase, login: string): Promise<{ sessionsEnded: number }> {
  const known = await admin.query('SELECT 1 FROM paydesk.agents WHERE login = $1 AND removed_at IS NULL', [login])
  if (!known.rowCount) throw new Error(`${login} is not an agent of this team.`)
  await admin.query('UPDATE paydesk.agents SET removed_at = now() WHERE login = $1', [login])
  await admin.query(`ALTER ROLE ${escapeIdentifier(login)} NOLOGIN`)
  const ended = await admin.query('SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE usename = $1', [login])
  await admin.query(`DROP ROLE ${escapeIdentifier(login)}`)
  return { sessionsEnded: ended.rowCount ?? 0 }
}

interface VerifyReport {
  rows: number
  problems: ChainProblem[]
}

/** Walks the whole action record in order (in pages) and names every row that does not verify. */
export async function verifyTeamRecord(client: ClientBase): Promise<VerifyReport> {
  const rows: ActionRecordEntry[] = []
  let after = -1
  for (;;) {
    const page = await client.query<ActionRow>(
      `SELECT ${ACTION_COLUMNS} FROM paydesk.action_record WHERE seq > $1 ORDER BY action_record.seq LIMIT 10000`,
      [after],
    )
    for (const row of page.rows) rows.push(actionFromRow(row))
    const last = rows[rows.length - 1]
    if (page.rows.length < 10000 || !last) break
    after = last.seq
  }
  const head = (
    await client.query<{ seq: string; hash: string }>(
      'SELECT seq::text AS seq, hash FROM paydesk.chain_head WHERE id = 1',
    )
  ).rows[0]
  return { rows: rows.length, problems: verifyChain(rows, head ? { seq: Number(head.seq), hash: head.hash } : null) }
}

/**
 * Sets a role's refund limits in one currency (issue 51): up to `perRefund` a refund, and up to
 * `perDay` a day for each person of the role, go to the team runner without a lead; above either,
 * the request waits for a lead's approval. Amounts are the currency's decimal strings.
 */
export async function setRefundLimit(
  admin: ClientBase,
  limit: { role: 'agent' | 'lead'; currency: string; perRefund: string; perDay: string },
): Promise<void> {
  for (const value of [limit.perRefund, limit.perDay]) {
    const parsed = parseAmountValue(value, limit.currency)
    if (!parsed.ok) throw new Error(`A limit of ${value} ${limit.currency}: ${parsed.reason}`)
  }
  await admin.query(
    `INSERT INTO paydesk.refund_limits (role, currency, per_refund, per_day) VALUES ($1, $2, $3, $4)
     ON CONFLICT (role, currency) DO UPDATE SET per_refund = excluded.per_refund, per_day = excluded.per_day`,
    [limit.role, limit.currency, limit.perRefund, limit.perDay],
  )
}
