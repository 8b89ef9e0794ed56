import { mkdtemp, readdir, readFile, rm, stat, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { readJsonFile, writeFileAtomic, writeJsonFileAtomic } from '../../../../src/main/storage/atomic-file'

let dir: string
beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'paydesk-atomic-'))
})
afterEach(async () => {
  await rm(dir, { recursive: true, force: true })
})

const parseCounter = (raw: unknown): { n: number } => {
  if (typeof raw !== 'object' || raw === null || typeof (raw as { n?: unknown }).n !== 'number') {
    throw new Error('n must be a number')
  }
  return raw as { n: number }
}

describe('writeFileAtomic', () => {
  it('writes, replaces and leaves no temporary files behind', async () => {
    const file = join(dir, 'data.json')
    await writeFileAtomic(file, 'first')
    await writeFileAtomic(file, 'second')
    expect(await readFile(file, 'utf8')).toBe('second')
    expect(await readdir(dir)).toEqual(['data.json'])
  })

  it('creates the file readable by its owner only', async () => {
    const file = join(dir, 'private.json')
    await writeFileAtomic(file, '{}')
    if (process.platform !== 'win32') expect((await stat(file)).mode & 0o777).toBe(0o600)
  })

  it('keeps the old content when the write cannot complete', async () => {
    const file = join(dir, 'data.json')
    await writeFileAtomic(file, 'old')
    // The target's directory is missing: the temp file cannot be created, nothing is touched.
    await expect(writeFileAtomic(join(dir, 'missing', 'data.json'), 'new')).rejects.toThrow()
    expect(await readFile(file, 'utf8')).toBe('old')
  })

  it('survives many concurrent writers with one whole value winning', async () => {
    const file = join(dir, 'race.json')
    await Promise.all(Array.from({ length: 20 }, (_, n) => writeJsonFileAtomic(file, { n })))
    const result = await readJsonFile(file, parseCounter)
    expect(result.status).toBe('ok')
    expect(await readdir(dir)).toEqual(['race.json'])
  })
})

describe('readJsonFile', () => {
  it('reports a missing file as missing (first run)', async () => {
    expect(await readJsonFile(join(dir, 'none.json'), parseCounter)).toEqual({ status: 'missing' })
  })

  it('returns the parsed value', async () => {
    const file = join(dir, 'ok.json')
    await writeJsonFileAtomic(file, { n: 7 })
    expect(await readJsonFile(file, parseCounter)).toEqual({ status: 'ok', value: { n: 7 } })
  })

  it('sets a file that is not JSON aside as .bak, unchanged', async () => {
    const file = join(dir, 'connections.json')
    await writeFile(file, '{"n": 1,,')
    const result = await readJsonFile(file, parseCounter, { now: () => new Date('2026-01-02T03:04:05.678Z') })
    expect(result.status).toBe('corrupt')
    if (result.status !== 'corrupt') return
    expect(result.reason).toMatch(/not valid JSON/)
    expect(result.backupPath).toBe(`${file}.2026-01-02T03-04-05-678Z.bak`)
    expect(await readFile(result.backupPath, 'utf8')).toBe('{"n": 1,,')
  })

  it('sets aside JSON that fails validation, with the reason', async () => {
    const file = join(dir, 'wrong.json')
    await writeFile(file, '{"n": "seven"}')
    const result = await readJsonFile(file, parseCounter)
    expect(result.status).toBe('corrupt')
    if (result.status === 'corrupt') {
      expect(result.reason).toContain('n must be a number')
      expect(await readFile(result.backupPath, 'utf8')).toBe('{"n": "seven"}')
    }
  })

  it('never overwrites an earlier backup', async () => {
    const file = join(dir, 'c.json')
    const now = () => new Date('2026-01-02T03:04:05.000Z')
    await writeFile(file, 'garbage one')
    const first = await readJsonFile(file, parseCounter, { now })
    await writeFile(file, 'garbage two')
    const second = await readJsonFile(file, parseCounter, { now })
    if (first.status !== 'corrupt' || second.status !== 'corrupt') throw new Error('expected corrupt')
    expect(second.backupPath).not.toBe(first.backupPath)
    expect(await readFile(first.backupPath, 'utf8')).toBe('garbage one')
    expect(await readFile(second.backupPath, 'utf8')).toBe('garbage two')
  })
})
