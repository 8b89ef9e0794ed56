import { createStore, type StoreApi } from 'zustand/vanilla'
import type { RecordObjectRef } from '../../../shared/team-record'
import {
  changeRecord,
  connectTeamDatabase,
  disconnectTeamDatabase,
  readObjectRecord,
  readOpenCases,
  readTeamDatabase,
  testTeamDatabase,
  type CasesContext,
  type CasesState,
  type ObjectRecordContext,
  type ObjectRecordState,
  type TeamDatabaseContext,
  type TeamDatabaseState,
  type TeamPort,
} from './team-actions'

export type { CasesState, ObjectRecordState, TeamDatabaseState, TeamPort } from './team-actions'

// The desk's shared record in the views (issue 50): an object's case, notes and recorded writes; the
// open cases on Home; the team database in Connections. Main stamps who and when and records every
// write itself; these stores only ask, show the answer, and read again when main says the record
// changed (`team.changed`, from this desk or another).
// Their actions: team-actions.ts.

const sameObject = (a: RecordObjectRef, b: RecordObjectRef) => a.kind === b.kind && a.id === b.id

/** One object's record in its view; reads again when main says this object's record changed. */
export function createObjectRecordStore(port: TeamPort, object: RecordObjectRef): StoreApi<ObjectRecordState> {
  const store = createStore<ObjectRecordState>((set, get) => {
    const ctx: ObjectRecordContext = { set, get, port, object }
    return {
      object,
      record: null,
      loading: false,
      loadError: null,
      busy: false,
      error: null,
      load: () => readObjectRecord(ctx),
      writeNote: (text, noteId) => changeRecord(ctx, () => port.writeNote(object, text, noteId)),
      takeCase: (ticket) => changeRecord(ctx, () => port.takeCase(object, ticket)),
      handOver: (to) => changeRecord(ctx, () => port.handOver(object, to)),
      closeCase: () => changeRecord(ctx, () => port.closeCase(object)),
      dispose: () => stop(),
    }
  })
  const stop = port.onChanged((change) => {
    if (change.kind === 'status' || sameObject(change.object, object)) void store.getState().load()
  })
  return store
}

/** Home's open cases: the agent's own and the team's, read again when a case changes anywhere. */
export function createCasesStore(port: TeamPort): StoreApi<CasesState> {
  const store = createStore<CasesState>((set, get) => {
    const ctx: CasesContext = { set, get, port }
    return {
      mine: [],
      team: [],
      me: null,
      loaded: false,
      error: null,
      load: () => readOpenCases(ctx),
      dispose: () => stop(),
    }
  })
  const stop = port.onChanged((change) => {
    if (change.kind === 'case' || change.kind === 'status') void store.getState().load()
  })
  return store
}

/** Connections → Team database: the saved string, whether a password is kept, and the record's status. */
export function createTeamDatabaseStore(port: TeamPort): StoreApi<TeamDatabaseState> {
  const store = createStore<TeamDatabaseState>((set, get) => {
    const ctx: TeamDatabaseContext = { set, get, port }
    return {
      view: null,
      busy: false,
      error: null,
      tested: null,
      load: () => readTeamDatabase(ctx),
      connect: (text, password) => connectTeamDatabase(ctx, text, password),
      test: (text, password) => testTeamDatabase(ctx, text, password),
      disconnect: () => disconnectTeamDatabase(ctx),
      dispose: () => stop(),
    }
  })
  const stop = port.onChanged((change) => {
    if (change.kind === 'status') void store.getState().load()
  })
  return store
}
