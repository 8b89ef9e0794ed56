import { createStore, type StoreApi } from 'zustand/vanilla'
import {
  readDrafts,
  removeDraft,
  renameDraft,
  upsertDraft,
  type DraftsStoreContext,
  type DraftsPort,
  type DraftsState,
} from './drafts-actions'
import { newestCalls } from './newest'

export type { DraftsPort, DraftsState } from './drafts-actions'

// The drafts list beside the builder: open drafts and created (archived) ones, plus main's notices
// about damaged draft files it set aside. Created with the IPC port it uses (no module state), so
// its transitions are unit-tested without a browser.
// Its actions: drafts-actions.ts.

export function createDraftsStore(port: DraftsPort): StoreApi<DraftsState> {
  return createStore<DraftsState>((set, get) => {
    const ctx: DraftsStoreContext = { set, get, port, loads: newestCalls() }
    return {
      drafts: [],
      notices: [],
      loading: false,
      error: null,
      load: () => readDrafts(ctx),
      upsert: (view) => upsertDraft(ctx, view),
      rename: (id, name) => renameDraft(ctx, id, name),
      remove: (id) => removeDraft(ctx, id),
    }
  })
}
