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
import { NOTE_MAX_LENGTH } from '../../shared/ipc/team'
import { UserFacingError } from '../ipc/errors'
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
   * The team's database; it keeps working on the desk's store while the database is unreachable and
   * syncs what it wrote when it is back. Absent: no team database can be set on this build.
   */
  openTeamStore?: (config: TeamDatabaseConfig, desk: RecordStore, identity: RecordIdentity) => Promise<RecordStore>
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
  notesFor(object: RecordObjectRef): Promise<RecordNote[]>
  writeNote(object: RecordObjectRef, text: string, noteId?: string): Promise<RecordNote>
  takeCase(object: RecordObjectRef, ticket?: string | null): Promise<CaseState>
  handOver(object: RecordObjectRef, to: string): Promise<CaseState>
  closeCase(object: RecordObjectRef): Promise<CaseState>
  caseOf(object: RecordObjectRef): Promise<CaseState | null>
  openCases(whose: 'mine' | 'team'): Promise<CaseState[]>
  findByTicket(ticket: string): Promise<RecordObjectRef[]>
  status(): Promise<TeamRecordStatus>
  /** Sets the team database (the password goes to the keychain) and connects to it. */
  connect(input: { connectionString: string; password?: string | undefined }): Promise<TeamRecordStatus>
  /** Tries a connection string without saving it: one sentence for the agent. */
  test(input: { connectionString: string; password?: string | undefined }): Promise<{ ok: boolean; sentence: string }>
  /** Forgets the team database (and its password); the desk's own store is the record again. */
  disconnect(): Promise<TeamRecordStatus>
  close(): Promise<void>
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
    const own = await deskStore()
    const config = await options.settings.read().catch(() => null)
    if (!config || !options.openTeamStore) return own
    teamLogin = config.login
    try {
      return await options.openTeamStore(config, own, { ...identity, login: config.login })
    } catch (error) {
      // The team store could not even start: the desk goes on with its own record.
      options.onRecordError?.(error)
      teamLogin = null
      return own
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

export function createRecordService(options: RecordServiceOptions): RecordService {
  const holder = createStoreHolder(options)
  const { store, deskStore } = holder

  const queue = createRetryQueue<NewActionRecord>({
    write: async (row) => {
      const s = await store()
      // A write without a ticket of its own carries the ticket of the object's case, if it has one.
      const ticket = row.ticket ?? (await s.caseOf(row.object).catch(() => null))?.ticket ?? null
      await s.appendAction({ ...row, ticket })
    },
    delayMs: options.retryDelayMs ?? ((attempt) => Math.min(60_000, 1000 * 2 ** attempt)),
    onError: (error) => options.onRecordError?.(error),
  })

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
    settled: () => queue.settled(),
    actionsFor: async (object) => (await store()).actionsFor(object),
    notesFor: async (object) => (await store()).notesFor(object),
    writeNote: async (object, text, noteId) => (await store()).writeNote(object, checkedNote(text), noteId),
    takeCase: async (object, ticket) => (await store()).takeCase(object, ticket ?? null),
    handOver: async (object, to) => {
      if (to.trim() === '') throw new UserFacingError('invalid-input', 'Name the colleague to hand the case over to.')
      return (await store()).handOver(object, to.trim())
    },
    closeCase: async (object) => (await store()).closeCase(object),
    caseOf: async (object) => (await store()).caseOf(object),
    openCases: async (whose) => (await store()).openCases(whose),
    findByTicket: async (ticket) => (await store()).findByTicket(ticket.trim()),
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
    test: (input) => tryTeamDatabase(options, deskStore, input),
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

function checkedNote(text: string): string {
  if (text.trim() === '') throw new UserFacingError('invalid-input', 'A note needs some text.')
  if (text.length > NOTE_MAX_LENGTH) {
    throw new UserFacingError('invalid-input', `A note may be at most ${NOTE_MAX_LENGTH} characters long.`)
  }
  return text
}

/** Opens the team store on trial with a connection string not saved, and says how it went. */
async function tryTeamDatabase(
  options: RecordServiceOptions,
  deskStore: () => Promise<RecordStore>,
  input: { connectionString: string; password?: string | undefined },
): Promise<{ ok: boolean; sentence: string }> {
  if (!options.openTeamStore) return { ok: false, sentence: 'This build of Paydesk cannot use a team database.' }
  const parsed = parseConnectionString(input.connectionString)
  const config = { ...parsed, password: input.password || parsed.password }
  const own = await deskStore()
  let trial: RecordStore | null = null
  try {
    trial = await options.openTeamStore(config, own, { ...options.identity, login: parsed.login })
    const status = trial.status()
    return { ok: status.state === 'connected', sentence: status.sentence }
  } catch (error) {
    return { ok: false, sentence: sentenceOf(error) }
  } finally {
    if (trial && trial !== own) await trial.close().catch(() => {})
  }
}

function sentenceOf(error: unknown): string {
  if (error instanceof UserFacingError) return error.message
  return 'The team database could not be reached with these settings.'
}
