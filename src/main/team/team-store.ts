// The record in team mode (issue 50): the team's PostgreSQL database, with the desk's own encrypted
// store as its copy and outbox. Every note and record row is written on the desk first (queued, in
// one transaction) and then sent, oldest first; the database keeps a row once (the desk-made id), so
// a row sent twice after a lost answer is stored once. While the database cannot be used (down,
// slow, full, a refused login) the desk works on its own store and says why in status(); it tries
// again every few seconds, sends what waited, and tells its views to read again (catching up on
// what colleagues wrote meanwhile). Changes from other desks arrive by LISTEN/NOTIFY.
import { createHash, randomBytes, randomUUID } from 'node:crypto'
import pg, { type ClientBase } from 'pg'
import type {
  ActionRecordEntry,
  CaseState,
  NewActionRecord,
  RecordChange,
  RecordNote,
  RecordObjectRef,
  TeamRecordStatus,
} from '../../shared/team-record'
import { UserFacingError } from '../errors'
import { DeskRecordStore, type OutboxOp } from './desk-store'
import { LATEST_MIGRATION } from './migrations'
import { TeamDatabase } from './pg-store'
import { checkNote, Listeners } from './record-rules'
import type { RecordStore } from './record-store'
import {
  isUnreachable,
  teamConnection,
  olderSchemaSentence,
  unreachableSentence,
  unreachableState,
  type TeamConnection,
} from './team-connection'

export interface TeamStoreOptions {
  /** postgres://login@host:port/database (the password apart, from the keychain). */
  url: string
  password: string | null
  /**
   * The desk's copy and outbox (an SQLite file in the data folder) and the data key. The file used is
   * this name with the login and database folded in (copyFile), so what one login queued is never
   * sent under another login or to another team's database.
   */
  file: string
  key: Uint8Array
  desk: string
  /** How long a connection or a query may take before the desk goes on alone (default 5 s). */
  timeoutMs?: number
  /** How often to try again while the database cannot be used (default 5 s). */
  retryMs?: number
}

type Result = ActionRecordEntry | RecordNote | CaseState

/** The desk's copy of one login's record in one database: `team-copy.sqlite` → `team-copy-<12 hex>.sqlite`. */
function copyFile(file: string, connection: Pick<TeamConnection, 'login' | 'where'>): string {
  const tag = createHash('sha256').update(`${connection.login}@${connection.where}`).digest('hex').slice(0, 12)
  return file.replace(/(\.sqlite)?$/, `-${tag}.sqlite`)
}

function refOf(op: OutboxOp): string {
  if (op.op === 'action') return op.entry.id
  if (op.op === 'note') return op.note.id
  return `${op.op}:${op.object.kind}:${op.object.id}:${op.at}`
}

export class TeamRecordStore implements RecordStore {
  private readonly connection: TeamConnection
  private readonly pool: pg.Pool
  private readonly db: TeamDatabase
  private readonly local: DeskRecordStore
  private readonly listeners = new Listeners()
  /** The application_name of this desk's sessions: its own NOTIFYs are not news. */
  private readonly session = `paydesk:${randomBytes(6).toString('hex')}`
  private listener: pg.Client | null = null
  private state: TeamRecordStatus['state'] = 'connecting'
  private reason = 'Connecting to the team database…'
  private online = 0
  private notices: string[] = []
  private queue: Promise<void> = Promise.resolve()
  private readonly awaiting = new Map<string, Result | Error | null>()
  private retryTimer: NodeJS.Timeout | null = null
  private presenceTimer: NodeJS.Timeout | null = null
  private closed = false
  private readonly timeoutMs: number
  private readonly retryMs: number

  constructor(options: TeamStoreOptions) {
    this.timeoutMs = options.timeoutMs ?? 5000
    this.retryMs = options.retryMs ?? 5000
    this.connection = teamConnection(options.url, options.password, this.timeoutMs)
    this.pool = new pg.Pool({
      ...this.connection.config,
      application_name: this.session,
      max: 4,
      idleTimeoutMillis: 30_000,
    })
    this.pool.on('error', (error) => this.fail(error))
    this.db = new TeamDatabase(this.pool, this.connection.login)
    this.local = new DeskRecordStore({
      file: copyFile(options.file, this.connection),
      key: options.key,
      login: this.connection.login,
      desk: options.desk,
      outbox: true,
    })
    this.local.subscribe((change) => this.listeners.emit(change))
  }

  get login(): string {
    return this.connection.login
  }

  /** Connects (or finds it cannot, and says why); resolves once the first attempt is over. */
  async connect(): Promise<void> {
    if (this.closed || this.state === 'connected') return
    const listener = new pg.Client({ ...this.connection.config, application_name: this.session })
    listener.on('error', (error) => this.lost(listener, error))
    listener.on('end', () => this.lost(listener, new Error('The connection was closed.')))
    listener.on('notification', (message) =>
      message.channel === 'paydesk_requests' ? this.heardRequest(message.payload) : this.heard(message.payload),
    )
    try {
      await listener.connect()
      const version =
        (await listener.query<{ v: number | null }>('SELECT max(version) AS v FROM paydesk.schema_migrations')).rows[0]
          ?.v ?? 0
      if (version !== LATEST_MIGRATION) {
        await listener.end().catch(() => {})
        this.setState('error', this.schemaSentence(version))
        this.scheduleRetry(this.retryMs * 6)
        return
      }
      await listener.query('LISTEN paydesk_record')
      await listener.query('LISTEN paydesk_requests')
      if (this.closed) {
        await listener.end().catch(() => {})
        return
      }
      this.listener = listener
      this.state = 'connected'
      await this.flush()
      if (this.state !== 'connected') return
      await this.refreshPresence()
      this.presenceTimer ??= setInterval(() => void this.refreshPresence(), 15_000).unref()
      this.setState('connected', '')
    } catch (error) {
      await listener.end().catch(() => {})
      this.fail(error)
    }
  }

  private schemaSentence(version: number): string {
    return version < LATEST_MIGRATION
      ? olderSchemaSentence(this.connection)
      : `The team database at ${this.connection.where} was set up by a newer Paydesk; update this desk.`
  }

  private setState(state: TeamRecordStatus['state'], reason: string): void {
    const changed = state !== this.state || reason !== this.reason
    this.state = state
    this.reason = reason
    // Back online: every view reads again, so what colleagues wrote meanwhile shows (catching up).
    if (changed) this.listeners.emit({ kind: 'status' })
  }

  private lost(listener: pg.Client, error: unknown): void {
    if (this.listener !== listener) return
    this.listener = null
    this.fail(error)
  }

  private fail(error: unknown): void {
    if (this.closed) return
    if (this.listener) {
      const listener = this.listener
      this.listener = null
      listener.end().catch(() => {})
    }
    this.setState(unreachableState(error), unreachableSentence(error, this.connection, this.timeoutMs))
    this.scheduleRetry(this.state === 'error' ? this.retryMs * 6 : this.retryMs)
  }

  private scheduleRetry(ms: number): void {
    if (this.closed || this.retryTimer) return
    this.retryTimer = setTimeout(() => {
      this.retryTimer = null
      void this.connect()
    }, ms)
    this.retryTimer.unref()
  }

  private heard(payload: string | undefined): void {
    try {
      const change = JSON.parse(payload ?? '') as {
        kind: RecordChange['kind']
        object: RecordObjectRef
        session: string
      }
      if (change.session === this.session) return
      if (change.kind === 'action' || change.kind === 'note' || change.kind === 'case') {
        this.listeners.emit({ kind: change.kind, object: { kind: change.object.kind, id: change.object.id } })
      }
    } catch {
      // Not one of ours: nothing to tell.
    }
  }

  /** A write request changed (any desk's, the runner's): views of its object and Home read again. */
  private heardRequest(payload: string | undefined): void {
    try {
      const change = JSON.parse(payload ?? '') as { object: RecordObjectRef }
      this.listeners.emit({ kind: 'request', object: { kind: change.object.kind, id: change.object.id } })
    } catch {
      // Not one of ours: nothing to tell.
    }
  }

  async withTeamDatabase<T>(use: (db: ClientBase) => Promise<T>): Promise<T> {
    if (this.state !== 'connected') {
      throw new UserFacingError(
        'conflict',
        `The team database cannot be reached now (${this.status().sentence}); refunds are asked for there, so try again once it is back.`,
      )
    }
    const client = await this.pool.connect()
    try {
      return await use(client)
    } finally {
      client.release()
    }
  }

  private async refreshPresence(): Promise<void> {
    try {
      const rows = await this.pool.query<{ n: number }>(
        `SELECT count(DISTINCT usename)::int AS n FROM pg_stat_activity
         WHERE datname = current_database() AND application_name LIKE 'paydesk:%' AND usename <> session_user`,
      )
      const n = rows.rows[0]?.n ?? 0
      if (n !== this.online) {
        this.online = n
        this.listeners.emit({ kind: 'status' })
      }
    } catch (error) {
      if (isUnreachable(error)) this.fail(error)
    }
  }

  /** Sends what the desk queued, oldest first, one sender at a time; a caller waits for its own row. */
  private flush(): Promise<void> {
    const run = this.queue.then(() => this.flushOnce())
    this.queue = run.catch(() => {})
    return run
  }

  private async flushOnce(): Promise<void> {
    for (const { rid, op } of this.local.outbox()) {
      if (this.state !== 'connected') return
      const ref = refOf(op)
      try {
        const result = await this.db.apply(op)
        if (op.op !== 'action' && op.op !== 'note') this.local.putCase(result as CaseState)
        if (this.awaiting.has(ref)) this.awaiting.set(ref, result)
      } catch (error) {
        if (isUnreachable(error)) {
          this.fail(error)
          return
        }
        // Refused by the database (someone else took the case meanwhile, a note moved): said, not retried.
        if (this.awaiting.has(ref)) this.awaiting.set(ref, error as Error)
        else
          this.notices = [
            ...this.notices.slice(-2),
            `A change made while offline was not accepted by the team database: ${(error as Error).message}`,
          ]
      }
      this.local.sent(rid)
    }
  }

  /** Queues through `write` (on the desk), sends, and answers the database's version when it got there. */
  private async written<T extends Result>(ref: string, write: () => Promise<T>): Promise<T> {
    this.awaiting.set(ref, null)
    try {
      const local = await write()
      if (this.state === 'connected') await this.flush()
      const sent = this.awaiting.get(ref)
      if (sent instanceof Error) throw sent
      return (sent as T | null) ?? local
    } finally {
      this.awaiting.delete(ref)
    }
  }

  appendAction(row: NewActionRecord): Promise<ActionRecordEntry> {
    const id = randomUUID()
    return this.written(id, () => this.local.appendAction(row, id))
  }

  async writeNote(object: RecordObjectRef, text: string, noteId?: string): Promise<RecordNote> {
    checkNote(text)
    const id = randomUUID()
    const note: RecordNote = {
      id,
      object: { kind: object.kind, id: object.id },
      noteId: noteId ?? id,
      version: 0,
      author: this.connection.login,
      at: new Date().toISOString(),
      text,
    }
    return this.written(id, () => Promise.resolve(this.local.keepNote(note)))
  }

  private async read<T>(online: () => Promise<T>, offline: () => Promise<T>): Promise<T> {
    if (this.state === 'connected') {
      try {
        return await online()
      } catch (error) {
        if (!isUnreachable(error)) throw error
        this.fail(error)
      }
    }
    return offline()
  }

  actionsFor(object: RecordObjectRef): Promise<ActionRecordEntry[]> {
    return this.read(
      () => this.db.actionsFor(object),
      () => this.local.actionsFor(object),
    )
  }

  actionsOn(objects: readonly RecordObjectRef[]): Promise<ActionRecordEntry[]> {
    return this.read(
      () => this.db.actionsOn(objects),
      () => this.local.actionsOn(objects),
    )
  }

  notesFor(object: RecordObjectRef): Promise<RecordNote[]> {
    return this.read(
      () => this.db.notesFor(object),
      () => this.local.notesFor(object),
    )
  }

  caseOf(object: RecordObjectRef): Promise<CaseState | null> {
    return this.read(
      () => this.db.caseOf(object),
      () => this.local.caseOf(object),
    )
  }

  openCases(whose: 'mine' | 'team'): Promise<CaseState[]> {
    return this.read(
      () => this.db.openCases(whose),
      () => this.local.openCases(whose),
    )
  }

  findByTicket(ticket: string): Promise<RecordObjectRef[]> {
    return this.read(
      () => this.db.findByTicket(ticket),
      () => this.local.findByTicket(ticket),
    )
  }

  colleagues(): Promise<{ login: string; online: boolean }[]> {
    return this.read(
      () => this.db.colleagues(),
      () => Promise.resolve([]),
    )
  }

  /** A case change: decided by the database when it can be used (after what waited), else on the desk. */
  private async caseChange(
    online: (at: string) => Promise<CaseState>,
    offline: () => Promise<CaseState>,
  ): Promise<CaseState> {
    if (this.state === 'connected') await this.flush()
    if (this.state === 'connected') {
      try {
        const state = await online(new Date().toISOString())
        this.local.putCase(state)
        this.listeners.emit({ kind: 'case', object: state.object })
        return state
      } catch (error) {
        if (!isUnreachable(error)) throw error
        this.fail(error)
      }
    }
    return offline()
  }

  takeCase(object: RecordObjectRef, ticket: string | null = null): Promise<CaseState> {
    return this.caseChange(
      (at) => this.db.takeCase(object, ticket, at),
      () => this.local.takeCase(object, ticket),
    )
  }

  handOver(object: RecordObjectRef, to: string): Promise<CaseState> {
    return this.caseChange(
      (at) => this.db.handOver(object, to, at),
      () => this.local.handOver(object, to),
    )
  }

  closeCase(object: RecordObjectRef): Promise<CaseState> {
    return this.caseChange(
      (at) => this.db.closeCase(object, at),
      () => this.local.closeCase(object),
    )
  }

  status(): TeamRecordStatus {
    const waiting = this.local.waitingToSync()
    const colleagues = `${this.online} ${this.online === 1 ? 'colleague' : 'colleagues'} online`
    const queued = waiting === 0 ? '' : ` ${waiting} ${waiting === 1 ? 'change waits' : 'changes wait'} to be sent.`
    const sentence =
      this.state === 'connected'
        ? `Connected as ${this.connection.login}, ${colleagues}.${queued}`
        : this.state === 'connecting'
          ? `Connecting to the team database at ${this.connection.where}…`
          : `${this.reason} Paydesk goes on with this desk's own record and tries again.${queued}`
    return {
      home: 'team',
      state: this.state,
      login: this.connection.login,
      colleaguesOnline: this.state === 'connected' ? this.online : 0,
      waitingToSync: waiting,
      sentence: [sentence, ...this.notices].join(' '),
    }
  }

  subscribe(listener: (change: RecordChange) => void): () => void {
    return this.listeners.add(listener)
  }

  async close(): Promise<void> {
    this.closed = true
    if (this.retryTimer) clearTimeout(this.retryTimer)
    if (this.presenceTimer) clearInterval(this.presenceTimer)
    const listener = this.listener
    this.listener = null
    await listener?.end().catch(() => {})
    await this.queue
    await this.pool.end().catch(() => {})
    await this.local.close()
  }
}

/** Opens the team record and makes the first connection attempt (the status then says how it went). */
export async function openTeamRecordStore(options: TeamStoreOptions): Promise<TeamRecordStore> {
  const store = new TeamRecordStore(options)
  await store.connect()
  return store
}
