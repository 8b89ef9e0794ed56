import { mkdtemp, mkdir, writeFile } from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import { beforeAll, describe, expect, it } from 'vitest'
import { readStaticFile } from '../../../src/main/static-files'

describe('readStaticFile (the app:// protocol)', () => {
  let root: string
  let outside: string

  beforeAll(async () => {
    const base = await mkdtemp(path.join(os.tmpdir(), 'paydesk-static-'))
    root = path.join(base, 'renderer')
    outside = path.join(base, 'secret.txt')
    await mkdir(path.join(root, 'assets'), { recursive: true })
    await writeFile(path.join(root, 'index.html'), '<html>index</html>')
    await writeFile(path.join(root, 'assets', 'app.js'), 'console.log(1)')
    await writeFile(outside, 'do not serve')
  })

  it('serves files with their content type', async () => {
    const file = await readStaticFile(root, '/assets/app.js')
    expect(file?.body.toString()).toBe('console.log(1)')
    expect(file?.contentType).toMatch(/^text\/javascript/)
    expect((await readStaticFile(root, '/'))?.body.toString()).toBe('<html>index</html>')
  })

  it('refuses paths that escape the root, encoded or not', async () => {
    for (const p of ['/../secret.txt', '/%2e%2e/secret.txt', '/assets/../../secret.txt', '/..%2fsecret.txt']) {
      expect(await readStaticFile(root, p)).toBeNull()
    }
  })

  it('falls back to index.html for routes but not for missing assets', async () => {
    expect((await readStaticFile(root, '/payments'))?.body.toString()).toBe('<html>index</html>')
    expect(await readStaticFile(root, '/assets/missing.js')).toBeNull()
    expect(await readStaticFile(root, '/%E0%A4%A')).toBeNull()
  })
})
