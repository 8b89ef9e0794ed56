// One contract for both homes of the record (issue 50): the same tests run against the desk's SQLite
// store and the team's PostgreSQL database, so the two cannot drift apart.
import { describe, expect, it } from 'vitest'
import type { RecordStore } from '../../../src/main/team/record-store'
import { verifyChain } from '../../../src/main/team/chain'
import type { NewActionRecord, RecordChange, RecordObjectRef } from '../../../src/shared/team-record'
import { present } from '../../helpers/present'

/** A fresh, empty store for one test, written as `login`; `other` writes to the same home as `bob`. */
export interface ContractHome {
  store: RecordStore
  login: string
  close(): Promise<void>
}

let counter = 0
/** An object no other test touched. */
export function freshObject(kind: RecordObjectRef['kind'] = 'payment'): RecordObjectRef {
  counter += 1
  const prefix = kind === 'payment' ? 'tr_' : kind === 'order' ? 'ord_' : 'cst_'
  return { kind, id: `${prefix}contract${process.pid}x${counter}${Date.now().toString(36)}` }
}

export function refundRow(object: RecordObjectRef, overrides: Partial<NewActionRecord> = {}): NewActionRecord {
  return {
    action: 'refund',
    object,
    amount: { value: '45.00', currency: 'EUR' },
    idempotencyKey: `idem-${object.id}`,
    ticket: null,
    reason: null,
    outcome: { result: 'done', status: 201, resultId: 're_contract1', summary: 'Refund of €45.00 is pending.' },
    ...overrides,
  }
}

export function recordStoreContract(name: string, open: () => Promise<ContractHome>): void {
  describe(`${name}: the RecordStore contract`, () => {
    const withHome = async (work: (home: ContractHome) => Promise<void>) => {
      const home = await open()
      try {
        await work(home)
      } finally {
        await home.close()
      }
    }

    it('numbers and chains the action record, and gives an object its rows oldest first', () =>
      withHome(async ({ store, login }) => {
        const object = freshObject()
        const first = await store.appendAction(refundRow(object, { ticket: 'HD-4711' }))
        const second = await store.appendAction(
          refundRow(object, {
            action: 'cancel-refund',
            amount: null,
            idempotencyKey: null,
            reason: 'Customer <b>asked</b>\u0007',
          }),
        )
        expect(second.seq).toBeGreaterThan(first.seq)
        expect(second.prevHash).toBe(first.hash)
        expect(first.agent).toBe(login)
        const rows = await store.actionsFor(object)
        expect(rows.map((r) => r.id)).toEqual([first.id, second.id])
        expect(present(rows[0]).amount).toEqual({ value: '45.00', currency: 'EUR' })
        expect(present(rows[1]).reason).toBe('Customer <b>asked</b>\u0007')
        expect(verifyChain(rows.filter((r) => r.seq === 1))).toEqual([])
        expect(await store.actionsFor(freshObject())).toEqual([])
      }))

    it('gives the rows of many objects in one read: the same rows as each object’s own, oldest first', () =>
      withHome(async ({ store }) => {
        const [pay, order, customer, elsewhere] = [
          freshObject(),
          freshObject('order'),
          freshObject('customer'),
          freshObject(),
        ]
        const written = []
        for (const object of [pay, order, elsewhere, pay, customer])
          written.push(await store.appendAction(refundRow(object)))
        // The customer view's bound: the customer and up to 50 orders and 50 payments.
        const many = [pay, order, customer, ...Array.from({ length: 98 }, () => freshObject())]
        const rows = await store.actionsOn(many)
        const ownRows = (await Promise.all([pay, order, customer].map((o) => store.actionsFor(o)))).flat()
        expect(rows).toEqual(ownRows.sort((a, b) => a.seq - b.seq))
        expect(rows.map((r) => r.id)).toEqual(written.filter((_, i) => i !== 2).map((r) => r.id))
        expect(await store.actionsOn([elsewhere])).toEqual([present(written[2])])
        expect(await store.actionsOn([])).toEqual([])
      }))

    it('keeps a note holding markup and control characters as text, and its edits as new versions', () =>
      withHome(async ({ store, login }) => {
        const object = freshObject('customer')
        const text = '<script>alert(1)</script> & <b>bold</b>\n\ttab\u0001\u001b[31m \u202e ünïcode 🙂'
        const note = await store.writeNote(object, text)
        expect(note).toMatchObject({ version: 1, author: login, text, noteId: note.id })
        const edited = await store.writeNote(object, 'second thoughts', note.noteId)
        expect(edited).toMatchObject({ version: 2, noteId: note.noteId, text: 'second thoughts' })
        const other = await store.writeNote(object, 'another note')
        const notes = await store.notesFor(object)
        expect(notes.map((n) => [n.noteId, n.version])).toEqual([
          [other.noteId, 1],
          [note.noteId, 2],
        ])
        const again = await store.writeNote(object, text)
        expect((await store.notesFor(object)).find((n) => n.id === again.id)?.text).toBe(text)
      }))

    it('refuses an empty note, one holding NUL, and an edit of a note on another object, in a sentence', () =>
      withHome(async ({ store }) => {
        const object = freshObject()
        await expect(store.writeNote(object, '   ')).rejects.toThrow('The note is empty.')
        await expect(store.writeNote(object, 'a\u0000b')).rejects.toThrow(/NUL character/)
        const note = await store.writeNote(object, 'first')
        await expect(store.writeNote(freshObject(), 'moved', note.noteId)).rejects.toThrow(/not on this object/)
        expect((await store.notesFor(object)).map((n) => n.text)).toEqual(['first'])
      }))

    it('takes, hands over and closes a case, and lists open cases', () =>
      withHome(async ({ store, login }) => {
        const object = freshObject('order')
        expect(await store.caseOf(object)).toBeNull()
        const taken = await store.takeCase(object, 'HD-1')
        expect(taken).toMatchObject({ owner: login, state: 'open', ticket: 'HD-1', changedBy: login })
        expect((await store.openCases('mine')).map((c) => c.object)).toContainEqual(object)
        const handed = await store.handOver(object, 'bob')
        expect(handed).toMatchObject({ owner: 'bob', state: 'open', ticket: 'HD-1', changedBy: login })
        expect((await store.openCases('mine')).map((c) => c.object)).not.toContainEqual(object)
        expect((await store.openCases('team')).map((c) => c.object)).toContainEqual(object)
        await expect(store.handOver(object, login)).rejects.toThrow(/Only bob, who holds this case/)
        await expect(store.closeCase(object)).rejects.toThrow(/Only bob/)
        const mine = freshObject('order')
        await store.takeCase(mine)
        expect(await store.closeCase(mine)).toMatchObject({ owner: null, state: 'closed' })
        expect((await store.openCases('team')).map((c) => c.object)).not.toContainEqual(mine)
        expect(await store.takeCase(mine)).toMatchObject({ owner: login, state: 'open' })
      }))

    it('finds the objects a ticket was attached to, through a case or a write', () =>
      withHome(async ({ store }) => {
        const ticket = `HD-${freshObject().id}`
        const byWrite = freshObject()
        const byCase = freshObject('customer')
        await store.appendAction(refundRow(byWrite, { ticket }))
        await store.appendAction(refundRow(byWrite, { ticket }))
        await store.takeCase(byCase, ticket)
        await store.appendAction(refundRow(freshObject(), { ticket: 'HD-other' }))
        const found = await store.findByTicket(ticket)
        expect(found).toHaveLength(2)
        expect(found).toEqual(expect.arrayContaining([byWrite, byCase]))
        expect(await store.findByTicket('HD-nothing')).toEqual([])
      }))

    it('tells its listeners what changed, until they unsubscribe', () =>
      withHome(async ({ store }) => {
        const object = freshObject()
        const heard: RecordChange[] = []
        const stop = store.subscribe((change) => heard.push(change))
        await store.writeNote(object, 'hello')
        await store.takeCase(object)
        await store.appendAction(refundRow(object))
        await expect.poll(() => heard.filter((c) => c.kind !== 'status').length).toBeGreaterThanOrEqual(3)
        expect(heard).toEqual(
          expect.arrayContaining([
            { kind: 'note', object },
            { kind: 'case', object },
            { kind: 'action', object },
          ]),
        )
        stop()
        const count = heard.length
        await store.writeNote(object, 'unheard')
        await new Promise((resolve) => setTimeout(resolve, 300))
        expect(heard.length).toBe(count)
      }))

    it('says how the record is kept, in a sentence', () =>
      withHome(async ({ store, login }) => {
        const status = store.status()
        expect(status.login).toBe(login)
        expect(status.state).toBe('connected')
        expect(status.sentence).toMatch(/\.$/)
      }))
  })
}
