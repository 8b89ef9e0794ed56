// Files in the data folder are Paydesk's own: one that is a symbolic link (planted by someone with
// write access to the folder, pointing at another file of the user's) is refused, never read,
// appended to or truncated through (issue 22 item 7). Opened with O_NOFOLLOW where the system has it
// (Linux, macOS); elsewhere the path is checked with lstat first.
// A folder of the data folder (request-log/, drafts/, search-index/) that is a link is refused the
// same way (issue 45 item 7): it is checked with lstat before Paydesk reads or writes in it.
import { constants } from 'node:fs'
import { lstat, mkdir, open, type FileHandle } from 'node:fs/promises'
import { basename } from 'node:path'
import type { IpcErrorView } from '../../shared/ipc/define'

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

/**
 * A folder of the data folder that is a link (to a folder elsewhere) or not a folder at all: nothing
 * is read from it or written to it, and nothing is removed, the link or what it points to.
 */
export class LinkedFolderError extends Error {
  readonly code = 'ELOOP'
  constructor(
    readonly path: string,
    readonly what: 'link' | 'not-a-folder',
  ) {
    super(
      `The folder “${basename(path)}” in Paydesk’s data folder is ${what === 'link' ? 'a link to another place' : 'not a folder'}; ` +
        'Paydesk does not follow links there, so it read and wrote nothing in it and changed nothing. ' +
        `Replace it with a plain folder (move back what it held), then restart Paydesk. Its place: ${path}`,
    )
    this.name = 'LinkedFolderError'
  }

  toIpcError(): IpcErrorView {
    return { code: 'conflict', message: this.message }
  }
}

/**
 * Makes sure a folder of the data folder is a real folder, not a link: created (owner only) when
 * missing, refused with LinkedFolderError when it is a link or a file. `mkdir` alone would follow a
 * link and write everything after it to wherever the link points.
 */
export async function ensurePlainFolder(path: string): Promise<void> {
  const before = await lstat(path).catch((error: NodeJS.ErrnoException) => {
    if (error.code === 'ENOENT') return null
    throw error
  })
  if (before === null) await mkdir(path, { recursive: true, mode: 0o700 })
  // Checked again after creating: a link planted in between is refused too.
  const stats = await lstat(path)
  if (stats.isSymbolicLink()) throw new LinkedFolderError(path, 'link')
  if (!stats.isDirectory()) throw new LinkedFolderError(path, 'not-a-folder')
}
