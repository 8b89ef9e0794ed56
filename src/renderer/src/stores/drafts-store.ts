import { createStore, type StoreApi } from 'zustand/vanilla'
import type { ChannelOutput } from '../../../shared/ipc/contract'
import type { DraftSummary, DraftView } from '../../../shared/ipc/drafts'
import { newestCalls } from './newest'
import { toErrorView } from './error-view'

// The drafts list beside the builder: open drafts and created (archived) ones, plus main's notices
// about damaged draft files it set aside. Created with the IPC port it uses (no module state), so
// its transitions are unit-tested without a browser.

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

export function createDraftsStore(port: DraftsPort): StoreApi<DraftsState> {
  // Only the newest list answer is shown.
  const loads = newestCalls()
  return createStore<DraftsState>((set, get) => ({
    drafts: [],
    notices: [],
    loading: false,
    error: null,
    async load() {
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
    },
    upsert(view) {
      const summary = summaryOf(view)
      set({ drafts: [summary, ...get().drafts.filter((d) => d.id !== summary.id)] })
    },
    async rename(id, name) {
      try {
        const summary = await port.rename(id, name)
        set({ drafts: get().drafts.map((d) => (d.id === id ? summary : d)) })
        return null
      } catch (error) {
        return toErrorView(error).message
      }
    },
    async remove(id) {
      try {
        await port.remove(id)
        set({ drafts: get().drafts.filter((d) => d.id !== id) })
        return null
      } catch (error) {
        return toErrorView(error).message
      }
    },
  }))
}
