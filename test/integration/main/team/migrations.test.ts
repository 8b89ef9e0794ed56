// What the schema itself holds against a desk that does not play by the rules (a modified desk with
// an agent's login): the grants, the append-only triggers, the chain made by the database.
import type pg from 'pg'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { verifyTeamRecord } from '../../../../src/main/team/team-admin'
import { present } from '../../../helpers/present'
import { freshObject, refundRow } from '../../helpers/record-store-contract'
import { startTestTeam, type TestTeam } from '../../helpers/team-cluster'

let team: TestTeam
let anna: pg.Client
beforeAll(async () => {
  team = await startTestTeam()
  anna = await team.as('anna')
})
afterAll(() => team.destroy())

const INSERT = `INSERT INTO paydesk.action_record (id, at, desk, action, object_kind, object_id, amount_value, amount_currency,
  reason, outcome_result, outcome_summary, seq, agent, prev_hash, hash)
  VALUES ($1, $2, 'desk-x', 'refund', 'payment', $3, '45.00', 'EUR', $4, 'done', $5, 999, 'bob', 'forged', 'forged')
  RETURNING seq::text, agent, prev_hash, hash`

describe('the team database schema', () => {
  it('lets an agent insert a record row but never update or delete one', async () => {
    const object = freshObject()
    await anna.query(INSERT, [`row-${object.id}`, new Date().toISOString(), object.id, null, 'ok'])
    await expect(
      anna.query(`UPDATE paydesk.action_record SET amount_value = '1.00' WHERE object_id = $1`, [object.id]),
    ).rejects.toThrow(/permission denied/)
    await expect(anna.query(`DELETE FROM paydesk.action_record WHERE object_id = $1`, [object.id])).rejects.toThrow(
      /permission denied/,
    )
    await expect(anna.query(`UPDATE paydesk.notes SET text = 'x'`)).rejects.toThrow(/permission denied/)
    await expect(anna.query(`DELETE FROM paydesk.notes`)).rejects.toThrow(/permission denied/)
    await expect(anna.query(`UPDATE paydesk.chain_head SET seq = 0`)).rejects.toThrow(/permission denied/)
    await expect(anna.query(`TRUNCATE paydesk.action_record`)).rejects.toThrow(/permission denied/)
    const lena = await team.as('lena')
    await expect(lena.query(`DELETE FROM paydesk.action_record WHERE object_id = $1`, [object.id])).rejects.toThrow(
      /permission denied/,
    )
    const vic = await team.as('vic')
    await expect(
      vic.query(INSERT, [`row2-${object.id}`, new Date().toISOString(), object.id, null, 'ok']),
    ).rejects.toThrow(/permission denied/)
    expect(
      (await vic.query(`SELECT count(*)::int AS n FROM paydesk.action_record WHERE object_id = $1`, [object.id]))
        .rows[0],
    ).toEqual({
      n: 1,
    })
  })

  it('refuses an update or delete of the record even by its owner (the trigger)', async () => {
    const admin = await team.admin()
    await (await team.desk('anna')).writeNote(freshObject(), 'a note to keep')
    await expect(admin.query(`UPDATE paydesk.action_record SET amount_value = '1.00'`)).rejects.toThrow(/append-only/)
    await expect(admin.query(`DELETE FROM paydesk.action_record`)).rejects.toThrow(/append-only/)
    await expect(admin.query(`TRUNCATE paydesk.action_record`)).rejects.toThrow(/append-only/)
    await expect(admin.query(`DELETE FROM paydesk.notes`)).rejects.toThrow(/append-only/)
    await expect(admin.query(`TRUNCATE paydesk.notes`)).rejects.toThrow(/append-only/)
  })

  it('numbers, signs and chains a row itself: a desk cannot forge the agent, the number or the hash', async () => {
    const object = freshObject()
    const made = present(
      (
        await anna.query<{ seq: string; agent: string; prev_hash: string; hash: string }>(INSERT, [
          `f-${object.id}`,
          new Date().toISOString(),
          object.id,
          null,
          'ok',
        ])
      ).rows[0],
    )
    expect(made.agent).toBe('anna')
    expect(made.seq).not.toBe('999')
    expect(made.hash).toMatch(/^[0-9a-f]{64}$/)
    expect((await verifyTeamRecord(anna)).problems).toEqual([])
  })

  it('hashes in SQL exactly as Paydesk hashes: markup, quotes, control characters and any script verify', async () => {
    const desk = await team.desk('anna')
    const strange = [
      '<script>alert("x")</script> & \'quotes\' \\ backslash',
      '\u0001\u0007\b\f\n\r\t\u001b[31m\u001f\u007f',
      'ünïcödé 中文 עברית \u202e 🙂 \u2028\u2029',
    ]
    for (const text of strange) {
      await desk.appendAction(
        refundRow(freshObject(), {
          reason: text,
          ticket: text,
          idempotencyKey: text,
          outcome: { result: 'refused', status: null, resultId: null, summary: text },
        }),
      )
    }
    await anna.query(INSERT, ['odd-time', '2026-01-02T03:04:05.678901+05:30', freshObject().id, 'μs', 'ok'])
    expect((await verifyTeamRecord(anna)).problems).toEqual([])
  })

  it('keeps a case another agent holds theirs, and gives no one a case they did not take, even by a direct write', async () => {
    const object = freshObject()
    const bob = await team.as('bob')
    await bob.query(
      `INSERT INTO paydesk.cases (object_kind, object_id, owner, state, changed_at, changed_by) VALUES ('payment', $1, 'bob', 'open', now(), 'x')`,
      [object.id],
    )
    await expect(
      anna.query(
        `INSERT INTO paydesk.cases (object_kind, object_id, owner, state, changed_at, changed_by) VALUES ('order', $1, 'bob', 'open', now(), 'bob')`,
        [object.id],
      ),
    ).rejects.toThrow(/taken by the agent who takes it/)
    await expect(
      anna.query(`UPDATE paydesk.cases SET owner = 'anna' WHERE object_id = $1`, [object.id]),
    ).rejects.toThrow(/bob holds this case/)
    const lena = await team.as('lena')
    await lena.query(`UPDATE paydesk.cases SET owner = 'anna' WHERE object_id = $1`, [object.id])
    const events = await anna.query(`SELECT owner, by FROM paydesk.case_events WHERE object_id = $1 ORDER BY rid`, [
      object.id,
    ])
    expect(events.rows).toEqual([
      { owner: 'bob', by: 'bob' },
      { owner: 'anna', by: 'lena' },
    ])
  })
})
