// Files in the data folder are Paydesk's own: one that is a symbolic link (planted by someone with
// write access to the folder, pointing at another file of the user's) is refused, never read,
// appended to or truncated through (issue 22 item 7). Opened with O_NOFOLLOW where the system has it
// (Linux, macOS); elsewhere the path is checked with lstat first.
import { constants } from 'node:fs'
import { lstat, open, type FileHandle } from 'node:fs/promises'

/** Thrown for a data-folder path that is a link. */
export class LinkRefusedError extends Error {
  readonly code = 'ELOOP'
  constructor(readonly path: string) {
    super(`${path} is a link; Paydesk does not follow links in its data folder.`)
    this.name = 'LinkRefusedError'
  }
}

const NOFOLLOW = constants.O_NOFOLLOW ?? 0

async function refuseLink(path: string): Promise<void> {
  if (NOFOLLOW !== 0) return
  const stats = await lstat(path).catch(() => null)
  if (stats?.isSymbolicLink()) throw new LinkRefusedError(path)
}

/** Opens a data-folder file without following a link at its name. */
export async function openNoFollow(path: string, flags: number, mode?: number): Promise<FileHandle> {
  await refuseLink(path)
  try {
    return await open(path, flags | NOFOLLOW, mode)
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ELOOP') throw new LinkRefusedError(path)
    throw error
  }
}

/** readFile, refusing a link. */
export async function readFileNoFollow(path: string): Promise<Buffer> {
  const handle = await openNoFollow(path, constants.O_RDONLY)
  try {
    return await handle.readFile()
  } finally {
    await handle.close()
  }
}

/** readFile as UTF-8 text, refusing a link. */
export async function readTextNoFollow(path: string): Promise<string> {
  return (await readFileNoFollow(path)).toString('utf8')
}

/** Truncates a data-folder file, refusing a link. */
export async function truncateNoFollow(path: string, length: number): Promise<void> {
  const handle = await openNoFollow(path, constants.O_WRONLY)
  try {
    await handle.truncate(length)
  } finally {
    await handle.close()
  }
}

/** Whether a path is a link (for files opened by a library, such as SQLite). */
export async function isLink(path: string): Promise<boolean> {
  return (await lstat(path).catch(() => null))?.isSymbolicLink() ?? false
}
