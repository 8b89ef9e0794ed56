// Issue 51 ("Measured": 50 desks' lookups): a search of the shared index is one statement per table,
// whether its matches are among the newest rows or only older ones, and finds the same hits either
// way. A real cluster; the rows are written as the index writer's walk leaves them (the count kept).
import pg from 'pg'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { searchShared } from '../../../../src/main/team/shared-index-query'
import { parseSearchQuery } from '../../../../src/shared/search/query'
import { startTestTeam, type TestTeam } from '../../helpers/team-cluster'

let team: TestTeam
let pool: pg.Pool
/** The statements the searches sent through `pool`. */
let statements = 0

beforeAll(async () => {
  team = await startTestTeam()
  pool = new pg.Pool({ connectionString: team.cluster.urlFor('anna', team.password('anna')), max: 2 })
  const query = pool.query.bind(pool) as (...args: unknown[]) => Promise<unknown>
  pool.query = ((...args: unknown[]) => {
    statements++
    return query(...args)
  }) as pg.Pool['query']
}, 60_000)

afterAll(async () => {
  await pool?.end()
  await team?.destroy()
})

/**
 * `n` payments, one a minute, the oldest first: the oldest is Quirine Oldenhof, every 100th a
 * Jansen, the 250th, 5,250th and 10,250th a Zeldzaam, the rest Klant <i>; the count kept as the
 * walk keeps it.
 */
async function fill(n: number): Promise<void> {
  const admin = await team.admin()
  try {
    await admin.query('DELETE FROM paydesk.index_payments')
    await admin.query(
      `INSERT INTO paydesk.index_payments (id, created_ms, status, method, currency, value, amount_key, order_id,
         mode, profile_id, email, name, address, description, order_number, metadata, facts, state)
       SELECT 'tr_q' || lpad(i::text, 6, '0'), 1700000000000 + i * 60000, 'paid', 'ideal', 'EUR', '10.00', '10.00',
              NULL, 'test', 'pfl_query', '', CASE WHEN i = 1 THEN 'Quirine Oldenhof'
                                                  WHEN i % 100 = 0 THEN 'Jansen ' || i
                                                  WHEN i % 5000 = 250 THEN 'Zeldzaam ' || i ELSE 'Klant ' || i END,
              '', 'Order ' || i, '', '', '', NULL
         FROM generate_series(1, $1::int) AS i`,
      [n],
    )
    await admin.query(`UPDATE paydesk.index_counts SET n = $1 WHERE kind = 'payments'`, [n])
  } finally {
    await admin.end()
  }
}

async function search(text: string): Promise<{ ids: string[]; more: boolean; statements: number }> {
  const parsed = parseSearchQuery(text, Date.now())
  if (!parsed.ok) throw new Error(parsed.message)
  const before = statements
  const found = await searchShared(pool, 'payments', parsed.query, 11)
  return { ids: found.hits.map((h) => h.id), more: found.more, statements: statements - before }
}

describe('a search of the shared index (issue 51)', () => {
  it('asks one statement when the table fits in the newest rows it reads first, rare match or not', async () => {
    await fill(2_000)
    expect(await search('oldenhof')).toEqual({ ids: ['tr_q000001'], more: false, statements: 1 })
    const jansen = await search('jansen')
    expect(jansen.ids).toEqual(Array.from({ length: 11 }, (_, k) => `tr_q${String(2000 - k * 100).padStart(6, '0')}`))
    expect(jansen).toMatchObject({ more: true, statements: 1 })
    expect(await search('nobody')).toEqual({ ids: [], more: false, statements: 1 })
  })

  it('finds a match older than the newest rows it reads first, in the same one statement', async () => {
    await fill(10_500)
    expect(await search('oldenhof')).toEqual({ ids: ['tr_q000001'], more: false, statements: 1 })
    // Common: the newest 11 come from the newest rows, the older ones are not looked at.
    const jansen = await search('jansen')
    expect(jansen.ids).toEqual(Array.from({ length: 11 }, (_, k) => `tr_q${String(10_500 - k * 100).padStart(6, '0')}`))
    expect(jansen).toMatchObject({ more: true, statements: 1 })
    // Rare, partly among the newest 10,000 rows (5,250 and 10,250) and partly before them (250).
    expect(await search('zeldzaam')).toEqual({
      ids: ['tr_q010250', 'tr_q005250', 'tr_q000250'],
      more: false,
      statements: 1,
    })
  })
})
