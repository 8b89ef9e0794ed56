// Issue 51 items 3-4: the team's shared index in PostgreSQL, filled by the same sync as a desk's own
// index (sync.ts, refresh.ts, changes.ts through the SyncTarget port). A real cluster, the real
// sandbox over HTTP, the real client: a search finds by name, e-mail prefix, amount and status; the
// changes made during and between syncs are all seen; only the index writer may write it.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { IndexSync } from '../../../../src/main/team/index-sync'
import { SharedIndex } from '../../../../src/main/team/shared-index'
import { searchShared } from '../../../../src/main/team/shared-index-query'
import { completeCheckout, createSandboxAdmin } from '../../../../src/sandbox/index'
import type { Payment } from '../../../../src/shared/api-types'
import type { SyncKind } from '../../../../src/shared/ipc/search'
import { parseSearchQuery } from '../../../../src/shared/search/query'
import { customerPayment, startSharedIndexFixture, type SharedIndexFixture } from '../../helpers/shared-index-fixture'

const KEY = 'test_SharedIndexKey000000000001'
const ADMIN = 'shared-index-admin-token-0123456789'
let f: SharedIndexFixture
/** The desk that walks in the first test (it holds the walk until it closes). */
let first: IndexSync | null = null
/** The desk that walks from the second test on. */
let walker: IndexSync | null = null

beforeAll(async () => {
  f = await startSharedIndexFixture({ key: KEY, adminToken: ADMIN })
}, 60_000)

afterAll(() => f.close())

async function find(text: string, kind: SyncKind = 'payments', login = 'anna'): Promise<string[]> {
  const parsed = parseSearchQuery(text, Date.now())
  if (!parsed.ok) throw new Error(parsed.message)
  return (await searchShared(f.pool(login), kind, parsed.query, 1000)).hits.map((h) => h.id)
}

async function paid(body: Parameters<typeof customerPayment>): Promise<Payment> {
  const p = await f.client.createPayment(customerPayment(...body))
  await completeCheckout(`${f.sandbox.origin}/checkout/${p.id}`, 'paid')
  return p
}

describe('the shared index (issue 51 item 3)', () => {
  it('is filled by one walk and found by name, e-mail prefix, amount and status', async () => {
    const anna = await paid(['Annabel', 'Vermeulen', 'annabel.vermeulen@example.com'])
    const bob = await f.client.createPayment(
      customerPayment('Bob', 'de Groot', 'bob.degroot@mail.example.org', {
        amount: { currency: 'EUR', value: '59.95' },
      }),
    )
    const cas = await paid(['Cas', 'Bakker', 'cas@bakker.example'])
    first = f.election('anna')
    expect(await first.round()).toBe('synced')

    expect(await find('vermeulen')).toEqual([anna.id])
    expect(await find('annab')).toEqual([anna.id]) // the start of a name
    expect(await find('annabel.verm')).toEqual([anna.id]) // an e-mail prefix, punctuation and all
    expect(await find('bob.degroot@mail.exa')).toEqual([bob.id])
    expect(await find('59.95')).toEqual([bob.id]) // an amount
    expect(await find('€59,95')).toEqual([bob.id])
    expect(new Set(await find('paid'))).toEqual(new Set([anna.id, cas.id])) // a status
    expect(await find('open bakker')).toEqual([]) // status and word both hold
    expect(await find('paid bakker')).toEqual([cas.id])
    // A viewer searches too, and the hit reads as the desk's own hits do.
    const parsed = parseSearchQuery('bakker', Date.now())
    if (!parsed.ok) throw new Error(parsed.message)
    const hit = (await searchShared(f.pool('vic'), 'payments', parsed.query)).hits[0]
    expect(hit).toMatchObject({ id: cas.id, status: 'paid', customer: 'Cas Bakker · cas@bakker.example' })
    expect(hit?.matched).toContain('Name')
    // Words typed literally: SQL and LIKE characters find nothing rather than everything.
    expect(await find("%' OR 1=1 --")).toEqual([])
    expect(await find('_')).toEqual([])
  })

  it('keeps every change made between syncs and during one', async () => {
    const admin = createSandboxAdmin(f.sandbox.origin, ADMIN)
    const desk = f.election('bob', 'desk', 2) // small pages: the walk takes several, changes come in between
    expect(await desk.round()).toBe('another syncs') // anna's desk holds the walk
    await first?.close() // anna quits: bob's desk takes the walk over where it stands
    walker = desk
    const before: Payment[] = []
    for (let i = 0; i < 6; i++) before.push(await paid([`Early${i}`, 'Klant', `early${i}@example.com`]))
    await desk.round()
    await desk.round() // the change lists' first walk learns where they stand

    // Between syncs: a new payment, a refund, a chargeback.
    const created = await f.client.createPayment(customerPayment('Nieuw', 'Klant', 'nieuw@example.com'))
    await f.client.createRefund(present(before[0]).id, { amount: { currency: 'EUR', value: '1.00' } })
    await admin.openChargeback(present(before[1]).id)
    // During the next sync, after its first page: more of each.
    const during: Promise<unknown>[] = []
    let duringCreated: Payment | null = null
    await desk.round({
      onPage: () => {
        if (during.length > 0) return
        during.push(
          f.client.createPayment(customerPayment('Tijdens', 'Klant', 'tijdens@example.com')).then((p) => {
            duringCreated = p
          }),
          f.client.createRefund(present(before[2]).id, { amount: { currency: 'EUR', value: '2.00' } }),
          admin.openChargeback(present(before[3]).id),
        )
      },
    })
    await Promise.all(during)
    await desk.round()

    const index = new SharedIndex(f.pool('anna'))
    expect(await index.has('payments', created.id)).toBe(true)
    expect(await index.has('payments', present<Payment>(duringCreated).id)).toBe(true)
    expect(new Set(await find('refunded'))).toEqual(new Set([before[0]?.id, before[2]?.id]))
    expect(new Set(await find('chargeback'))).toEqual(new Set([before[1]?.id, before[3]?.id]))
    expect(await index.count('payments')).toBe(
      Number((await f.pool('anna').query('SELECT count(*) AS n FROM paydesk.index_payments')).rows[0].n),
    )
  })

  it('keeps a change made while the first walk is under way', async () => {
    const desk = present(walker)
    const admin = createSandboxAdmin(f.sandbox.origin, ADMIN)
    await new SharedIndex(f.pool('bob')).clear() // the team starts over: the next walk is a first one
    const newest = [
      await paid(['Eerst', 'Klant', 'eerst@example.com']),
      await paid(['Daarna', 'Klant', 'daarna@example.com']),
    ]
    let changed: Promise<unknown> | null = null
    await desk.round({
      onPage: (page) => {
        // The first page held the two newest payments: change them while the walk goes on.
        if (page.kind !== 'payments' || changed !== null) return
        changed = Promise.all(
          newest.map((p, i) =>
            i === 0
              ? f.client.createRefund(p.id, { amount: { currency: 'EUR', value: '3.00' } })
              : admin.openChargeback(p.id),
          ),
        )
      },
    })
    await changed
    await desk.round()
    expect(await find('refunded eerst')).toEqual([newest[0]?.id])
    expect(await find('chargeback daarna')).toEqual([newest[1]?.id])
  })

  it('is written only by the index writer: a viewer searches it and cannot change it', async () => {
    const vic = await f.team.as('vic')
    await expect(vic.query(`UPDATE paydesk.index_payments SET status = 'refunded'`)).rejects.toMatchObject({
      code: '42501',
    })
    await expect(vic.query(`DELETE FROM paydesk.index_markers`)).rejects.toMatchObject({ code: '42501' })
    const asViewer = new SharedIndex(f.pool('vic'))
    await expect(
      asViewer.saveMarker('payments', { ...(await asViewer.marker('payments')), nextLink: null }),
    ).rejects.toMatchObject({ code: '42501' })
    await expect(asViewer.clear()).rejects.toMatchObject({ code: '42501' })
  })
})

function present<T>(value: T | null | undefined): T {
  if (value === null || value === undefined) throw new Error('missing')
  return value
}
