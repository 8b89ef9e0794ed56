import type {
  DraftConnection,
  DraftsListView,
  DraftSummary,
  DraftView,
  SaveDraftInput,
} from '../../../shared/ipc/drafts'
import type { SecretStore } from '../../secrets/secret-store'
import type { DraftRecord } from './format'

export interface DraftsStoreOptions {
  dataDir: string
  /** Where the data key is (its own keychain service, see storage/encryption.ts). */
  secretStore: SecretStore
  /** The connections' store, where earlier versions kept the data key (moved from there once). */
  legacySecretStore?: SecretStore
  now?: () => Date
  /** The connection a new or moved draft belongs to: the active one (null: none known). */
  owner?: () => Promise<DraftConnection | null>
  /** Replaceable in tests to simulate a crash mid-write. */
  writeFile?: (path: string, data: Uint8Array) => Promise<void>
}

export interface DraftsStore {
  list(): Promise<DraftsListView>
  get(id: string): Promise<DraftView>
  save(input: SaveDraftInput): Promise<DraftView>
  rename(id: string, name: string): Promise<DraftSummary>
  delete(id: string): Promise<{ deleted: true }>
  /** Makes the draft belong to the active connection (options.owner). */
  moveToActive(id: string): Promise<DraftView>
  /** The full record (for the orders service). */
  read(id: string): Promise<DraftRecord>
  /** Changes a record under the per-draft write lock. */
  update(id: string, change: (record: DraftRecord) => DraftRecord): Promise<DraftRecord>
  /** Where the files are (tests, diagnostics). */
  readonly directory: string
}
