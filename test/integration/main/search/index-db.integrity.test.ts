// Issue 22 item 7 (threat: someone with write access to the data folder edits the search index).
// A plain column edited in the file (a status, an amount), a resume cursor edited or copied from
// another index: found at open, and the index is set aside and rebuilt, or the walk starts again.
// A real SQLite file through node:sqlite.
import { randomBytes } from 'node:crypto'
import path from 'node:path'
import { DatabaseSync } from 'node:sqlite'
import { describe, expect, it } from 'vitest'
import { indexFileName, openSearchIndex, paymentRow, type SearchIndex } from '../../../../src/main/search/index-db'
import type { Payment } from '../../../../src/shared/api-types'
import { freshIndexDir } from '../../helpers/index-dir'
import { payment } from '../../../unit/helpers/story-objects'

const CONNECTION = 'conn_integrity0001'
const key = randomBytes(32)
const dir = freshIndexDir('integrity')

/** The n-th payment of the index, a minute apart. */
function numbered(n: number, status: Payment['status'] = 'open'): Payment {
  return payment({
    id: `tr_int${String(n).padStart(6, '0')}`,
    profileId: 'pfl_int',
    createdAt: new Date(Date.parse('2026-11-01T10:00:00Z') + n * 60_000).toISOString(),
    amount: { currency: 'EUR', value: '25.00' },
    description: `Order ${n}`,
    status,
  })
}

async function open(): Promise<{ index: SearchIndex; notice: string | null }> {
  return openSearchIndex({ dir: dir(), connectionId: CONNECTION, key, yieldFn: async () => {} })
}

/** Edits the index file as someone with access to the data folder would. */
function edit(sql: string): void {
  const db = new DatabaseSync(path.join(dir(), indexFileName(CONNECTION)))
  db.exec(sql)
  db.close()
}

describe('search index integrity (issue 22 item 7)', () => {
  it('an untouched index opens with its rows and marker', async () => {
    const { index } = await open()
    index.upsert('payments', [paymentRow(numbered(1)), paymentRow(numbered(2))])
    index.saveMarker('payments', { ...index.marker('payments'), newestId: 'tr_int000002', lastCompletedAt: 1 })
    index.close()
    const again = await open()
    expect(again.notice).toBeNull()
    expect(again.index.count('payments')).toBe(2)
    expect(again.index.marker('payments').newestId).toBe('tr_int000002')
    again.index.close()
  })

  it('a status edited in the file is found: the index is set aside and rebuilt, with a notice', async () => {
    const { index } = await open()
    index.upsert('payments', [paymentRow(numbered(1, 'open')), paymentRow(numbered(2, 'open'))])
    index.close()
    edit(`UPDATE payments SET status = 'paid' WHERE id = 'tr_int000001'`)
    const again = await open()
    expect(again.notice).toMatch(/could not be read.*set aside/)
    expect(again.index.count('payments')).toBe(0)
    again.index.close()
  })

  it('an amount edited in the file is found the same way', async () => {
    const { index } = await open()
    index.upsert('payments', [paymentRow(numbered(1))])
    index.close()
    edit(`UPDATE payments SET value = '2500.00' WHERE id = 'tr_int000001'`)
    const again = await open()
    expect(again.notice).toMatch(/set aside/)
    again.index.close()
  })

  it('a resume cursor edited, or copied from another list, is not used: the walk starts again', async () => {
    const { index } = await open()
    index.saveMarker('payments', {
      ...index.marker('payments'),
      newestId: 'tr_int000009',
      nextLink: 'https://x/v2/payments?from=tr_a',
    })
    index.saveMarker('orders', { ...index.marker('orders'), newestId: 'ord_keep' })
    index.close()
    edit(`UPDATE sync_state SET state = (SELECT state FROM sync_state WHERE kind = 'orders') WHERE kind = 'payments'`)
    const again = await open()
    expect(again.index.marker('payments')).toMatchObject({ newestId: null, nextLink: null })
    expect(again.index.marker('orders').newestId).toBe('ord_keep')
    edit(`UPDATE sync_state SET state = '{"newestId":"tr_forged","nextLink":null}' WHERE kind = 'orders'`)
    again.index.close()
    const third = await open()
    expect(third.index.marker('orders').newestId).toBeNull()
    third.index.close()
  })

  it('an index of the earlier format is replaced by a fresh one without calling it damaged', async () => {
    const { index } = await open()
    index.close()
    edit('PRAGMA user_version = 1')
    const again = await open()
    expect(again.notice).toMatch(/earlier Paydesk/)
    expect(again.notice).not.toMatch(/set aside/)
    again.index.close()
  })
})
