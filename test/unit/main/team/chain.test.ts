import { describe, expect, it } from 'vitest'
import { chainHash, GENESIS_HASH, verifyChain } from '../../../../src/main/team/chain'
import type { ActionRecordEntry } from '../../../../src/shared/team-record'

/** A chain of `n` rows made as a store makes them. */
function chain(n: number): ActionRecordEntry[] {
  const rows: ActionRecordEntry[] = []
  let prevHash = GENESIS_HASH
  for (let seq = 1; seq <= n; seq++) {
    const body = {
      id: `row-${seq}`,
      seq,
      at: `2026-11-28T10:${String(seq).padStart(2, '0')}:00.000Z`,
      agent: 'anna',
      desk: 'desk-1',
      prevHash,
      action: 'refund' as const,
      object: { kind: 'payment' as const, id: `tr_${seq}` },
      amount: { value: `${seq}.00`, currency: 'EUR' },
      idempotencyKey: `k${seq}`,
      ticket: null,
      reason: null,
      outcome: { result: 'done' as const, status: 201, resultId: `re_${seq}`, summary: 'Refund pending.' },
    }
    const row = { ...body, hash: chainHash(body) }
    rows.push(row)
    prevHash = row.hash
  }
  return rows
}

describe('the action record chain', () => {
  it('verifies an untouched chain, with its head', () => {
    const rows = chain(12)
    expect(verifyChain(rows, { seq: 12, hash: rows[11]?.hash ?? '' })).toEqual([])
  })

  it('does not depend on the order keys were set in, nor carry fields the shape does not have', () => {
    const [row] = chain(1)
    if (!row) throw new Error('no row')
    const reordered = {
      ...Object.fromEntries(Object.entries(row).reverse()),
      outcome: Object.fromEntries(Object.entries(row.outcome).reverse()),
      extra: 'ignored',
    } as unknown as ActionRecordEntry
    expect(chainHash(reordered)).toBe(row.hash)
  })

  it('names an edited row (amount, agent or time)', () => {
    for (const edit of [
      (r: ActionRecordEntry) => ({ ...r, amount: { value: '450.00', currency: 'EUR' } }),
      (r: ActionRecordEntry) => ({ ...r, agent: 'bob' }),
      (r: ActionRecordEntry) => ({ ...r, at: '2026-11-28T09:00:00.000Z' }),
    ]) {
      const rows = chain(5)
      rows[2] = edit(rows[2] as ActionRecordEntry)
      expect(verifyChain(rows).map((p) => [p.seq, p.problem])).toEqual([[3, 'edited']])
    }
  })

  it('names a row edited with its hash made again: the next row no longer follows it', () => {
    const rows = chain(5)
    const { hash: _old, ...body } = { ...(rows[1] as ActionRecordEntry), reason: 'rewritten' }
    rows[1] = { ...body, hash: chainHash(body) }
    expect(verifyChain(rows).map((p) => [p.seq, p.problem])).toEqual([[3, 'missing-before']])
  })

  it('names the row after a deleted one, two rows swapped, and rows cut from the end', () => {
    const deleted = chain(5).filter((r) => r.seq !== 3)
    expect(verifyChain(deleted).map((p) => p.sentence)).toEqual([
      'Row 4 (refund on tr_4 by anna, id row-4): row 3 is missing before it.',
    ])
    const rows = chain(5)
    const swapped = [rows[0], rows[2], rows[1], rows[3], rows[4]] as ActionRecordEntry[]
    expect(verifyChain(swapped).map((p) => p.problem)).toEqual(['missing-before', 'out-of-order', 'missing-before'])
    const full = chain(6)
    expect(verifyChain(full.slice(0, 4), { seq: 6, hash: full[5]?.hash ?? '' }).map((p) => p.sentence)).toEqual([
      'The record ends at row 4, but row 6 was written: the rows after 4 were removed.',
    ])
  })
})
