// What the search index's integration tests share: a fresh folder for each test's index file, and
// the search box's text parsed as the app parses it.
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { afterEach, beforeEach } from 'vitest'
import { parseSearchQuery, type ParsedQuery } from '../../../src/shared/search/query'

/** A fresh folder before each test of the file, removed after it; returns the current one. */
export function freshIndexDir(prefix: string): () => string {
  let dir = ''
  beforeEach(() => {
    dir = mkdtempSync(path.join(tmpdir(), `paydesk-${prefix}-`))
  })
  afterEach(() => {
    rmSync(dir, { recursive: true, force: true })
  })
  return () => dir
}

/** The text parsed as at `nowMs`; a text the parser refuses fails the test. */
export function parsedQuery(text: string, nowMs: number): ParsedQuery {
  const parsed = parseSearchQuery(text, nowMs)
  if (!parsed.ok) throw new Error(parsed.message)
  return parsed.query
}
