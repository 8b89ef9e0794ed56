import type { ChannelOutput } from '../../../shared/ipc/contract'
import type { DraftSummary, DraftView } from '../../../shared/ipc/drafts'
import type { newestCalls } from './newest'
import { toErrorView } from './error-view'
import type { StoreContext } from './store-context'

// The drafts store's state and actions (drafts-store.ts creates it).

export interface DraftsPort {
  list(): Promise<ChannelOutput<'drafts.list'>>
  rename(id: string, name: string): Promise<ChannelOutput<'drafts.rename'>>
  remove(id: string): Promise<ChannelOutput<'drafts.delete'>>
}

export interface DraftsState {
  drafts: DraftSummary[]
  notices: string[]
  loading: boolean
  error: string | null
  load(): Promise<void>
  /** Puts a just-saved draft at the top without asking main again. */
  upsert(view: DraftView | DraftSummary): void
  rename(id: string, name: string): Promise<string | null>
  remove(id: string): Promise<string | null>
}

function summaryOf(view: DraftView | DraftSummary): DraftSummary {
  const { id, name, kind, createdAt, updatedAt, summary, archived, connection } = view
  return { id, name, kind, createdAt, updatedAt, summary, archived, connection }
}

export interface DraftsStoreContext extends StoreContext<DraftsState, DraftsPort> {
  /** Only the newest list answer is shown. */
  loads: ReturnType<typeof newestCalls>
}

export async function readDrafts({ set, port, loads }: DraftsStoreContext): Promise<void> {
  set({ loading: true })
  await loads.run(
    () => port.list(),
    (answer) =>
      set(
        answer.ok
          ? { drafts: answer.value.drafts, notices: answer.value.notices, loading: false, error: null }
          : { loading: false, error: toErrorView(answer.error).message },
      ),
  )
}

/** Puts a just-saved draft at the top without asking main again. */
export function upsertDraft({ set, get }: DraftsStoreContext, view: DraftView | DraftSummary): void {
  const summary = summaryOf(view)
  set({ drafts: [summary, ...get().drafts.filter((d) => d.id !== summary.id)] })
}

/** Renames a draft; null, or why it was not renamed. */
export async function renameDraft(
  { set, get, port }: DraftsStoreContext,
  id: string,
  name: string,
): Promise<string | null> {
  try {
    const summary = await port.rename(id, name)
    set({ drafts: get().drafts.map((d) => (d.id === id ? summary : d)) })
    return null
  } catch (error) {
    return toErrorView(error).message
  }
}

/** Deletes a draft; null, or why it was not deleted. */
export async function removeDraft({ set, get, port }: DraftsStoreContext, id: string): Promise<string | null> {
  try {
    await port.remove(id)
    set({ drafts: get().drafts.filter((d) => d.id !== id) })
    return null
  } catch (error) {
    return toErrorView(error).message
  }
}
