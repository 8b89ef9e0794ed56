import { readdir, readFile } from 'node:fs/promises'
import path from 'node:path'
import type { Harness } from './harness'

/**
 * Looks for secrets everywhere the renderer or the disk could hold them. A secret may hide in
 * encodings: base64 (at each of the three byte alignments it can take inside a larger blob, and its
 * URL-safe form), hex and UTF-16LE. Returns one line per finding, so a failing test says where.
 */

export interface Finding {
  secret: string
  encoding: string
  where: string
}

/** The forms a secret takes in text or bytes; each long enough not to match by accident. */
export function needlesFor(secret: string): { encoding: string; bytes: Buffer }[] {
  const raw = Buffer.from(secret, 'utf8')
  const needles = [
    { encoding: 'plain', bytes: raw },
    { encoding: 'hex', bytes: Buffer.from(raw.toString('hex')) },
    { encoding: 'utf16le', bytes: Buffer.from(secret, 'utf16le') },
  ]
  for (let offset = 0; offset < 3; offset += 1) {
    // Inside a larger base64 blob the secret starts at byte `offset` of a 3-byte group: encode
    // it so, and keep only the characters that depend on the secret's bytes alone.
    const encoded = Buffer.concat([Buffer.alloc(offset), raw]).toString('base64')
    const start = offset === 0 ? 0 : 4
    const end = 4 * Math.floor((offset + raw.length) / 3)
    const core = encoded.slice(start, end)
    needles.push({ encoding: `base64@${offset}`, bytes: Buffer.from(core) })
    needles.push({ encoding: `base64url@${offset}`, bytes: Buffer.from(core.replace(/\+/g, '-').replace(/\//g, '_')) })
  }
  return needles
}

export function findIn(haystack: Buffer | string, where: string, secrets: string[]): Finding[] {
  const bytes = typeof haystack === 'string' ? Buffer.from(haystack, 'utf8') : haystack
  const findings: Finding[] = []
  for (const secret of secrets) {
    for (const needle of needlesFor(secret)) {
      if (bytes.includes(needle.bytes)) findings.push({ secret: mask(secret), encoding: needle.encoding, where })
    }
  }
  return findings
}

async function filesUnder(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { withFileTypes: true, recursive: true })
  return entries.filter((e) => e.isFile()).map((e) => path.join(e.parentPath, e.name))
}

/** The file's bytes, or null when it is gone (a write replaced it by renaming a temporary file). */
async function readIfPresent(file: string): Promise<Buffer | null> {
  try {
    return await readFile(file)
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null
    throw error
  }
}

/**
 * Every file under `dir`, recursively, byte for byte. The app may still be writing (the request log
 * seals its segments by writing a temporary file and renaming it): when a listed file is gone before
 * it is read, its bytes are now in another file, so the whole directory is read again, until one pass
 * reads every file it listed.
 */
export async function scanDirectory(dir: string, secrets: string[]): Promise<{ findings: Finding[]; files: string[] }> {
  for (let pass = 1; pass <= 5; pass++) {
    const files = await filesUnder(dir)
    const findings: Finding[] = []
    let complete = true
    for (const file of files) {
      const bytes = await readIfPresent(file)
      if (bytes === null) complete = false
      else findings.push(...findIn(bytes, path.relative(dir, file), secrets))
    }
    if (complete) return { findings, files }
  }
  throw new Error(`Files under ${dir} kept changing while they were read (5 passes)`)
}

/** IPC from main, the DOM and every field's value, web storage, and the data directory. */
export async function scanHarness(h: Harness, secrets: string[]): Promise<{ findings: Finding[]; files: string[] }> {
  const findings: Finding[] = []
  h.messagesToRenderer.forEach((message, index) =>
    findings.push(...findIn(message, `message to renderer #${index}`, secrets)),
  )
  findings.push(...findIn(await h.page.content(), 'DOM (page.content)', secrets))
  const values = await h.page.$$eval('input, textarea, select', (elements) =>
    elements.map((e) => (e as HTMLInputElement).value),
  )
  values.forEach((value, index) => findings.push(...findIn(value, `field value #${index}`, secrets)))
  const storage = await h.page.evaluate(() => {
    const dump = (s: Storage) => {
      const out: string[] = []
      for (let i = 0; i < s.length; i += 1) {
        const key = s.key(i) ?? ''
        out.push(key, s.getItem(key) ?? '')
      }
      return out.join('\n')
    }
    return { local: dump(localStorage), session: dump(sessionStorage) }
  })
  findings.push(...findIn(storage.local, 'localStorage', secrets))
  findings.push(...findIn(storage.session, 'sessionStorage', secrets))
  const disk = await scanDirectory(h.dataDir, secrets)
  findings.push(...disk.findings)
  return { findings, files: disk.files }
}

function mask(secret: string): string {
  return `${secret.slice(0, 5)}…${secret.slice(-4)}`
}
