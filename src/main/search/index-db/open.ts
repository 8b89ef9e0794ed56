// Opening the index file of one connection, and what happens to a file that cannot be used: one of
// an earlier schema is replaced, a damaged one is set aside and a fresh index starts.
import { createHash } from 'node:crypto'
import { existsSync, lstatSync, renameSync, rmSync } from 'node:fs'
import path from 'node:path'
import { ensurePlainFolder } from '../../storage/no-follow'
import { IndexDamagedError, IndexOutdatedError } from './schema'
import { SearchIndex, type OpenOptions } from './search-index'

interface OpenResult {
  index: SearchIndex
  /** Set when a damaged file was set aside and a fresh index started. */
  notice: string | null
}

/** Safe file name for a connection id (ids are app-made, but never trust a name for a path). */
export function indexFileName(connectionId: string): string {
  if (/^[A-Za-z0-9_-]{1,64}$/.test(connectionId)) return `${connectionId}.sqlite`
  return `c-${createHash('sha256').update(connectionId).digest('hex').slice(0, 32)}.sqlite`
}

/**
 * Opens (or creates) the index of one connection. A file that SQLite cannot read, with an unknown
 * schema, or whose records do not decrypt with the data key is renamed `*.damaged-<time>` and a fresh
 * index starts (the notice says so; a sync fills it again).
 */
export async function openSearchIndex(options: OpenOptions): Promise<OpenResult> {
  // A linked search-index/ is refused before SQLite creates or opens anything in it.
  await ensurePlainFolder(options.dir)
  const file = path.join(options.dir, indexFileName(options.connectionId))
  /** An index on a file that was removed or set aside: starts empty. */
  const openFresh = async () => {
    const index = new SearchIndex(file, options)
    await index.rebuildMemory(options.yieldFn)
    return index
  }
  try {
    // SQLite would follow a link planted in the data folder: a linked file is not the index.
    for (const suffix of ['', '-wal', '-shm']) {
      if (lstatSync(`${file}${suffix}`, { throwIfNoEntry: false })?.isSymbolicLink()) {
        throw new IndexDamagedError(`${path.basename(file)}${suffix} is a link; Paydesk does not follow links`)
      }
    }
    const index = new SearchIndex(file, options)
    await index.rebuildMemory(options.yieldFn)
    return { index, notice: null }
  } catch (error) {
    if (error instanceof IndexOutdatedError) {
      removeSearchIndex(options.dir, options.connectionId)
      const index = new SearchIndex(file, options)
      await index.rebuildMemory(options.yieldFn)
      return {
        index,
        notice: 'The local search index was made by an earlier Paydesk; it is being rebuilt from the service.',
      }
    }
    if (!(error instanceof IndexDamagedError) && !isSqliteDamage(error)) throw error
    const aside = `${file}.damaged-${new Date().toISOString().replace(/[:.]/g, '-')}`
    // renameSync and rmSync act on a link itself, never on what it points to.
    if (existsSync(file) || lstatSync(file, { throwIfNoEntry: false })) renameSync(file, aside)
    for (const suffix of ['-wal', '-shm']) rmSync(`${file}${suffix}`, { force: true })
    const index = await openFresh()
    const reason = error instanceof Error ? error.message : String(error)
    return {
      index,
      notice: `The local search index could not be read (${reason}). It was set aside as ${path.basename(aside)} and is being rebuilt from the service.`,
    }
  }
}

function isSqliteDamage(error: unknown): boolean {
  const e = error as { code?: string; errcode?: number; message?: string }
  if (e?.code === 'ERR_SQLITE_ERROR') return true
  return /not a database|malformed|corrupt|file is encrypted/i.test(e?.message ?? '')
}

/** Removes a connection's index files (the connection was removed). */
export function removeSearchIndex(dir: string, connectionId: string): void {
  const file = path.join(dir, indexFileName(connectionId))
  for (const suffix of ['', '-wal', '-shm', '-journal']) rmSync(`${file}${suffix}`, { force: true })
}
