// Threat (issue 22 item 3): a problem report or an export hands customers' personal data to whoever
// receives the file. A session with customers (orders and payments created through the built-in
// Sandbox over HTTP), then every export main offers; each file is scanned for every personal value.
import { mkdtemp, readFile, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { AppServices } from '../../../../src/main/app-services'
import { reportProblem } from '../../../../src/main/desktop/report-problem'
import { validOrderBody, validPaymentBody } from '../../../helpers/sandbox-fixtures'
import { startTestApp, type TestApp } from '../../helpers/app-services'

const CUSTOMERS = [
  {
    givenName: 'Annelies',
    familyName: 'Verbruggen',
    email: 'annelies.verbruggen@example.be',
    phone: '+32470123456',
    streetAndNumber: 'Meir 44',
    postalCode: '2000',
    city: 'Antwerpen',
    country: 'BE',
  },
  {
    givenName: 'Jürgen',
    familyName: 'Weißmüller',
    email: 'j.weissmueller@example.de',
    phone: '+4915123456789',
    streetAndNumber: 'Hauptstraße 5',
    postalCode: '10115',
    city: 'Berlin',
    country: 'DE',
  },
]
const DESCRIPTIONS = ['Wintermantel für Jürgen', 'Cadeau voor Annelies']
const METADATA_VALUES = ['loyalty-7766554433', 'crm-contact-99812']

/** Every personal value of the session: the scan's list. */
const PERSONAL = [
  ...CUSTOMERS.flatMap((c) => [c.givenName, c.familyName, c.email, c.phone, c.streetAndNumber, c.city]),
  ...DESCRIPTIONS,
  ...METADATA_VALUES,
]

let dir: string
let services: AppServices
let invoke: TestApp['invoke']
const savePaths: string[] = []
let answer = 0

function scan(text: string): string[] {
  return PERSONAL.filter(
    (value) =>
      text.includes(value) ||
      text.includes(JSON.stringify(value).slice(1, -1)) ||
      text.includes(encodeURIComponent(value)),
  )
}

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'paydesk-personal-'))
  ;({ services, invoke } = await startTestApp(dir, {
    dialogs: { chooseSavePath: async () => savePaths.shift() ?? null, ask: async () => answer },
  }))
  const client = await services.connections.getActiveClient()
  for (const [i, customer] of CUSTOMERS.entries()) {
    await client.createOrder(
      validOrderBody(`PD-${i}`, {
        billingAddress: customer,
        shippingAddress: customer,
        metadata: { loyalty: METADATA_VALUES[i] ?? '' },
      }),
    )
    await client.createPayment(
      validPaymentBody({ description: DESCRIPTIONS[i] ?? '', metadata: { crm: METADATA_VALUES[1] } }),
    )
  }
  // An answer that echoes a value back (a refused e-mail address in a 422's detail).
  await client
    .createOrder(validOrderBody('PD-bad', { billingAddress: { ...CUSTOMERS[0], email: `${CUSTOMERS[0]?.email}@@` } }))
    .catch(() => null)
  await services.requestLog.flush()
})

afterAll(async () => {
  await services.dispose()
  await rm(dir, { recursive: true, force: true })
})

describe('exports leave customers’ personal data out by default (issue 22 item 3)', () => {
  it('the session really holds the personal values (the scan can find them)', async () => {
    answer = 1 // include
    const file = join(dir, 'included.har')
    savePaths.push(file)
    const { entries } = (await invoke('requestLog.list')).value
    const result = await invoke('requestLog.export', { ids: entries.map((e) => e.id), format: 'har' })
    expect(result.value).toMatchObject({ saved: true, personalData: 'included' })
    expect(scan(await readFile(file, 'utf8')).sort()).toEqual([...PERSONAL].sort())
  })

  it('HAR and JSON exports of the request log hold none of them', async () => {
    answer = 0 // the dialog's default: leave personal data out
    const { entries } = (await invoke('requestLog.list')).value
    for (const format of ['har', 'json'] as const) {
      const file = join(dir, `left-out.${format}`)
      savePaths.push(file)
      const result = await invoke('requestLog.export', { ids: entries.map((e) => e.id), format })
      expect(result.value).toMatchObject({ saved: true, personalData: 'left-out' })
      const text = await readFile(file, 'utf8')
      expect(scan(text), format).toEqual([])
      expect(text).toContain('121.00') // amounts and ids stay: the file is still useful to engineering
      expect(text).toMatch(/ord_[A-Za-z0-9]+/)
    }
  })

  it('Report a problem holds none of them', async () => {
    answer = 0
    const file = join(dir, 'report.har')
    const result = await reportProblem({
      requestLog: services.requestLog,
      dialogs: { chooseSavePath: async () => file, ask: async () => 0 },
    })
    expect(result).toMatchObject({ saved: true, personalData: 'left-out' })
    expect(scan(await readFile(file, 'utf8'))).toEqual([])
  })

  it('a payments export holds none of them', async () => {
    answer = 0
    const listed = await invoke('payments.list', { sessionId: 'pd', requestKey: 'k', query: { limit: 50 } })
    expect(listed.ok).toBe(true)
    const ids = listed.value.ids
    for (const format of ['csv', 'json'] as const) {
      const file = join(dir, `payments.${format}`)
      savePaths.push(file)
      const result = await invoke('payments.export', { sessionId: 'pd', exportId: `x-${format}`, format, ids })
      expect(result.value).toMatchObject({ personalData: 'left-out' })
      expect(scan(await readFile(file, 'utf8')), format).toEqual([])
    }
  })
})
