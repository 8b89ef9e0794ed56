// The record service (issue 50): the one thing main's other parts call for the desk's shared record.
// It holds the active RecordStore (the desk's own store, or the team database when one is set), knows
// the agent's login and the desk, records every write the actions and the builder send (never
// blocking or undoing them: a record write that fails is kept and retried in order), and tells the
// views when the record changed. Electron-free.
import type {
  ActionRecordEntry,
  CaseState,
  NewActionRecord,
  RecordChange,
  RecordNote,
  RecordObjectRef,
  TeamRecordStatus,
} from '../../shared/team-record'
import { noteTextProblem } from '../../shared/team-record'
import { UserFacingError } from '../errors'
import type { ClientBase } from 'pg'
import type { RecordStore } from './record-store'
import type { WriteRecorder } from './recorded-write'
import { createRetryQueue } from './retry-queue'
import { parseConnectionString, type TeamDatabaseConfig, type TeamSettings } from './team-settings'

/** Who writes: the agent's login on this desk, and the desk. */
export interface RecordIdentity {
  login: string
  desk: string
}

export interface RecordServiceOptions {
  identity: RecordIdentity
  /** The desk's own store (the app's SQLite in the data folder). */
  openDeskStore: (identity: RecordIdentity) => Promise<RecordStore>
  /**
   * The team's database (with a copy on this desk: it keeps working while the database is unreachable
   * and sends what it wrote when it is back). Absent: no team database can be set on this build.
   */
  openTeamStore?: (config: TeamDatabaseConfig, identity: RecordIdentity) => Promise<RecordStore>
  /** Tries a team database's settings without keeping a connection: one sentence for the agent. */
  tryTeamDatabase?: (config: TeamDatabaseConfig) => Promise<{ ok: boolean; sentence: string }>
  settings: TeamSettings
  /** Every change of the record (this desk's or another's), for the `team.changed` event. */
  emit: (change: RecordChange) => void
  /** Retry delays of a record write that failed (tests: 0). */
  retryDelayMs?: (attempt: number) => number
  /** Reports a record write that failed (the app's log); never its content's secrets (it holds none). */
  onRecordError?: (error: unknown) => void
}

export interface RecordService {
  /** The agent's login as the record names them (their database login in team mode). */
  login(): string
  /** Records a write; returns at once, never throws (the store's failures are retried). */
  record: WriteRecorder
  /** Record rows not yet in the store (a store write failed; retried). */
  waitingRecords(): number
  /** Waits until every record row handed in so far was written or failed once (tests, shutdown). */
  settled(): Promise<void>
  actionsFor(object: RecordObjectRef): Promise<ActionRecordEntry[]>
  /** The rows about any of these objects, oldest first, in one read of the store. */
  actionsOn(objects: readonly RecordObjectRef[]): Promise<ActionRecordEntry[]>
  notesFor(object: RecordObjectRef): Promise<RecordNote[]>
  writeNote(object: RecordObjectRef, text: string, noteId?: string): Promise<RecordNote>
  takeCase(object: RecordObjectRef, ticket?: string | null): Promise<CaseState>
  handOver(object: RecordObjectRef, to: string): Promise<CaseState>
  closeCase(object: RecordObjectRef): Promise<CaseState>
  caseOf(object: RecordObjectRef): Promise<CaseState | null>
  openCases(whose: 'mine' | 'team'): Promise<CaseState[]>
  findByTicket(ticket: string): Promise<RecordObjectRef[]>
  /** The team's other agents, online ones first (none on a single desk). */
  colleagues(): Promise<{ login: string; online: boolean }[]>
  status(): Promise<TeamRecordStatus>
  /** Runs `use` on the team database (issue 51's write requests); refused in words on a single desk. */
  withTeamDatabase<T>(use: (db: ClientBase) => Promise<T>): Promise<T>
  /** Sets the team database (the password goes to the keychain) and connects to it. */
  connect(input: { connectionString: string; password?: string | undefined }): Promise<TeamRecordStatus>
  /** Tries a connection string without saving it: one sentence for the agent. */
  test(input: { connectionString: string; password?: string | undefined }): Promise<{ ok: boolean; sentence: string }>
  /** Forgets the team database (and its password); the desk's own store is the record again. */
  disconnect(): Promise<TeamRecordStatus>
  close(): Promise<void>
}

/** Runs `use` on a store's team database connection; refused in words on a single desk. */
async function onTeamDatabase<T>(s: RecordStore, use: (db: ClientBase) => Promise<T>): Promise<T> {
  if (!s.withTeamDatabase) {
    throw new UserFacingError(
      'conflict',
      'Refunds are asked for through a team database: set one under Connections → Team database.',
    )
  }
  return s.withTeamDatabase(use)
}

/** What the desk's own store says while it cannot be opened (the keychain locked, the folder unreadable). */
function unavailableStatus(login: string, waiting: number): TeamRecordStatus {
  return {
    home: 'desk',
    state: 'error',
    login,
    colleaguesOnline: 0,
    waitingToSync: waiting,
    sentence: `This desk's record cannot be opened right now; ${waiting} ${waiting === 1 ? 'row waits' : 'rows wait'} to be written.`,
  }
}

/** The stores the service holds: the desk's own (opened once) and the active one (it, or the team's). */
function createStoreHolder(options: RecordServiceOptions) {
  const { identity } = options
  let desk: Promise<RecordStore> | null = null
  let active: Promise<RecordStore> | null = null
  let unsubscribe: (() => void) | null = null
  let teamLogin: string | null = null

  function deskStore(): Promise<RecordStore> {
    desk ??= options.openDeskStore(identity).catch((error: unknown) => {
      desk = null // opened again on the next call (the keychain unlocked)
      throw error
    })
    return desk
  }

  async function open(): Promise<RecordStore> {
    const config = await options.settings.read().catch(() => null)
    if (!config || !options.openTeamStore) return deskStore()
    teamLogin = config.login
    try {
      return await options.openTeamStore(config, { ...identity, login: config.login })
    } catch (error) {
      // The team store could not even start (its copy on this desk unreadable): the desk's own record.
      options.onRecordError?.(error)
      teamLogin = null
      return deskStore()
    }
  }

  function store(): Promise<RecordStore> {
    active ??= open().then(
      (s) => {
        unsubscribe?.()
        unsubscribe = s.subscribe((change) => options.emit(change))
        return s
      },
      (error: unknown) => {
        active = null
        throw error
      },
    )
    return active
  }

  /** Closes the active store unless it is the desk's own; with `all`, the desk's too. */
  async function close(all: boolean): Promise<void> {
    const previous = active
    active = null
    if (all) unsubscribe?.()
    const old = previous ? await previous.catch(() => null) : null
    const own = desk ? await desk.catch(() => null) : null
    if (old && old !== own) await old.close().catch(() => {})
    if (all && own) await own.close().catch(() => {})
  }

  return {
    deskStore,
    store,
    close,
    login: () => teamLogin ?? identity.login,
    forgetTeam: () => void (teamLogin = null),
  }
}

/**
 * The record rows on their way to the store, in order: a write without a ticket of its own carries the
 * ticket of the object's case; a row the store refused waits and is tried again (retry-queue.ts).
 */
function createRecordQueue(
  options: RecordServiceOptions,
  store: () => Promise<RecordStore>,
  told: (change: RecordChange) => void,
) {
  return createRetryQueue<NewActionRecord>({
    write: async (row) => {
      const s = await store()
      const ticket = row.ticket ?? (await s.caseOf(row.object).catch(() => null))?.ticket ?? null
      await s.appendAction({ ...row, ticket })
      told({ kind: 'action', object: row.object })
    },
    delayMs: options.retryDelayMs ?? ((attempt) => Math.min(60_000, 1000 * 2 ** attempt)),
    onError: (error) => options.onRecordError?.(error),
  })
}

/** The next turn of the event loop (after every change said in this one has gone out). */
const nextTurn = () => new Promise<void>((resolve) => setImmediate(resolve))

/**
 * Says each change once a turn of the event loop: a desk's own write is told by its store and again
 * by the service once stored (below); in the same turn that is one change, and a view reads once.
 */
function onceATurn(emit: (change: RecordChange) => void): (change: RecordChange) => void {
  let pending: Map<string, RecordChange> | null = null
  return (change) => {
    if (!pending) {
      const batch = new Map<string, RecordChange>()
      pending = batch
      setImmediate(() => {
        pending = null
        for (const each of batch.values()) emit(each)
      })
    }
    pending.set(JSON.stringify(change), change)
  }
}

export function createRecordService(given: RecordServiceOptions): RecordService {
  const options = { ...given, emit: onceATurn(given.emit) }
  const holder = createStoreHolder(options)
  const { store } = holder

  /**
   * Said again once a write of this desk is where the views read it: a store may tell a change as soon
   * as its copy on the desk has it, before the team database does, and a view reading then misses it.
   */
  const told = (change: RecordChange) => options.emit(change)
  async function wrote<T>(change: RecordChange, write: Promise<T>): Promise<T> {
    const value = await write
    told(change)
    return value
  }

  const queue = createRecordQueue(options, store, told)

  async function reopen(): Promise<TeamRecordStatus> {
    await holder.close(false)
    options.emit({ kind: 'status' })
    queue.kick()
    return service.status()
  }

  const service: RecordService = {
    login: holder.login,
    record: (row) => queue.push(row),
    waitingRecords: () => queue.size(),
    settled: () => queue.settled().then(nextTurn),
    actionsFor: async (object) => (await store()).actionsFor(object),
    actionsOn: async (objects) => (await store()).actionsOn(objects),
    notesFor: async (object) => (await store()).notesFor(object),
    writeNote: async (object, text, noteId) =>
      wrote({ kind: 'note', object }, (await store()).writeNote(object, checkedNote(text), noteId)),
    takeCase: async (object, ticket) =>
      wrote({ kind: 'case', object }, (await store()).takeCase(object, ticket ?? null)),
    handOver: async (object, to) => {
      if (to.trim() === '') throw new UserFacingError('invalid-input', 'Name the colleague to hand the case over to.')
      return wrote({ kind: 'case', object }, (await store()).handOver(object, to.trim()))
    },
    closeCase: async (object) => wrote({ kind: 'case', object }, (await store()).closeCase(object)),
    caseOf: async (object) => (await store()).caseOf(object),
    openCases: async (whose) => (await store()).openCases(whose),
    findByTicket: async (ticket) => (await store()).findByTicket(ticket.trim()),
    colleagues: async () => (await store()).colleagues(),
    withTeamDatabase: async (use) => onTeamDatabase(await store(), use),
    async status() {
      const s = await store().catch(() => null)
      if (!s) return unavailableStatus(service.login(), queue.size())
      const status = s.status()
      const waiting = status.waitingToSync + queue.size()
      return waiting === status.waitingToSync ? status : { ...status, waitingToSync: waiting }
    },
    async connect(input) {
      if (!options.openTeamStore) {
        throw new UserFacingError('conflict', 'This build of Paydesk cannot use a team database.')
      }
      await options.settings.save(input)
      return reopen()
    },
    test: (input) => tryTeamDatabase(options, input),
    async disconnect() {
      await options.settings.forget()
      holder.forgetTeam()
      return reopen()
    },
    async close() {
      await queue.settled()
      queue.stop()
      await holder.close(true)
    },
  }
  return service
}

/** The note's text, or the reason it cannot be kept (shared/team-record.ts: the stores apply it too). */
function checkedNote(text: string): string {
  const problem = noteTextProblem(text)
  if (problem !== null) throw new UserFacingError('invalid-input', problem)
  return text
}

/** Tries a connection string not saved, and says how it went. */
async function tryTeamDatabase(
  options: RecordServiceOptions,
  input: { connectionString: string; password?: string | undefined },
): Promise<{ ok: boolean; sentence: string }> {
  if (!options.tryTeamDatabase) return { ok: false, sentence: 'This build of Paydesk cannot use a team database.' }
  const parsed = parseConnectionString(input.connectionString)
  try {
    return await options.tryTeamDatabase({ ...parsed, password: input.password || parsed.password })
  } catch (error) {
    return { ok: false, sentence: sentenceOf(error) }
  }
}

function sentenceOf(error: unknown): string {
  if (error instanceof UserFacingError) return error.message
  return 'The team database could not be reached with these settings.'
}
