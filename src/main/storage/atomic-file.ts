import { randomBytes } from 'node:crypto'
import { constants } from 'node:fs'
import { copyFile, open, rename, unlink, type FileHandle } from 'node:fs/promises'
import { basename, dirname, join } from 'node:path'
import { LinkRefusedError, readTextNoFollow } from './no-follow'

/**
 * Replaces a file so that readers see either the old or the new content, never half of it:
 * write a temporary file in the same directory (same file system, so rename is atomic), fsync it,
 * rename it over the target, then fsync the directory so the rename itself survives a crash.
 */
export async function writeFileAtomic(
  path: string,
  data: string | Uint8Array,
  options: { mode?: number } = {},
): Promise<void> {
  await writeFileAtomicWith(path, (handle) => handle.writeFile(data), options)
}

/**
 * The same protocol for content written in pieces (`fill` writes to the temporary file's handle,
 * for example a large export reporting progress). If `fill` throws, the target is untouched and
 * the temporary file is removed.
 */
export async function writeFileAtomicWith(
  path: string,
  fill: (handle: FileHandle) => Promise<void>,
  options: { mode?: number } = {},
): Promise<void> {
  const dir = dirname(path)
  const temp = join(dir, `.${basename(path)}.${process.pid}.${randomBytes(6).toString('hex')}.tmp`)
  const handle = await open(temp, 'wx', options.mode ?? 0o600)
  try {
    await fill(handle)
    await handle.sync()
  } catch (error) {
    await handle.close().catch(() => {})
    await unlink(temp).catch(() => {})
    throw error
  }
  await handle.close()
  try {
    await rename(temp, path)
  } catch (error) {
    await unlink(temp).catch(() => {})
    throw error
  }
  await syncDirectory(dir)
}

async function syncDirectory(dir: string): Promise<void> {
  // Not every platform can fsync a directory (Windows cannot open one); the rename is done anyway.
  try {
    const handle = await open(dir, constants.O_RDONLY)
    try {
      await handle.sync()
    } finally {
      await handle.close()
    }
  } catch {
    /* best effort */
  }
}

type ReadJsonResult<T> =
  | { status: 'missing' }
  | { status: 'ok'; value: T }
  /** The file could not be used; it was copied to `backupPath` before anyone overwrites it. */
  | { status: 'corrupt'; reason: string; backupPath: string }

/**
 * Reads and validates a JSON file. A missing file is normal (first run). A file that is not JSON
 * or fails `parse` is copied to `<name>.<timestamp>.bak` next to it, so the next write cannot
 * destroy what might still be recovered by hand. `parse` throws to reject; its message is the reason.
 */
export async function readJsonFile<T>(
  path: string,
  parse: (raw: unknown) => T,
  options: { now?: () => Date } = {},
): Promise<ReadJsonResult<T>> {
  let text: string
  try {
    text = await readTextNoFollow(path)
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return { status: 'missing' }
    if (error instanceof LinkRefusedError) {
      // The link itself is moved aside (never what it points to), so the next write makes a file.
      const stamp = (options.now?.() ?? new Date()).toISOString().replace(/[:.]/g, '-')
      const aside = `${path}.${stamp}.link`
      await rename(path, aside)
      return {
        status: 'corrupt',
        reason: 'it is a link to another file, which Paydesk does not follow',
        backupPath: aside,
      }
    }
    throw error
  }
  let reason: string
  try {
    return { status: 'ok', value: parse(JSON.parse(text)) }
  } catch (error) {
    reason =
      error instanceof SyntaxError ? 'it is not valid JSON' : `its content is not as expected (${messageOf(error)})`
  }
  const backupPath = await backupFile(path, options)
  return { status: 'corrupt', reason, backupPath }
}

/** Copies `path` to `<path>.<timestamp>.bak` (never replacing an earlier backup); answers the copy's path. */
export async function backupFile(path: string, options: { now?: () => Date } = {}): Promise<string> {
  const stamp = (options.now?.() ?? new Date()).toISOString().replace(/[:.]/g, '-')
  let backupPath = `${path}.${stamp}.bak`
  for (let n = 1; ; n++) {
    try {
      // COPYFILE_EXCL: never replace an earlier backup.
      await copyFile(path, backupPath, constants.COPYFILE_EXCL)
      break
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST' || n > 100) throw error
      backupPath = `${path}.${stamp}-${n}.bak`
    }
  }
  return backupPath
}

export async function writeJsonFileAtomic(path: string, value: unknown): Promise<void> {
  await writeFileAtomic(path, `${JSON.stringify(value, null, 2)}\n`)
}

function messageOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error)
}
