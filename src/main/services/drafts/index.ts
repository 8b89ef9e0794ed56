// The order builder's drafts, split by what each part does: format.ts (the file format, records,
// versions, summaries), context.ts (what the store keeps), files.ts (writes, versions file, set
// aside), load.ts (the first load), access.ts (read, change, create, delete), store.ts (wiring).
export { createDraftsDiskStore } from './store'
export {
  archiveDraft,
  CACHED_DRAFTS,
  DAMAGED_DIR,
  DRAFTS_DIR,
  encodeDraftFile,
  MAX_DRAFT_BYTES,
  toSummary,
  VERSIONS_FILE,
  withSavedContent,
  type DraftRecord,
} from './format'
export type { DraftsStore, DraftsStoreOptions } from './types'
