// The team database's connection string, read into `pg`'s settings, and what went wrong with a
// connection, in the agent's words (issue 50, "Bad input": down, slow, full, a refused login).
import type { PoolConfig } from 'pg'
import { sqlState } from './pg-store'

export interface TeamConnection {
  /** The login the desk writes as (the connection string's user). */
  login: string
  /** host:port/database, for sentences (never the password). */
  where: string
  config: PoolConfig
}

/** A connection string that cannot be used, in a sentence. */
export class TeamConnectionError extends Error {
  constructor(message: string) {
    super(message)
    this.name = 'TeamConnectionError'
  }
}

/**
 * Reads postgres://user[:password]@host[:port]/database[?sslmode=…]. The password, when given apart
 * (from the keychain), wins over one in the string. sslmode disable / require / verify-full.
 */
export function teamConnection(url: string, password: string | null, timeoutMs: number): TeamConnection {
  let u: URL
  try {
    u = new URL(url)
  } catch {
    throw new TeamConnectionError(
      'The team database address is not a connection string (postgres://login@host:5432/database).',
    )
  }
  if (u.protocol !== 'postgres:' && u.protocol !== 'postgresql:') {
    throw new TeamConnectionError(
      'The team database address must start with postgres:// (postgres://login@host:5432/database).',
    )
  }
  const login = decodeURIComponent(u.username)
  if (login === '')
    throw new TeamConnectionError('The team database address names no login (postgres://login@host:5432/database).')
  const host = u.hostname.replace(/^\[(.*)\]$/, '$1') || 'localhost'
  const port = u.port === '' ? 5432 : Number(u.port)
  const database = decodeURIComponent(u.pathname.replace(/^\//, '')) || login
  const sslmode = u.searchParams.get('sslmode')
  const ssl =
    sslmode === null || sslmode === 'disable' ? false : sslmode === 'no-verify' ? { rejectUnauthorized: false } : true
  const fromString = decodeURIComponent(u.password)
  return {
    login,
    where: `${host}:${port}/${database}`,
    config: {
      host,
      port,
      database,
      user: login,
      password: password ?? (fromString === '' ? undefined : fromString),
      ssl,
      connectionTimeoutMillis: timeoutMs,
      query_timeout: timeoutMs,
      // A connection whose network went away without a word (a laptop closed, a VPN dropped) is found.
      keepAlive: true,
      keepAliveInitialDelayMillis: 10_000,
    },
  }
}

/** Whether an error means the database cannot be used now (go offline), not that it refused one write. */
export function isUnreachable(error: unknown): boolean {
  const state = sqlState(error)
  if (state === null) return !(error instanceof Error && error.name === 'UserFacingError')
  return /^(08|28|3D|53|57|58|XX)/.test(state)
}

/** A refused login or a missing database will not mend itself: 'error'; the rest is 'offline'. */
export function unreachableState(error: unknown): 'offline' | 'error' {
  const state = sqlState(error) ?? ''
  return /^(28|3D)/.test(state) ? 'error' : 'offline'
}

/** The setup command's --db for `where` (host:port/database), the admin's login left for them to fill in. */
function adminUrl(where: string): string {
  const parts = /^(.*):(\d+)\/(.*)$/.exec(where)
  if (!parts) return `postgres://ADMIN@${where}`
  const [, host = '', port, database] = parts
  return `postgres://ADMIN@${host.includes(':') ? `[${host}]` : host}:${port}/${database}`
}

/** A team database set up for an earlier Paydesk (its schema older than this desk's), and what to run. */
export function olderSchemaSentence(connection: Pick<TeamConnection, 'where'>): string {
  return `The team database at ${connection.where} was set up for an earlier Paydesk and needs an update before this desk can use it. Whoever set it up runs: npm run team:setup -- --db ${adminUrl(connection.where)} (ADMIN: the login they set it up with).`
}

/** Why the database cannot be used, in a sentence for the agent. */
export function unreachableSentence(
  error: unknown,
  connection: Pick<TeamConnection, 'login' | 'where'>,
  timeoutMs: number,
): string {
  const state = sqlState(error)
  const code = (error as { code?: unknown } | null)?.code
  const message = error instanceof Error ? error.message : String(error)
  const where = `The team database at ${connection.where}`
  if (state === '28P01')
    return `${where} refused the login ${connection.login}: the password is wrong. Enter it again under Connections → Team database.`
  if (state === '28000')
    return `${where} refused the login ${connection.login}: it has no access (removed from the team, or not set up yet). Ask your team lead.`
  if (state === '3D000') return `${where} does not exist. Check the database name in the connection string.`
  // A table this desk reads is missing: the database's schema is older than this desk's.
  if (state === '42P01') return olderSchemaSentence(connection)
  if (state === '53100') return `${where} is full (out of disk space) and cannot take writes.`
  if (state === '53300') return `${where} has no room for another connection (too many desks are connected).`
  if (state?.startsWith('57') || state?.startsWith('08')) return `${where} is shutting down or restarting.`
  if (code === 'ECONNREFUSED') return `${where} refuses connections: it is not running, or the address is wrong.`
  if (code === 'ENOTFOUND' || code === 'EAI_AGAIN') return `${where} cannot be found: check the host name.`
  if (code === 'EHOSTUNREACH' || code === 'ENETUNREACH') return `${where} cannot be reached from this network.`
  if (/timeout/i.test(message)) return `${where} did not answer within ${Math.round(timeoutMs / 1000)} seconds.`
  if (/terminat|ended|closed|ECONNRESET/i.test(`${message} ${String(code)}`)) return `${where} closed the connection.`
  return `${where} cannot be used (${message}).`
}
