// What the search index's integration tests share: a fresh folder for each test's index file, the
// search box's text parsed as the app parses it, and a payment's row as the sync makes it.
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { afterEach, beforeEach } from 'vitest'
import { paymentRow, type IndexRow } from '../../../src/main/search/index-db'
import type { Payment } from '../../../src/shared/api-types'
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

/** What a test payment row may differ in; the rest is a paid €10.00 iDEAL test payment. */
export interface PaymentRowFields {
  createdMs?: number
  description?: string
  email?: string
  value?: string
  status?: string
}

/**
 * A payment's index row as the sync makes it (paymentRow), id `tr_<prefix>` and `n` in six digits,
 * created `n` minutes before `nowMs` unless `createdMs` says when.
 */
export function indexedPayment(prefix: string, n: number, nowMs: number, fields: PaymentRowFields = {}): IndexRow {
  return paymentRow({
    resource: 'payment',
    id: `tr_${prefix}${String(n).padStart(6, '0')}`,
    mode: 'test',
    profileId: `pfl_${prefix}`,
    createdAt: new Date(fields.createdMs ?? nowMs - n * 60_000).toISOString(),
    amount: { currency: 'EUR', value: fields.value ?? '10.00' },
    description: fields.description ?? `Payment ${n}`,
    method: 'ideal',
    status: fields.status ?? 'paid',
    billingAddress: fields.email ? { email: fields.email } : undefined,
  } as unknown as Payment)
}
