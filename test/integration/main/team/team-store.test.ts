import { randomBytes } from 'node:crypto'
import { mkdtempSync } from 'node:fs'
import { createServer, type Server, type Socket } from 'node:net'
import os from 'node:os'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { freePort } from '../../../helpers/postgres'
import { present } from '../../../helpers/present'
import { freshObject, recordStoreContract, refundRow } from '../../helpers/record-store-contract'
import { startTestTeam, type TestTeam } from '../../helpers/team-cluster'

let team: TestTeam
beforeAll(async () => {
  team = await startTestTeam()
})
afterAll(() => team.destroy())

recordStoreContract('the team database (PostgreSQL)', async () => {
  const store = await team.desk('anna')
  return { store, login: 'anna', close: () => store.close() }
})

describe('the team record across desks', () => {
  it('tells another desk of a note, a case and a record row within moments (LISTEN/NOTIFY)', async () => {
    const anna = await team.desk('anna')
    const bob = await team.desk('bob')
    const heard: string[] = []
    bob.subscribe((change) => heard.push(change.kind === 'status' ? 'status' : `${change.kind}:${change.object.id}`))
    const object = freshObject()
    await anna.writeNote(object, 'Called the customer back')
    await anna.takeCase(object)
    await anna.appendAction(refundRow(object))
    await expect
      .poll(() => heard)
      .toEqual(expect.arrayContaining([`note:${object.id}`, `case:${object.id}`, `action:${object.id}`]))
    expect((await bob.notesFor(object))[0]).toMatchObject({ author: 'anna', text: 'Called the customer back' })
    expect(await bob.caseOf(object)).toMatchObject({ owner: 'anna' })
    expect((await bob.actionsFor(object))[0]).toMatchObject({
      agent: 'anna',
      amount: { value: '45.00', currency: 'EUR' },
    })
  })

  it('gives a case exactly one owner when two agents take it at the same moment', async () => {
    const anna = await team.desk('anna')
    const bob = await team.desk('bob')
    for (let round = 0; round < 10; round++) {
      const object = freshObject('order')
      const [a, b] = await Promise.all([anna.takeCase(object), bob.takeCase(object)])
      expect(a.owner).toBe(b.owner)
      expect(['anna', 'bob']).toContain(a.owner)
      expect(await anna.caseOf(object)).toMatchObject({ owner: a.owner, state: 'open' })
    }
  })

  it('names colleagues online in the status, and lists whom a case can go to', async () => {
    const anna = await team.desk('anna')
    await team.desk('bob')
    await expect.poll(async () => (await anna.colleagues()).find((c) => c.login === 'bob')?.online).toBe(true)
    const colleagues = await anna.colleagues()
    expect(colleagues.map((c) => c.login).sort()).toEqual(['bob', 'lena'])
    const fresh = await team.desk('anna')
    expect(fresh.status().sentence).toMatch(/^Connected as anna, [1-9]\d* colleagues? online\.$/)
  })

  it('keeps writes made while the database is down and sends each once when it is back', async () => {
    const anna = await team.desk('anna')
    const bob = await team.desk('bob')
    const object = freshObject()
    await anna.appendAction(refundRow(object, { amount: { value: '1.00', currency: 'EUR' } }))
    team.cluster.stop()
    try {
      const offline = await anna.appendAction(refundRow(object, { amount: { value: '2.00', currency: 'EUR' } }))
      await anna.writeNote(object, 'Written while the database was down')
      await anna.takeCase(object, 'HD-77')
      expect(offline.amount?.value).toBe('2.00')
      expect(anna.status()).toMatchObject({ state: 'offline', waitingToSync: 3 })
      expect(anna.status().sentence).toMatch(/refuses connections|closed the connection|restarting/)
      expect(anna.status().sentence).toMatch(/goes on with this desk's own record/)
      // The desk reads its own store meanwhile.
      expect((await anna.notesFor(object)).map((n) => n.text)).toEqual(['Written while the database was down'])
    } finally {
      team.cluster.start()
    }
    await expect
      .poll(() => [anna.status().state, anna.status().waitingToSync], { timeout: 15_000 })
      .toEqual(['connected', 0])
    await expect.poll(() => bob.status().state, { timeout: 15_000 }).toBe('connected')
    const rows = await bob.actionsFor(object)
    expect(rows.map((r) => r.amount?.value)).toEqual(['1.00', '2.00'])
    expect((await bob.notesFor(object)).map((n) => n.text)).toEqual(['Written while the database was down'])
    expect(await bob.caseOf(object)).toMatchObject({ owner: 'anna', ticket: 'HD-77' })
    expect(await bob.findByTicket('HD-77')).toEqual([object])
  })

  it('never sends what one login queued under another login sharing the desk', async () => {
    const file = path.join(mkdtempSync(path.join(os.tmpdir(), 'paydesk-shared-desk-')), 'team-copy.sqlite')
    const key = randomBytes(32)
    const object = freshObject()
    // A refused password: anna's desk works on its own and queues.
    const anna = await team.desk('anna', { file, key, password: 'not-her-password' })
    await anna.appendAction(refundRow(object))
    expect(anna.status().waitingToSync).toBe(1)
    await anna.close()
    const bob = await team.desk('bob', { file, key })
    expect(bob.status()).toMatchObject({ state: 'connected', waitingToSync: 0 })
    expect(await bob.actionsFor(object)).toEqual([])
    const annaAgain = await team.desk('anna', { file, key })
    await expect.poll(() => annaAgain.status().waitingToSync).toBe(0)
    expect((await bob.actionsFor(object)).map((r) => r.agent)).toEqual(['anna'])
  })

  it('sends a row once even when it is sent again (a lost answer)', async () => {
    const anna = await team.desk('anna')
    const object = freshObject()
    const row = await anna.appendAction(refundRow(object))
    const client = await team.as('anna')
    const again = await client.query(
      `INSERT INTO paydesk.action_record (id, at, desk, action, object_kind, object_id, outcome_result, outcome_summary, seq, agent, prev_hash, hash)
       VALUES ($1, now(), 'desk-x', 'refund', 'payment', $2, 'done', 'again', 0, '', '', '') ON CONFLICT (id) DO NOTHING`,
      [row.id, object.id],
    )
    expect(again.rowCount).toBe(0)
    expect(await anna.actionsFor(object)).toHaveLength(1)
  })

  it('says a refused login in a sentence and goes on with the desk record', async () => {
    const desk = await team.desk('anna', { password: 'wrong-password' })
    expect(desk.status()).toMatchObject({ state: 'error', home: 'team' })
    expect(desk.status().sentence).toMatch(/refused the login anna: the password is wrong/)
    const object = freshObject()
    const note = await desk.writeNote(object, 'kept on the desk')
    expect((await desk.notesFor(object)).map((n) => n.id)).toEqual([note.id])
    expect(desk.status().waitingToSync).toBe(1)
    const stranger = await team.desk('mallory')
    expect(stranger.status().sentence).toMatch(/refused the login mallory/)
  })

  it('tells a desk at a database set up for an earlier Paydesk what to run to bring it up to date', async () => {
    const admin = await team.admin()
    const latest = await admin.query<{ version: number; name: string }>(
      'SELECT version, name FROM paydesk.schema_migrations ORDER BY version DESC LIMIT 1',
    )
    const row = present(latest.rows[0])
    await admin.query('DELETE FROM paydesk.schema_migrations WHERE version = $1', [row.version])
    try {
      const desk = await team.desk('anna')
      expect(desk.status().state).toBe('error')
      expect(desk.status().sentence).toContain(
        `npm run team:setup -- --db postgres://ADMIN@127.0.0.1:${team.cluster.port}/postgres`,
      )
      expect(desk.status().sentence).toMatch(/set up for an earlier Paydesk/)
      await desk.close()
    } finally {
      await admin.query('INSERT INTO paydesk.schema_migrations (version, name) VALUES ($1, $2)', [
        row.version,
        row.name,
      ])
      await admin.end()
    }
  })

  describe('a database that does not answer', () => {
    let silent: Server
    const sockets = new Set<Socket>()
    let port = 0
    beforeAll(async () => {
      port = await freePort()
      // Accepts connections and never answers: a database hanging, or a network dropping packets.
      silent = createServer((socket) => sockets.add(socket))
      await new Promise<void>((resolve) => silent.listen(port, '127.0.0.1', resolve))
    })
    afterAll(async () => {
      for (const socket of sockets) socket.destroy()
      await new Promise<void>((resolve) => silent.close(() => resolve()))
    })

    it('says it is slow, and the desk goes on with its own record', async () => {
      const desk = await team.desk('anna', { url: `postgres://anna@127.0.0.1:${port}/postgres`, timeoutMs: 500 })
      expect(desk.status().state).toBe('offline')
      expect(desk.status().sentence).toMatch(/did not answer within 1 seconds|did not answer within 0 seconds/)
      const object = freshObject()
      const row = await desk.appendAction(refundRow(object))
      expect(present((await desk.actionsFor(object))[0]).id).toBe(row.id)
    })
  })
})
