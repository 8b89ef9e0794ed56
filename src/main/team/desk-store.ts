// The desk's own home of the record (issue 50): notes, case owners and the action record in an SQLite
// file in the data folder, encrypted like the search index (docs/SEARCH.md, "Search index"): the
// columns a lookup needs stay plain (object kind and id, seq, hashes, a keyed hash of the ticket)
// and everything else is an AES-GCM record under the keychain's data key whose associated data
// binds those plain columns, so an edit of either is found when the row is read. In team mode the
// same store is the desk's copy and its outbox: each write also queues what to send to the team
// database (team-store.ts), in the same transaction.
import { hkdfSync, createHmac, randomUUID } from 'node:crypto'
import { lstatSync, mkdirSync } from 'node:fs'
import path from 'node:path'
import { DatabaseSync } from 'node:sqlite'
import type {
  ActionRecordEntry,
  CaseState,
  NewActionRecord,
  RecordChange,
  RecordNote,
  RecordObjectRef,
  TeamRecordStatus,
} from '../../shared/team-record'
import { decryptJson, encryptJson } from '../storage/encryption'
import { chainHash, GENESIS_HASH, recordFields, verifyChain, type ChainProblem } from './chain'
import { caseRefusal, checkNote, Listeners, openCaseState, sameObject } from './record-rules'
import type { RecordStore } from './record-store'

const SCHEMA_VERSION = 1

/** A write queued for the team database (team mode), in the order the desk made it. */
export type OutboxOp =
  | { op: 'action'; entry: ActionRecordEntry }
  | { op: 'note'; note: RecordNote }
  | { op: 'take'; object: RecordObjectRef; ticket: string | null; at: string }
  | { op: 'hand-over'; object: RecordObjectRef; to: string; at: string }
  | { op: 'close'; object: RecordObjectRef; at: string }

interface DeskStoreOptions {
  /** The SQLite file (in the data folder). */
  file: string
  /** The keychain's data key (storage/encryption.ts). */
  key: Uint8Array
  /** Who writes: the OS user on a single desk, the database login in team mode. */
  login: string
  desk: string
  /** Team mode: queue every write for the team database. */
  outbox?: boolean
  now?: () => Date
}

/** The file cannot be used: not SQLite, another schema, or rows that do not decrypt. */
export class DeskRecordDamagedError extends Error {
  constructor(reason: string) {
    super(`The desk's record file cannot be read (${reason}).`)
    this.name = 'DeskRecordDamagedError'
  }
}

/** The rows about any of `objects`: a row-value IN list, one `(?, ?)` pair each (none: no row). */
function aboutAnyOf(objects: readonly RecordObjectRef[]): string {
  return objects.length === 0 ? '0' : `(object_kind, object_id) IN (VALUES ${objects.map(() => '(?, ?)').join(', ')})`
}

export class DeskRecordStore implements RecordStore {
  private readonly db: DatabaseSync
  private readonly ticketKey: Buffer
  private readonly listeners = new Listeners()
  private problems: ChainProblem[] = []
  private readonly now: () => Date

  constructor(private readonly options: DeskStoreOptions) {
    mkdirSync(path.dirname(options.file), { recursive: true })
    for (const suffix of ['', '-wal', '-shm']) {
      if (lstatSync(`${options.file}${suffix}`, { throwIfNoEntry: false })?.isSymbolicLink()) {
        throw new DeskRecordDamagedError(
          `${path.basename(options.file)}${suffix} is a link; Paydesk does not follow links`,
        )
      }
    }
    this.now = options.now ?? (() => new Date())
    this.ticketKey = Buffer.from(hkdfSync('sha256', options.key, Buffer.alloc(0), 'paydesk team-record ticket', 32))
    this.db = new DatabaseSync(options.file)
    try {
      this.migrate()
      this.problems = verifyChain(this.allActions(), this.head())
    } catch (error) {
      this.db.close()
      if (error instanceof DeskRecordDamagedError) throw error
      throw new DeskRecordDamagedError(error instanceof Error ? error.message : String(error))
    }
  }

  get login(): string {
    return this.options.login
  }

  private migrate(): void {
    this.db.exec('PRAGMA journal_mode = WAL; PRAGMA synchronous = NORMAL;')
    const version = (this.db.prepare('PRAGMA user_version').get() as { user_version: number }).user_version
    if (version === SCHEMA_VERSION) return
    if (version !== 0) throw new DeskRecordDamagedError(`unknown schema version ${version}`)
    this.db.exec(`
      BEGIN;
      CREATE TABLE actions (seq INTEGER PRIMARY KEY, id TEXT NOT NULL UNIQUE, object_kind TEXT NOT NULL,
        object_id TEXT NOT NULL, ticket_key TEXT, prev_hash TEXT NOT NULL, hash TEXT NOT NULL, body BLOB NOT NULL);
      CREATE INDEX actions_object ON actions(object_kind, object_id);
      CREATE INDEX actions_ticket ON actions(ticket_key);
      CREATE TABLE notes (rid INTEGER PRIMARY KEY, id TEXT NOT NULL UNIQUE, note_id TEXT NOT NULL, version INTEGER NOT NULL,
        object_kind TEXT NOT NULL, object_id TEXT NOT NULL, body BLOB NOT NULL, UNIQUE (note_id, version));
      CREATE INDEX notes_object ON notes(object_kind, object_id);
      CREATE TABLE cases (object_kind TEXT NOT NULL, object_id TEXT NOT NULL, owner TEXT, state TEXT NOT NULL,
        ticket_key TEXT, body BLOB NOT NULL, PRIMARY KEY (object_kind, object_id));
      CREATE TABLE outbox (rid INTEGER PRIMARY KEY, body BLOB NOT NULL);
      PRAGMA user_version = ${SCHEMA_VERSION};
      COMMIT;`)
  }

  private seal(table: string, plain: readonly (string | number | null)[], value: unknown): Buffer {
    return encryptJson(this.options.key, value, `team-record:1:${table}:${JSON.stringify(plain)}`)
  }

  private open<T>(table: string, plain: readonly (string | number | null)[], body: Uint8Array): T {
    try {
      return decryptJson<T>(this.options.key, body, `team-record:1:${table}:${JSON.stringify(plain)}`)
    } catch (error) {
      throw new DeskRecordDamagedError(error instanceof Error ? error.message : String(error))
    }
  }

  private ticketHash(ticket: string): string {
    return createHmac('sha256', this.ticketKey).update(ticket, 'utf8').digest('hex')
  }

  private transaction<T>(work: () => T): T {
    this.db.exec('BEGIN IMMEDIATE')
    try {
      const result = work()
      this.db.exec('COMMIT')
      return result
    } catch (error) {
      this.db.exec('ROLLBACK')
      throw error
    }
  }

  private queue(op: OutboxOp): void {
    if (!this.options.outbox) return
    const rid = (this.db.prepare('SELECT coalesce(max(rid), 0) + 1 AS rid FROM outbox').get() as { rid: number }).rid
    this.db.prepare('INSERT INTO outbox (rid, body) VALUES (?, ?)').run(rid, this.seal('outbox', [rid], op))
  }

  private head(): { seq: number; hash: string } | null {
    const row = this.db.prepare('SELECT seq, hash FROM actions ORDER BY seq DESC LIMIT 1').get() as
      { seq: number; hash: string } | undefined
    return row ?? null
  }

  private readAction(row: {
    seq: number
    id: string
    object_kind: string
    object_id: string
    ticket_key: string | null
    prev_hash: string
    hash: string
    body: Uint8Array
  }): ActionRecordEntry {
    const plain = [row.seq, row.id, row.object_kind, row.object_id, row.ticket_key, row.prev_hash, row.hash]
    return this.open<ActionRecordEntry>('actions', plain, row.body)
  }

  private allActions(): ActionRecordEntry[] {
    const rows = this.db.prepare('SELECT * FROM actions ORDER BY seq').all() as unknown as Parameters<
      DeskRecordStore['readAction']
    >[0][]
    return rows.map((row) => this.readAction(row))
  }

  /** `id`: team mode names the row before it is made, to find it again once sent. */
  async appendAction(row: NewActionRecord, id: string = randomUUID()): Promise<ActionRecordEntry> {
    const entry = this.transaction(() => {
      const head = this.head() ?? { seq: 0, hash: GENESIS_HASH }
      const body = {
        id,
        seq: head.seq + 1,
        at: this.now().toISOString(),
        agent: this.options.login,
        desk: this.options.desk,
        prevHash: head.hash,
        ...recordFields(row),
      }
      const made: ActionRecordEntry = { ...body, hash: chainHash(body) }
      this.insertAction(made)
      this.queue({ op: 'action', entry: made })
      return made
    })
    this.listeners.emit({ kind: 'action', object: entry.object })
    return entry
  }

  private insertAction(entry: ActionRecordEntry): void {
    const ticketKey = entry.ticket === null ? null : this.ticketHash(entry.ticket)
    const plain = [entry.seq, entry.id, entry.object.kind, entry.object.id, ticketKey, entry.prevHash, entry.hash]
    this.db
      .prepare(
        'INSERT INTO actions (seq, id, object_kind, object_id, ticket_key, prev_hash, hash, body) VALUES (?, ?, ?, ?, ?, ?, ?, ?)',
      )
      .run(...plain, this.seal('actions', plain, entry))
  }

  actionsFor(object: RecordObjectRef): Promise<ActionRecordEntry[]> {
    return this.actionsOn([object])
  }

  async actionsOn(objects: readonly RecordObjectRef[]): Promise<ActionRecordEntry[]> {
    const rows = this.db
      .prepare(`SELECT * FROM actions WHERE ${aboutAnyOf(objects)} ORDER BY seq`)
      .all(...objects.flatMap((o) => [o.kind, o.id])) as unknown as Parameters<DeskRecordStore['readAction']>[0][]
    return rows.map((row) => this.readAction(row))
  }

  async writeNote(object: RecordObjectRef, text: string, noteId?: string): Promise<RecordNote> {
    checkNote(text)
    const note = this.transaction(() => {
      let version = 1
      if (noteId !== undefined) {
        const last = this.db
          .prepare('SELECT max(version) AS v, object_kind AS k, object_id AS i FROM notes WHERE note_id = ?')
          .get(noteId) as { v: number | null; k: string | null; i: string | null } | undefined
        if (!last || last.v === null || last.k !== object.kind || last.i !== object.id) {
          throw caseRefusal('invalid-input', 'That note is not on this object, so it cannot be edited here.')
        }
        version = last.v + 1
      }
      const id = randomUUID()
      const made: RecordNote = {
        id,
        object: { kind: object.kind, id: object.id },
        noteId: noteId ?? id,
        version,
        author: this.options.login,
        at: this.now().toISOString(),
        text,
      }
      this.insertNote(made)
      this.queue({ op: 'note', note: made })
      return made
    })
    this.listeners.emit({ kind: 'note', object: note.object })
    return note
  }

  /**
   * Keeps a note made in team mode (the team database checks which object its note is on and numbers
   * its version; here it is a guess the database's answer replaces) and queues it.
   */
  keepNote(note: RecordNote): RecordNote {
    const kept = this.transaction(() => {
      const last = this.db.prepare('SELECT max(version) AS v FROM notes WHERE note_id = ?').get(note.noteId) as {
        v: number | null
      }
      const made = { ...note, version: note.noteId === note.id ? 1 : Math.max(last.v ?? 1, 1) + 1 }
      this.insertNote(made)
      this.queue({ op: 'note', note: made })
      return made
    })
    this.listeners.emit({ kind: 'note', object: kept.object })
    return kept
  }

  private insertNote(note: RecordNote): void {
    const plain = [note.id, note.noteId, note.version, note.object.kind, note.object.id]
    this.db
      .prepare('INSERT INTO notes (id, note_id, version, object_kind, object_id, body) VALUES (?, ?, ?, ?, ?, ?)')
      .run(...plain, this.seal('notes', plain, note))
  }

  async notesFor(object: RecordObjectRef): Promise<RecordNote[]> {
    const rows = this.db
      .prepare(
        `SELECT id, note_id, version, object_kind, object_id, body FROM notes n
         WHERE object_kind = ? AND object_id = ?
           AND version = (SELECT max(version) FROM notes m WHERE m.note_id = n.note_id)
         ORDER BY rid DESC`,
      )
      .all(object.kind, object.id) as unknown as {
      id: string
      note_id: string
      version: number
      object_kind: string
      object_id: string
      body: Uint8Array
    }[]
    const notes = rows.map((r) =>
      this.open<RecordNote>('notes', [r.id, r.note_id, r.version, r.object_kind, r.object_id], r.body),
    )
    return notes
  }

  private readCase(object: RecordObjectRef): CaseState | null {
    const row = this.db
      .prepare('SELECT owner, state, ticket_key, body FROM cases WHERE object_kind = ? AND object_id = ?')
      .get(object.kind, object.id) as
      { owner: string | null; state: string; ticket_key: string | null; body: Uint8Array } | undefined
    if (!row) return null
    return this.open<CaseState>('cases', [object.kind, object.id, row.owner, row.state, row.ticket_key], row.body)
  }

  /** Writes a case's state (the desk's own change, or the team database's answer in team mode). */
  putCase(state: CaseState): void {
    const ticketKey = state.ticket === null ? null : this.ticketHash(state.ticket)
    const plain = [state.object.kind, state.object.id, state.owner, state.state, ticketKey]
    this.db
      .prepare(
        `INSERT INTO cases (object_kind, object_id, owner, state, ticket_key, body) VALUES (?, ?, ?, ?, ?, ?)
         ON CONFLICT (object_kind, object_id) DO UPDATE SET owner = excluded.owner, state = excluded.state,
           ticket_key = excluded.ticket_key, body = excluded.body`,
      )
      .run(...plain, this.seal('cases', plain, state))
  }

  private changeCase(
    object: RecordObjectRef,
    op: OutboxOp,
    next: (now: CaseState | null, at: string) => CaseState,
  ): CaseState {
    const at = 'at' in op ? op.at : this.now().toISOString()
    const state = this.transaction(() => {
      const made = next(this.readCase(object), at)
      this.putCase(made)
      this.queue(op)
      return made
    })
    this.listeners.emit({ kind: 'case', object: state.object })
    return state
  }

  async takeCase(object: RecordObjectRef, ticket: string | null = null): Promise<CaseState> {
    const current = this.readCase(object)
    const me = this.options.login
    if (current && current.state === 'open' && current.owner !== null && current.owner !== me) return current
    const at = this.now().toISOString()
    return this.changeCase(object, { op: 'take', object, ticket, at }, (now) =>
      openCaseState(object, me, ticket ?? now?.ticket ?? null, at, me),
    )
  }

  async handOver(object: RecordObjectRef, to: string): Promise<CaseState> {
    const current = this.readCase(object)
    const me = this.options.login
    if (!current || current.state !== 'open' || current.owner !== me) {
      throw caseRefusal(
        'conflict',
        current?.owner
          ? `Only ${current.owner}, who holds this case, can hand it over.`
          : 'Take the case before handing it over.',
      )
    }
    const at = this.now().toISOString()
    return this.changeCase(object, { op: 'hand-over', object, to, at }, () =>
      openCaseState(object, to, current.ticket, at, me),
    )
  }

  async closeCase(object: RecordObjectRef): Promise<CaseState> {
    const current = this.readCase(object)
    const me = this.options.login
    if (!current || current.state !== 'open') throw caseRefusal('conflict', 'This case is not open.')
    if (current.owner !== null && current.owner !== me)
      throw caseRefusal('conflict', `Only ${current.owner}, who holds this case, can close it.`)
    const at = this.now().toISOString()
    return this.changeCase(object, { op: 'close', object, at }, () => ({
      ...current,
      owner: null,
      state: 'closed',
      changedAt: at,
      changedBy: me,
    }))
  }

  async caseOf(object: RecordObjectRef): Promise<CaseState | null> {
    return this.readCase(object)
  }

  async openCases(whose: 'mine' | 'team'): Promise<CaseState[]> {
    const rows = (
      whose === 'mine'
        ? this.db
            .prepare(`SELECT object_kind, object_id FROM cases WHERE state = 'open' AND owner = ?`)
            .all(this.options.login)
        : this.db.prepare(`SELECT object_kind, object_id FROM cases WHERE state = 'open'`).all()
    ) as { object_kind: RecordObjectRef['kind']; object_id: string }[]
    const cases = rows.flatMap((r) => this.readCase({ kind: r.object_kind, id: r.object_id }) ?? [])
    return cases.sort((a, b) => (a.changedAt < b.changedAt ? 1 : -1))
  }

  async findByTicket(ticket: string): Promise<RecordObjectRef[]> {
    const key = this.ticketHash(ticket)
    const rows = this.db
      .prepare(
        `SELECT object_kind, object_id FROM actions WHERE ticket_key = ?
         UNION SELECT object_kind, object_id FROM cases WHERE ticket_key = ?`,
      )
      .all(key, key) as { object_kind: RecordObjectRef['kind']; object_id: string }[]
    const found: RecordObjectRef[] = []
    for (const r of rows) {
      const object = { kind: r.object_kind, id: r.object_id }
      if (!found.some((f) => sameObject(f, object))) found.push(object)
    }
    return found
  }

  async colleagues(): Promise<{ login: string; online: boolean }[]> {
    return []
  }

  /** The rows of the action record that do not verify (named in the status). */
  chainProblems(): ChainProblem[] {
    return this.problems
  }

  status(): TeamRecordStatus {
    const problem = this.problems[0]
    return {
      home: 'desk',
      state: problem ? 'error' : 'connected',
      login: this.options.login,
      colleaguesOnline: 0,
      waitingToSync: this.waitingToSync(),
      sentence: problem
        ? `The desk's action record does not verify: ${this.problems.map((p) => p.sentence).join(' ')}`
        : 'Notes, cases and the action record are kept on this desk.',
    }
  }

  /** Writes queued for the team database, oldest first. */
  outbox(): { rid: number; op: OutboxOp }[] {
    const rows = this.db.prepare('SELECT rid, body FROM outbox ORDER BY rid').all() as {
      rid: number
      body: Uint8Array
    }[]
    return rows.map((r) => ({ rid: r.rid, op: this.open<OutboxOp>('outbox', [r.rid], r.body) }))
  }

  /** A queued write reached the team database. */
  sent(rid: number): void {
    this.db.prepare('DELETE FROM outbox WHERE rid = ?').run(rid)
  }

  waitingToSync(): number {
    return (this.db.prepare('SELECT count(*) AS n FROM outbox').get() as { n: number }).n
  }

  subscribe(listener: (change: RecordChange) => void): () => void {
    return this.listeners.add(listener)
  }

  async close(): Promise<void> {
    if (this.db.isOpen) this.db.close()
  }
}
