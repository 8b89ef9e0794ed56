import { createStore, type StoreApi } from 'zustand/vanilla'
import type { ChannelInput, ChannelOutput } from '../../../shared/ipc/contract'
import type { RecordOfObject, TeamDatabaseView } from '../../../shared/ipc/team'
import type { CaseState, RecordChange, RecordObjectRef } from '../../../shared/team-record'
import { toErrorView, type ErrorView } from './error-view'

// The desk's shared record in the views (issue 50): an object's case, notes and recorded writes; the
// open cases on Home; the team database in Connections. Main stamps who and when and records every
// write itself; these stores only ask, show the answer, and read again when main says the record
// changed (`team.changed`, from this desk or another).

export interface TeamPort {
  object(object: RecordObjectRef): Promise<RecordOfObject>
  writeNote(object: RecordObjectRef, text: string, noteId?: string): Promise<ChannelOutput<'team.writeNote'>>
  takeCase(object: RecordObjectRef, ticket?: string): Promise<CaseState>
  handOver(object: RecordObjectRef, to: string): Promise<CaseState>
  closeCase(object: RecordObjectRef): Promise<CaseState>
  openCases(): Promise<ChannelOutput<'team.openCases'>>
  findTicket(ticket: string): Promise<RecordObjectRef[]>
  database(): Promise<TeamDatabaseView>
  connect(input: ChannelInput<'team.connect'>): Promise<TeamDatabaseView>
  test(input: ChannelInput<'team.test'>): Promise<ChannelOutput<'team.test'>>
  disconnect(): Promise<TeamDatabaseView>
  onChanged(listener: (change: RecordChange) => void): () => void
}

const sameObject = (a: RecordObjectRef, b: RecordObjectRef) => a.kind === b.kind && a.id === b.id

export interface ObjectRecordState {
  object: RecordObjectRef
  record: RecordOfObject | null
  loading: boolean
  /** The record could not be read (shown in place of the notes). */
  loadError: string | null
  /** A note or case change is on its way. */
  busy: boolean
  /** What the last change could not do, in main's words. */
  error: ErrorView | null
  load(): Promise<void>
  writeNote(text: string, noteId?: string): Promise<boolean>
  takeCase(ticket?: string): Promise<boolean>
  handOver(to: string): Promise<boolean>
  closeCase(): Promise<boolean>
  /** Stops following main's changes (the view closed). */
  dispose(): void
}

/** One object's record in its view; reads again when main says this object's record changed. */
export function createObjectRecordStore(port: TeamPort, object: RecordObjectRef): StoreApi<ObjectRecordState> {
  const store = createStore<ObjectRecordState>((set, get) => {
    async function change(run: () => Promise<unknown>): Promise<boolean> {
      if (get().busy) return false
      set({ busy: true, error: null })
      try {
        await run()
        set({ busy: false })
        await get().load()
        return true
      } catch (error) {
        set({ busy: false, error: toErrorView(error) })
        return false
      }
    }
    return {
      object,
      record: null,
      loading: false,
      loadError: null,
      busy: false,
      error: null,
      async load() {
        set({ loading: true })
        try {
          set({ record: await port.object(object), loading: false, loadError: null })
        } catch (error) {
          set({ loading: false, loadError: toErrorView(error).message })
        }
      },
      writeNote: (text, noteId) => change(() => port.writeNote(object, text, noteId)),
      takeCase: (ticket) => change(() => port.takeCase(object, ticket)),
      handOver: (to) => change(() => port.handOver(object, to)),
      closeCase: () => change(() => port.closeCase(object)),
      dispose: () => stop(),
    }
  })
  const stop = port.onChanged((change) => {
    if (change.kind === 'status' || sameObject(change.object, object)) void store.getState().load()
  })
  return store
}

export interface CasesState {
  mine: CaseState[]
  team: CaseState[]
  me: string | null
  loaded: boolean
  error: string | null
  load(): Promise<void>
  dispose(): void
}

/** Home's open cases: the agent's own and the team's, read again when a case changes anywhere. */
export function createCasesStore(port: TeamPort): StoreApi<CasesState> {
  const store = createStore<CasesState>((set) => ({
    mine: [],
    team: [],
    me: null,
    loaded: false,
    error: null,
    async load() {
      try {
        const { mine, team, me } = await port.openCases()
        set({ mine, team, me, loaded: true, error: null })
      } catch (error) {
        set({ loaded: true, error: toErrorView(error).message })
      }
    },
    dispose: () => stop(),
  }))
  const stop = port.onChanged((change) => {
    if (change.kind === 'case' || change.kind === 'status') void store.getState().load()
  })
  return store
}

export interface TeamDatabaseState {
  view: TeamDatabaseView | null
  busy: boolean
  error: ErrorView | null
  /** The last "Test connection", in one sentence. */
  tested: { ok: boolean; sentence: string } | null
  load(): Promise<void>
  connect(connectionString: string, password: string): Promise<boolean>
  test(connectionString: string, password: string): Promise<void>
  disconnect(): Promise<void>
  dispose(): void
}

/** Connections → Team database: the saved string, whether a password is kept, and the record's status. */
export function createTeamDatabaseStore(port: TeamPort): StoreApi<TeamDatabaseState> {
  const store = createStore<TeamDatabaseState>((set, get) => {
    async function run<T>(work: () => Promise<T>, done: (value: T) => Partial<TeamDatabaseState>): Promise<boolean> {
      if (get().busy) return false
      set({ busy: true, error: null })
      try {
        const value = await work()
        set({ busy: false, ...done(value) })
        return true
      } catch (error) {
        set({ busy: false, error: toErrorView(error) })
        return false
      }
    }
    const input = (connectionString: string, password: string) => ({
      connectionString,
      ...(password ? { password } : {}),
    })
    return {
      view: null,
      busy: false,
      error: null,
      tested: null,
      async load() {
        try {
          set({ view: await port.database() })
        } catch (error) {
          set({ error: toErrorView(error) })
        }
      },
      connect: (text, password) =>
        run(
          () => port.connect(input(text, password)),
          (view) => ({ view, tested: null }),
        ),
      test: async (text, password) => {
        await run(
          () => port.test(input(text, password)),
          (tested) => ({ tested }),
        )
      },
      disconnect: async () => {
        await run(
          () => port.disconnect(),
          (view) => ({ view, tested: null }),
        )
      },
      dispose: () => stop(),
    }
  })
  const stop = port.onChanged((change) => {
    if (change.kind === 'status') void store.getState().load()
  })
  return store
}
