import { create } from 'zustand'
import type { DraftSummary, DraftView } from '../../../shared/ipc/drafts'
import { call, errorMessage } from '../lib/ipc-client'

// The drafts list beside the builder: open drafts and created (archived) ones, plus main's notices
// about damaged draft files it set aside.

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
  const { id, name, kind, createdAt, updatedAt, summary, archived } = view
  return { id, name, kind, createdAt, updatedAt, summary, archived }
}

let loadSeq = 0

export const useDraftsStore = create<DraftsState>((set, get) => ({
  drafts: [],
  notices: [],
  loading: false,
  error: null,
  async load() {
    const seq = ++loadSeq
    set({ loading: true })
    try {
      const list = await call('drafts.list')
      if (seq !== loadSeq) return
      set({ drafts: list.drafts, notices: list.notices, loading: false, error: null })
    } catch (error) {
      if (seq !== loadSeq) return
      set({ loading: false, error: errorMessage(error) })
    }
  },
  upsert(view) {
    const summary = summaryOf(view)
    set({ drafts: [summary, ...get().drafts.filter((d) => d.id !== summary.id)] })
  },
  async rename(id, name) {
    try {
      const summary = await call('drafts.rename', { id, name })
      set({ drafts: get().drafts.map((d) => (d.id === id ? summary : d)) })
      return null
    } catch (error) {
      return errorMessage(error)
    }
  },
  async remove(id) {
    try {
      await call('drafts.delete', { id })
      set({ drafts: get().drafts.filter((d) => d.id !== id) })
      return null
    } catch (error) {
      return errorMessage(error)
    }
  },
}))
