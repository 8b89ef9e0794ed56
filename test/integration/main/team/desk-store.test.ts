import { randomBytes } from 'node:crypto'
import { mkdtempSync, readFileSync, rmSync, symlinkSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { DatabaseSync } from 'node:sqlite'
import { afterAll, describe, expect, it } from 'vitest'
import { DeskRecordDamagedError, DeskRecordStore } from '../../../../src/main/team/desk-store'
import { freshObject, recordStoreContract, refundRow } from '../../helpers/record-store-contract'

const dir = mkdtempSync(path.join(os.tmpdir(), 'paydesk-desk-record-'))
afterAll(() => rmSync(dir, { recursive: true, force: true }))
let files = 0
const newFile = () => path.join(dir, `record-${++files}.sqlite`)

recordStoreContract('the desk store (SQLite)', () => {
  const store = new DeskRecordStore({ file: newFile(), key: randomBytes(32), login: 'anna', desk: 'desk-1' })
  return Promise.resolve({ store, login: 'anna', close: () => store.close() })
})

describe('the desk store on disk', () => {
  it('keeps nothing readable in the file: notes, tickets and amounts are encrypted with the data key', async () => {
    const file = newFile()
    const key = randomBytes(32)
    const store = new DeskRecordStore({ file, key, login: 'anna', desk: 'desk-1' })
    const object = freshObject()
    await store.writeNote(object, 'Customer Sanne de Vries called twice')
    await store.appendAction(
      refundRow(object, { ticket: 'HD-SECRET-4711', amount: { value: '123.45', currency: 'EUR' } }),
    )
    await store.close()
    // Closing folds the write-ahead log into the file: the file is all there is.
    const bytes = readFileSync(file).toString('latin1')
    expect(bytes).toContain(object.id)
    for (const secret of ['Sanne de Vries', 'HD-SECRET-4711', '123.45']) expect(bytes).not.toContain(secret)
    const again = new DeskRecordStore({ file, key, login: 'anna', desk: 'desk-1' })
    expect((await again.notesFor(object))[0]?.text).toBe('Customer Sanne de Vries called twice')
    expect(await again.findByTicket('HD-SECRET-4711')).toEqual([object])
    await again.close()
    expect(() => new DeskRecordStore({ file, key: randomBytes(32), login: 'anna', desk: 'desk-1' })).toThrow(
      DeskRecordDamagedError,
    )
  })

  it('names an action row edited or deleted in the file, and does not trust it', async () => {
    const file = newFile()
    const key = randomBytes(32)
    const store = new DeskRecordStore({ file, key, login: 'anna', desk: 'desk-1' })
    const object = freshObject()
    for (let i = 0; i < 4; i++) await store.appendAction(refundRow(object))
    expect(store.status().state).toBe('connected')
    await store.close()
    const db = new DatabaseSync(file)
    db.prepare('DELETE FROM actions WHERE seq = 2').run()
    db.close()
    const reopened = new DeskRecordStore({ file, key, login: 'anna', desk: 'desk-1' })
    expect(reopened.status().state).toBe('error')
    expect(reopened.status().sentence).toMatch(/Row 3 .*row 2 is missing before it/)
    await reopened.close()
    const swap = new DatabaseSync(file)
    // Another row's sealed body under row 4's plain columns: it no longer decrypts.
    swap.prepare('UPDATE actions SET body = (SELECT body FROM actions WHERE seq = 1) WHERE seq = 4').run()
    swap.close()
    expect(() => new DeskRecordStore({ file, key, login: 'anna', desk: 'desk-1' })).toThrow(DeskRecordDamagedError)
  })

  it('refuses a file that is a link', () => {
    const target = newFile()
    const link = newFile()
    new DeskRecordStore({ file: target, key: randomBytes(32), login: 'anna', desk: 'd' }).close().catch(() => {})
    symlinkSync(target, link)
    expect(() => new DeskRecordStore({ file: link, key: randomBytes(32), login: 'anna', desk: 'd' })).toThrow(
      /is a link/,
    )
  })
})
