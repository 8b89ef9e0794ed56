import { join } from 'node:path'
import type { DraftSummary } from '../../../shared/ipc/drafts'
import { writeFileAtomic } from '../../storage/atomic-file'
import { getOrCreateDataKey } from '../../storage/encryption'
import { CACHED_DRAFTS, DRAFTS_DIR, FILE_SUFFIX, type DraftRecord } from './format'
import type { DraftsStoreOptions } from './types'

/** What the drafts store keeps between calls; every function of the store takes it explicitly. */
export interface DraftsContext {
  readonly options: DraftsStoreOptions
  /** <dataDir>/drafts */
  readonly dir: string
  readonly now: () => Date
  readonly write: (path: string, data: Uint8Array) => Promise<void>
  /** What the list says about files set aside or drafts the versions file cannot vouch for. */
  readonly notices: string[]
  /** The version each draft's file was last written with (mirrors versions.seal). */
  readonly versions: Map<string, number>
  /** Every draft's summary (what the list shows), loaded once; whole drafts are read when needed. */
  cache: Promise<Map<string, DraftSummary>> | null
  /** The most recently used whole drafts, oldest first, at most CACHED_DRAFTS. */
  readonly recent: Map<string, DraftRecord>
  readonly locks: Map<string, Promise<unknown>>
  versionsWrite: Promise<void>
  /**
   * The data key. A locked keychain is an error here (nothing is read, nothing set aside): the list
   * is retried once the user unlocked; a new key is never made while drafts exist.
   */
  readonly dataKey: () => Promise<Uint8Array>
}

export function createDraftsContext(options: DraftsStoreOptions): DraftsContext {
  return {
    options,
    dir: join(options.dataDir, DRAFTS_DIR),
    now: options.now ?? (() => new Date()),
    write: options.writeFile ?? ((path: string, data: Uint8Array) => writeFileAtomic(path, data)),
    notices: [],
    versions: new Map(),
    cache: null,
    recent: new Map(),
    locks: new Map(),
    versionsWrite: Promise.resolve(),
    dataKey: () =>
      getOrCreateDataKey(options.secretStore, { dataDir: options.dataDir, legacyStore: options.legacySecretStore }),
  }
}

export function fileOf(ctx: DraftsContext, id: string): string {
  return join(ctx.dir, `${id}${FILE_SUFFIX}`)
}

export function rememberDraft(ctx: DraftsContext, record: DraftRecord): void {
  ctx.recent.delete(record.id)
  ctx.recent.set(record.id, record)
  while (ctx.recent.size > CACHED_DRAFTS) ctx.recent.delete(ctx.recent.keys().next().value as string)
}

/** One write at a time per draft, in call order. */
export function withLock<T>(ctx: DraftsContext, id: string, task: () => Promise<T>): Promise<T> {
  const previous = ctx.locks.get(id) ?? Promise.resolve()
  const next = previous.then(task, task)
  const settled = next.catch(() => {})
  ctx.locks.set(id, settled)
  void settled.then(() => {
    if (ctx.locks.get(id) === settled) ctx.locks.delete(id)
  })
  return next
}
