import type { ChannelInput, ChannelOutput } from '../../../shared/ipc/contract'
import type { RecordOfObject, TeamDatabaseView } from '../../../shared/ipc/team'
import type { CaseState, RecordChange, RecordObjectRef } from '../../../shared/team-record'
import { toErrorView, type ErrorView } from './error-view'
import type { StoreContext } from './store-context'

// The team stores' state and actions (team-store.ts creates them): each action takes its store's
// context.

export interface TeamPort {
  object(object: RecordObjectRef): Promise<RecordOfObject>
  writeNote(object: RecordObjectRef, text: string, noteId?: string): Promise<ChannelOutput<'team.writeNote'>>
  takeCase(object: RecordObjectRef, ticket?: string): Promise<CaseState>
  handOver(object: RecordObjectRef, to: string): Promise<CaseState>
  closeCase(object: RecordObjectRef): Promise<CaseState>
  openCases(): Promise<ChannelOutput<'team.openCases'>>
  database(): Promise<TeamDatabaseView>
  connect(input: ChannelInput<'team.connect'>): Promise<TeamDatabaseView>
  test(input: ChannelInput<'team.test'>): Promise<ChannelOutput<'team.test'>>
  disconnect(): Promise<TeamDatabaseView>
  onChanged(listener: (change: RecordChange) => void): () => void
}

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

export interface ObjectRecordContext extends StoreContext<ObjectRecordState, TeamPort> {
  object: RecordObjectRef
}

export async function readObjectRecord({ set, port, object }: ObjectRecordContext): Promise<void> {
  set({ loading: true })
  try {
    set({ record: await port.object(object), loading: false, loadError: null })
  } catch (error) {
    set({ loading: false, loadError: toErrorView(error).message })
  }
}

/** A note or case change (one at a time), then the record read again; false, with main's words, when it failed. */
export async function changeRecord({ set, get }: ObjectRecordContext, run: () => Promise<unknown>): Promise<boolean> {
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

export interface CasesState {
  mine: CaseState[]
  team: CaseState[]
  me: string | null
  loaded: boolean
  error: string | null
  load(): Promise<void>
  dispose(): void
}

export type CasesContext = StoreContext<CasesState, TeamPort>

export async function readOpenCases({ set, port }: CasesContext): Promise<void> {
  try {
    const { mine, team, me } = await port.openCases()
    set({ mine, team, me, loaded: true, error: null })
  } catch (error) {
    set({ loaded: true, error: toErrorView(error).message })
  }
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

export type TeamDatabaseContext = StoreContext<TeamDatabaseState, TeamPort>

export async function readTeamDatabase({ set, port }: TeamDatabaseContext): Promise<void> {
  try {
    set({ view: await port.database() })
  } catch (error) {
    set({ error: toErrorView(error) })
  }
}

/** One database task at a time; its answer, or main's words why not. */
async function runDatabaseTask<T>(
  { set, get }: TeamDatabaseContext,
  work: () => Promise<T>,
  done: (value: T) => Partial<TeamDatabaseState>,
): Promise<boolean> {
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

const databaseInput = (connectionString: string, password: string) => ({
  connectionString,
  ...(password ? { password } : {}),
})

export const connectTeamDatabase = (ctx: TeamDatabaseContext, text: string, password: string) =>
  runDatabaseTask(
    ctx,
    () => ctx.port.connect(databaseInput(text, password)),
    (view) => ({ view, tested: null }),
  )

export async function testTeamDatabase(ctx: TeamDatabaseContext, text: string, password: string): Promise<void> {
  await runDatabaseTask(
    ctx,
    () => ctx.port.test(databaseInput(text, password)),
    (tested) => ({ tested }),
  )
}

export async function disconnectTeamDatabase(ctx: TeamDatabaseContext): Promise<void> {
  await runDatabaseTask(
    ctx,
    () => ctx.port.disconnect(),
    (view) => ({ view, tested: null }),
  )
}
