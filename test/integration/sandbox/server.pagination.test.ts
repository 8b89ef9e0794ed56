// Cursor pagination of GET /v2/payments (spec 4.3) over 10,000 payments: every object exactly once
// in both sort orders while new payments are created mid-walk, null links at the ends, and a walk
// back over `previous` that gives the same pages.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createSandboxAdmin, startSandbox, type RunningSandbox, type SandboxAdmin } from '../../../src/sandbox/index'
import { validPaymentBody, GENEROUS_QUOTAS } from '../../helpers/sandbox-fixtures'
import { present } from '../../helpers/present'

// Response bodies are checked field by field; one loose type keeps those assertions readable.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Json = any

const KEY = 'test_paginationKey00001'
const SEEDED = 10_000
let sandbox: RunningSandbox
let admin: SandboxAdmin

beforeAll(async () => {
  sandbox = await startSandbox({
    seedPayments: SEEDED,
    keys: [KEY],
    quotas: GENEROUS_QUOTAS,
  })
  admin = createSandboxAdmin(sandbox.origin, sandbox.adminToken)
})
afterAll(async () => {
  await sandbox.close()
})

interface Page {
  status: number
  count: number
  ids: string[]
  self: string
  next: string | null
  previous: string | null
  json: Json
}

async function getPage(url: string): Promise<Page> {
  const response = await fetch(url, { headers: { Authorization: `Bearer ${KEY}` } })
  const json = (await response.json()) as Json
  return {
    status: response.status,
    count: json.count,
    ids: json._embedded?.payments?.map((p: { id: string }) => p.id) ?? [],
    self: json._links?.self?.href,
    next: json._links?.next?.href ?? null,
    previous: json._links?.previous?.href ?? null,
    json,
  }
}

async function createPayments(n: number): Promise<string[]> {
  const ids: string[] = []
  for (let i = 0; i < n; i++) {
    const response = await fetch(`${sandbox.baseUrl}/payments`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${KEY}`, 'Content-Type': 'application/json' },
      body: JSON.stringify(validPaymentBody()),
    })
    ids.push(((await response.json()) as { id: string }).id)
  }
  return ids
}

/** Follows `next` from `start`, creating `createEvery` payments after every 10th page. */
async function walk(start: string, createDuring: number): Promise<{ pages: Page[]; created: string[] }> {
  const pages: Page[] = []
  const created: string[] = []
  let url: string | null = start
  while (url) {
    const page = await getPage(url)
    expect(page.status).toBe(200)
    expect(page.count).toBe(page.ids.length)
    pages.push(page)
    if (pages.length % 10 === 0 && createDuring > 0) created.push(...(await createPayments(createDuring)))
    url = page.next
  }
  return { pages, created }
}

describe('GET /v2/payments pagination', () => {
  it('defaults to 50 newest first, with absolute links on the sandbox origin', async () => {
    const page = await getPage(`${sandbox.baseUrl}/payments`)
    expect(page.count).toBe(50)
    const oracle = await admin.paymentIds('test', 'desc')
    expect(page.ids).toEqual(oracle.slice(0, 50))
    expect(page.previous).toBeNull()
    const next = new URL(present(page.next))
    expect(next.origin).toBe(sandbox.origin)
    expect(next.pathname).toBe('/v2/payments')
    expect(next.searchParams.get('from')).toBe(oracle[50])
    expect(next.searchParams.get('limit')).toBe('50')
    expect(next.searchParams.get('sort')).toBe('desc')
    expect(page.json._links.documentation.href).toMatch(/^http/)
    // createdAt falls as the ids fall: the cursor order is the creation order
    const created = page.json._embedded.payments.map((p: { createdAt: string }) => Date.parse(p.createdAt))
    expect([...created].sort((a, b) => b - a)).toEqual(created)
  })

  it('desc walk sees every object exactly once; payments created mid-walk do not disturb it', async () => {
    const before = await admin.paymentIds('test', 'desc')
    expect(before).toHaveLength(SEEDED)
    const { pages, created } = await walk(`${sandbox.baseUrl}/payments?limit=250`, 5)
    expect(created.length).toBeGreaterThan(0)
    const seen = pages.flatMap((p) => p.ids)
    expect(seen).toEqual(before)
    expect(new Set(seen).size).toBe(seen.length)
    expect(present(pages[0]).previous).toBeNull()
    expect(present(pages.at(-1)).next).toBeNull()
    expect(new URL(present(pages[1]?.next)).searchParams.get('limit')).toBe('250')

    // Walking back over `previous` gives the same pages, in reverse.
    let url: string | null = present(pages.at(-1)).previous
    for (let i = pages.length - 2; i >= 0; i--) {
      const page = await getPage(present(url))
      expect(page.ids).toEqual(pages[i]?.ids)
      url = page.previous
    }
    // Back at the first page, `previous` now leads to the payments created during the walk.
    const newest = await getPage(present(url))
    expect(newest.ids.slice(0, created.length)).toEqual([...created].reverse())
  })

  it('asc walk sees every object exactly once, including those created during the walk', async () => {
    const before = await admin.paymentIds('test', 'asc')
    const { pages, created } = await walk(`${sandbox.baseUrl}/payments?limit=250&sort=asc`, 3)
    const seen = pages.flatMap((p) => p.ids)
    expect(seen).toEqual([...before, ...created])
    expect(new Set(seen).size).toBe(seen.length)
    expect(seen).toEqual(await admin.paymentIds('test', 'asc'))
    expect(present(pages[0]).previous).toBeNull()
    expect(present(pages.at(-1)).next).toBeNull()
    const next = new URL(present(pages[0]?.next))
    expect(next.searchParams.get('sort')).toBe('asc')
    expect(next.searchParams.get('limit')).toBe('250')

    let url: string | null = present(pages.at(-1)).previous
    for (let i = pages.length - 2; i >= 0; i--) {
      const page = await getPage(present(url))
      expect(page.ids).toEqual(pages[i]?.ids)
      url = page.previous
    }
    expect(url).toBeNull()
  })

  it('from names the first object of the page', async () => {
    const oracle = await admin.paymentIds('test', 'desc')
    const desc = await getPage(`${sandbox.baseUrl}/payments?from=${oracle[123]}&limit=7`)
    expect(desc.ids).toEqual(oracle.slice(123, 130))
    expect(new URL(present(desc.previous)).searchParams.get('from')).toBe(oracle[116])
    const asc = await getPage(`${sandbox.baseUrl}/payments?from=${oracle[123]}&limit=3&sort=asc`)
    expect(asc.ids).toEqual([oracle[123], oracle[122], oracle[121]])
    const oldest = await getPage(`${sandbox.baseUrl}/payments?from=${oracle.at(-1)}&limit=5`)
    expect(oldest.ids).toEqual([oracle.at(-1)])
    expect(oldest.next).toBeNull()
  })

  it.each([
    ['limit=0', 'limit'],
    ['limit=251', 'limit'],
    ['limit=abc', 'limit'],
    ['limit=2.5', 'limit'],
    ['sort=newest', 'sort'],
    ['from=tr_doesNotExist', 'from'],
  ])('%s → 400 with field %s', async (query, field) => {
    const page = await getPage(`${sandbox.baseUrl}/payments?${query}`)
    expect(page.status).toBe(400)
    expect(page.json).toMatchObject({ status: 400, title: 'Bad Request', field })
  })

  it('accepts limit 1 and 250', async () => {
    expect((await getPage(`${sandbox.baseUrl}/payments?limit=1`)).count).toBe(1)
    expect((await getPage(`${sandbox.baseUrl}/payments?limit=250`)).count).toBe(250)
  })
})
