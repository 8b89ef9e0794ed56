import { readFile, stat } from 'node:fs/promises'
import path from 'node:path'

const MIME_TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.ico': 'image/x-icon',
  '.woff2': 'font/woff2',
  '.map': 'application/json; charset=utf-8',
}

interface StaticFile {
  body: Buffer
  contentType: string
}

/**
 * Resolves a request path to a file under `root` for the app:// protocol (and the e2e harness's
 * server, which stands in for it). Paths that escape `root` are refused; unknown paths fall back to
 * index.html only when they look like a route (no file extension).
 */
export async function readStaticFile(root: string, urlPath: string): Promise<StaticFile | null> {
  let decoded: string
  try {
    decoded = decodeURIComponent(urlPath.split(/[?#]/, 1)[0] ?? '')
  } catch {
    return null
  }
  const rootResolved = path.resolve(root)
  const relative = decoded === '/' || decoded === '' ? 'index.html' : decoded.replace(/^\/+/, '')
  const candidate = path.resolve(rootResolved, relative)
  if (candidate !== rootResolved && !candidate.startsWith(rootResolved + path.sep)) return null

  const target = (await isFile(candidate))
    ? candidate
    : path.extname(relative) === ''
      ? path.join(rootResolved, 'index.html')
      : null
  if (!target) return null
  const body = await readFile(target)
  return { body, contentType: MIME_TYPES[path.extname(target)] ?? 'application/octet-stream' }
}

async function isFile(file: string): Promise<boolean> {
  try {
    return (await stat(file)).isFile()
  } catch {
    return false
  }
}
