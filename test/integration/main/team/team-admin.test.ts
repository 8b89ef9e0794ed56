import { execFile } from 'node:child_process'
import path from 'node:path'
import { promisify } from 'node:util'
import pg from 'pg'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { removeAgent, verifyTeamRecord } from '../../../../src/main/team/team-admin'
import { freshObject, refundRow } from '../../helpers/record-store-contract'
import { startTestTeam, type TestTeam } from '../../helpers/team-cluster'

const root = path.resolve(import.meta.dirname, '../../../..')
const run = promisify(execFile)

/** `npm run team:<command>` as a user runs it: its exit code and what it printed. */
async function cli(args: string[], input?: string): Promise<{ code: number; out: string }> {
  const child = run(
    process.execPath,
    [path.join(root, 'node_modules/tsx/dist/cli.mjs'), 'src/main/team/team-cli.ts', ...args],
    {
      cwd: root,
    },
  )
  if (input !== undefined) {
    child.child.stdin?.end(input)
  }
  try {
    const { stdout } = await child
    return { code: 0, out: stdout }
  } catch (error) {
    const e = error as { code: number; stdout: string; stderr: string }
    return { code: e.code, out: `${e.stdout}${e.stderr}` }
  }
}

let team: TestTeam
beforeAll(async () => {
  team = await startTestTeam()
})
afterAll(() => team.destroy())

describe('team:verify', () => {
  it('names an edited row and a deleted row, and exits non-zero', async () => {
    const desk = await team.desk('anna')
    const object = freshObject()
    const rows = []
    // More than 9 rows: the walk goes by number (10 after 9), not by the text of the number.
    for (let i = 1; i <= 12; i++)
      rows.push(await desk.appendAction(refundRow(object, { amount: { value: `${i}.00`, currency: 'EUR' } })))
    const lenaUrl = team.cluster.urlFor('lena', team.password('lena'))
    const clean = await cli(['verify', '--db', lenaUrl])
    expect(clean).toMatchObject({ code: 0 })
    expect(clean.out).toMatch(/All \d+ rows of the action record verify\./)

    // Someone with the database's own powers goes around the triggers.
    const admin = await team.admin()
    await admin.query(`SET session_replication_role = replica`)
    const [, second, third] = rows
    const last = rows[rows.length - 1]
    await admin.query(`UPDATE paydesk.action_record SET amount_value = '200.00' WHERE id = $1`, [second?.id])
    await admin.query(`DELETE FROM paydesk.action_record WHERE id = $1`, [third?.id])
    const report = await verifyTeamRecord(admin)
    expect(report.problems.map((p) => [p.seq, p.problem])).toEqual([
      [second?.seq, 'edited'],
      [rows[3]?.seq, 'missing-before'],
    ])
    const dirty = await cli(['verify', '--db', lenaUrl])
    expect(dirty.code).toBe(1)
    expect(dirty.out).toContain(
      `Row ${second?.seq} (refund on ${object.id} by anna, id ${second?.id}) was changed after it was written.`,
    )
    expect(dirty.out).toContain(`row ${third?.seq} is missing before it`)

    await admin.query(`DELETE FROM paydesk.action_record WHERE id = $1`, [last?.id])
    const cut = await verifyTeamRecord(admin)
    expect(cut.problems.map((p) => p.problem)).toContain('tail-missing')
  })
})

describe('team:setup', () => {
  it('adds an agent with a password shown once, who can then sign in', async () => {
    const added = await cli(['setup', '--db', team.cluster.adminUrl, '--agent', 'nora', '--role', 'agent'])
    expect(added.code).toBe(0)
    const password = /Password \(shown once[^)]*\): (\S+)/.exec(added.out)?.[1] ?? ''
    expect(password).toMatch(/^[\w-]{24}$/)
    const nora = new pg.Client({ connectionString: team.cluster.urlFor('nora', password) })
    await nora.connect()
    expect((await nora.query('SELECT session_user AS who')).rows[0]).toEqual({ who: 'nora' })
    await nora.end()
    const fromStdin = await cli(
      ['setup', '--db', team.cluster.adminUrl, '--agent', 'olaf', '--role', 'lead', '--password-stdin'],
      'a-password-of-olaf\n',
    )
    expect(fromStdin.code).toBe(0)
    expect(fromStdin.out).not.toContain('a-password-of-olaf')
    const olaf = new pg.Client({ connectionString: team.cluster.urlFor('olaf', 'a-password-of-olaf') })
    await olaf.connect()
    await olaf.end()
  })

  it('removing an agent ends their access and keeps what they wrote', async () => {
    await cli(
      ['setup', '--db', team.cluster.adminUrl, '--agent', 'piet', '--role', 'agent', '--password-stdin'],
      'a-password-of-piet\n',
    )
    const piet = await team.desk('piet', { password: 'a-password-of-piet' })
    const object = freshObject()
    await piet.writeNote(object, 'Piet was here')
    await piet.appendAction(refundRow(object))
    expect(piet.status().state).toBe('connected')
    const removed = await cli(['setup', '--db', team.cluster.adminUrl, '--remove-agent', 'piet'])
    expect(removed.code).toBe(0)
    expect(removed.out).toMatch(
      /piet can no longer sign in \([1-9]\d* open sessions ended\); their notes and record rows stay\./,
    )
    await expect.poll(() => piet.status().state, { timeout: 10_000 }).not.toBe('connected')
    const again = new pg.Client({ connectionString: team.cluster.urlFor('piet', 'a-password-of-piet') })
    await expect(again.connect()).rejects.toThrow(/password authentication failed/)
    const anna = await team.desk('anna')
    expect((await anna.notesFor(object)).map((n) => [n.author, n.text])).toEqual([['piet', 'Piet was here']])
    expect((await anna.actionsFor(object)).map((r) => r.agent)).toEqual(['piet'])
    expect((await anna.colleagues()).map((c) => c.login)).not.toContain('piet')
    const admin = await team.admin()
    await expect(removeAgent(admin, 'piet')).rejects.toThrow('piet is not an agent of this team.')
  })

  it('refuses a login name PostgreSQL keeps or that is not a plain name', async () => {
    for (const name of ['pg_monitor', 'Robert"); DROP TABLE x; --', 'paydesk_agent']) {
      const out = await cli(['setup', '--db', team.cluster.adminUrl, '--agent', name])
      expect(out.code).toBe(2)
      expect(out.out).toMatch(/cannot be a login|keeps for itself/)
    }
  })
})
