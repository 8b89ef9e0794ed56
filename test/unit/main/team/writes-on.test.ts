// The writes recorded on many objects (issue 50, gap b): the customer view's list of what was done on
// the customer's payments and orders. One list from each object's rows, each row once, newest first.
import { describe, expect, it } from 'vitest'
import { writesOn } from '../../../../src/main/team/writes-on'
import type { ActionRecordEntry, RecordObjectRef } from '../../../../src/shared/team-record'

function row(id: string, seq: number, at: string, object: RecordObjectRef): ActionRecordEntry {
  return {
    id,
    seq,
    at,
    agent: 'anna',
    desk: 'd',
    action: 'refund',
    object,
    amount: { value: '45.00', currency: 'EUR' },
    idempotencyKey: null,
    ticket: null,
    reason: null,
    outcome: { result: 'done', status: null, resultId: null, summary: '' },
    prevHash: '0',
    hash: '1',
  }
}

const pay1 = { kind: 'payment', id: 'tr_1' } as const
const pay2 = { kind: 'payment', id: 'tr_2' } as const
const order = { kind: 'order', id: 'ord_1' } as const
const other = { kind: 'payment', id: 'tr_9' } as const

describe('writes recorded on a customer’s payments and orders', () => {
  it('reads the rows of every object asked in one read, each object named once, newest first', async () => {
    const rows = [
      row('a', 1, '2026-11-28T09:00:00Z', pay1),
      row('b', 2, '2026-11-28T11:00:00Z', order),
      row('c', 3, '2026-11-28T10:00:00Z', pay2),
      row('d', 4, '2026-11-28T10:00:00Z', pay2),
      row('e', 5, '2026-11-28T12:00:00Z', other),
    ]
    const reads: string[][] = []
    const record = {
      actionsOn: async (objects: readonly RecordObjectRef[]) => {
        reads.push(objects.map((o) => o.id))
        return rows.filter((r) => objects.some((o) => r.object.kind === o.kind && r.object.id === o.id))
      },
    }
    const writes = await writesOn(record, [pay1, order, pay2, pay1])
    expect(writes.map((w) => w.id)).toEqual(['b', 'd', 'c', 'a'])
    expect(reads).toEqual([['tr_1', 'ord_1', 'tr_2']])
  })
})
