import { randomBytes } from 'node:crypto'
import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import {
  createRequestLogService,
  REQUEST_LOG_DIR,
  type RequestLogService,
} from '../../../../src/main/services/request-log'
import type { RequestLogAppended } from '../../../../src/shared/request-log-types'
import { attemptEvent, SECRET } from '../../helpers/request-log-fixtures'
import { present } from '../../../helpers/present'

let dataDir: string
const key = randomBytes(32)
const open: RequestLogService[] = []
const SANDBOX = { id: 'sandbox', label: 'Sandbox' }

function service(extra: Partial<Parameters<typeof createRequestLogService>[0]> = {}) {
  const emitted: RequestLogAppended[] = []
  const log = createRequestLogService({
    dataDir,
    getKey: async () => key,
    secretValues: () => [SECRET],
    emit: (p) => emitted.push(p),
    app: { name: 'Paydesk', version: 'test' },
    flushIntervalMs: 5,
    eventIntervalMs: 5,
    ...extra,
  })
  open.push(log)
  return { log, emitted }
}

const tick = (ms = 20) => new Promise((r) => setTimeout(r, ms))

beforeEach(async () => {
  dataDir = await mkdtemp(path.join(os.tmpdir(), 'paydesk-reqlog-svc-'))
})
afterEach(async () => {
  for (const log of open.splice(0)) await log.dispose()
  await rm(dataDir, { recursive: true, force: true })
})

describe('request log service', () => {
  it('groups attempts per request id, newest request first', async () => {
    const { log } = service()
    await log.ready()
    log.record(
      attemptEvent({ requestId: 'a', outcome: 'retry', status: 503, retryReason: 'status 503', nextWaitMs: 300 }),
      SANDBOX,
    )
    log.record(
      attemptEvent({ requestId: 'b', method: 'GET', requestBody: null, status: 200, outcome: 'success' }),
      SANDBOX,
    )
    log.record(attemptEvent({ requestId: 'a', attempt: 2, status: 201, outcome: 'success', error: null }), SANDBOX)
    const { entries } = await log.list()
    expect(entries.map((e) => [e.id, e.attemptCount, e.status, e.statusClass])).toEqual([
      ['b', 1, 200, '2xx'],
      ['a', 2, 201, '2xx'],
    ])
    const a = await log.get('a')
    expect(a.attempts.map((x) => x.retryReason)).toEqual(['status 503', null])
    expect(a.idempotencyKey).toBe('idem-123')
    expect(a.origin).toEqual({ screen: 'orders', action: 'create order' })
  })

  it('redacts before keeping anything: the secret is not in get, list, events or files', async () => {
    const { log, emitted } = service()
    await log.ready()
    log.record(
      attemptEvent({
        requestId: 'leaky',
        url: `http://127.0.0.1/v2/payments?api_key=${SECRET}`,
        requestHeaders: { Authorization: `Bearer ${SECRET}`, Cookie: 'session=1' },
        responseBody: JSON.stringify({ detail: `bad ${SECRET}`, token: 'abc' }),
      }),
      { id: 'c1', label: 'Prod' },
    )
    await log.flush()
    await tick()
    const seen = JSON.stringify([await log.get('leaky'), await log.list(), emitted])
    expect(seen).not.toContain(SECRET)
    expect(seen).not.toContain('session=1')
    const dir = path.join(dataDir, REQUEST_LOG_DIR)
    for (const name of await readdir(dir)) {
      const bytes = await readFile(path.join(dir, name))
      expect(bytes.includes(Buffer.from(SECRET))).toBe(false)
      expect(bytes.includes(Buffer.from(Buffer.from(SECRET).toString('base64')))).toBe(false)
    }
  })

  it('redacts an attempt after its call has returned, and every read sees the attempts still waiting', async () => {
    let redactions = 0
    const { log, emitted } = service({
      secretValues: () => {
        redactions++
        return [SECRET]
      },
    })
    await log.ready()
    const before = redactions
    log.record(attemptEvent({ requestId: 'w1', responseBody: JSON.stringify({ detail: `bad ${SECRET}` }) }), SANDBOX)
    log.record(attemptEvent({ requestId: 'w2' }), SANDBOX)
    // Nothing redacted while the call that reported it is still returning.
    expect(redactions).toBe(before)
    // A read right away: both, in the order reported, already redacted.
    const { entries } = await log.list()
    expect(redactions).toBeGreaterThan(before)
    expect(entries.map((e) => e.id)).toEqual(['w2', 'w1'])
    expect(JSON.stringify(await log.get('w1'))).not.toContain(SECRET)
    // Without a read, on the next turn of the event loop, then pushed and written as before.
    log.record(attemptEvent({ requestId: 'w3' }), SANDBOX)
    const counted = redactions
    await new Promise((r) => setImmediate(r))
    expect(redactions).toBeGreaterThan(counted)
    await tick()
    expect(emitted.flatMap((p) => p.entries.map((e) => e.id))).toContain('w3')
  })

  it('keeps the attempts reported before the stored log was read, and those reported just before shutdown', async () => {
    const first = service()
    first.log.record(attemptEvent({ requestId: 'early' }), SANDBOX)
    await first.log.ready()
    first.log.record(attemptEvent({ requestId: 'last' }), SANDBOX)
    await first.log.dispose()
    const second = service()
    await second.log.ready()
    expect((await second.log.list()).entries.map((e) => e.id)).toEqual(['last', 'early'])
  })

  it('batches row changes into few events', async () => {
    const { log, emitted } = service({ eventIntervalMs: 30 })
    await log.ready()
    for (let i = 0; i < 100; i++) log.record(attemptEvent({ requestId: `r${i}` }), SANDBOX)
    await tick(80)
    expect(emitted.length).toBeGreaterThan(0)
    expect(emitted.length).toBeLessThanOrEqual(3)
    expect(new Set(emitted.flatMap((p) => p.entries.map((e) => e.id))).size).toBe(100)
  })

  it('survives a restart with tags, and clear empties memory and disk', async () => {
    const first = service()
    await first.log.ready()
    first.log.record(attemptEvent({ requestId: 'x1' }), SANDBOX)
    first.log.record(attemptEvent({ requestId: 'x2' }), SANDBOX)
    await first.log.tag(['x1'], 'CASE-7', false)
    await first.log.dispose()

    const second = service()
    const listed = await second.log.list()
    expect(listed.persisted).toBe(true)
    expect(listed.notice).toBeNull()
    expect(listed.entries.map((e) => [e.id, e.tags])).toEqual([
      ['x2', []],
      ['x1', ['CASE-7']],
    ])
    // New entries continue after the stored ones.
    second.log.record(attemptEvent({ requestId: 'x3' }), SANDBOX)
    expect((await second.log.list()).entries[0]?.id).toBe('x3')
    await second.log.tag(['x1'], 'CASE-7', true)
    expect((await second.log.get('x1')).tags).toEqual([])

    const { cleared } = await second.log.clear()
    expect(cleared).toBe(3)
    expect(second.emitted.some((p) => p.cleared)).toBe(true)
    await second.log.dispose()
    const third = service()
    expect((await third.log.list()).entries).toEqual([])
  })

  it('keeps working in memory (and says so) when the keychain has no key for it', async () => {
    const { log } = service({ getKey: async () => Promise.reject(new Error('keychain locked')) })
    log.record(attemptEvent({ requestId: 'm1' }), SANDBOX)
    const view = await log.list()
    expect(view.persisted).toBe(false)
    expect(view.notice).toMatch(/memory only/)
    expect(view.entries.map((e) => e.id)).toEqual(['m1'])
    await log.dispose()
    expect(await readdir(dataDir)).toEqual([])
  })

  it('searches bodies case-insensitively, and rejects bad case ids', async () => {
    const { log } = service()
    log.record(attemptEvent({ requestId: 's1', responseBody: '{"detail":"Amount Too High"}' }), SANDBOX)
    log.record(attemptEvent({ requestId: 's2', responseBody: '{"detail":"fine"}' }), SANDBOX)
    expect(await log.search('amount too')).toEqual(['s1'])
    expect(await log.search('FINE', ['s1'])).toEqual([])
    await expect(log.tag(['s1'], '  ', false)).rejects.toMatchObject({ code: 'invalid-input' })
    await expect(log.get('missing')).rejects.toMatchObject({ code: 'not-found' })
  })

  it('keeps the head of an over-size body with a marker, and bounds its memory in bytes (issue 11 item 8)', async () => {
    const { log } = service({ maxMemoryBytes: 2_000_000, maxBodyChars: 10_000 })
    await log.ready()
    const big = JSON.stringify({ data: 'x'.repeat(1_000_000) })
    for (let i = 0; i < 50; i++) {
      log.record(attemptEvent({ requestId: `big-${i}`, requestBody: big, responseBody: big }), SANDBOX)
    }
    const newest = await log.get('big-49')
    const body = present(present(newest.attempts[0]).responseBody)
    expect(body.startsWith('{"data":"xxxx')).toBe(true)
    expect(body.length).toBeLessThan(10_200)
    expect(body).toContain(`${(big.length - 10_000).toLocaleString('en-US')} more characters were not stored`)
    expect(newest.attempts[0]?.responseBodyTruncated).toBe(true)
    expect(present(newest.attempts[0]?.requestBody).length).toBeLessThan(10_200)
    // 50 entries of ~40 kB each do not fit in 2 MB: the oldest go, the newest stay.
    const { entries } = await log.list()
    expect(entries.length).toBeLessThan(50)
    expect(entries.length).toBeGreaterThan(10)
    expect(entries[0]?.id).toBe('big-49')
    await expect(log.get('big-0')).rejects.toBeTruthy()
  })

  it('keeps at most maxEntries, dropping the oldest', async () => {
    const { log } = service({ maxEntries: 10 })
    for (let i = 0; i < 25; i++) log.record(attemptEvent({ requestId: `k${i}` }), SANDBOX)
    const { entries } = await log.list()
    expect(entries).toHaveLength(10)
    expect(entries[0]?.id).toBe('k24')
    expect(entries[9]?.id).toBe('k15')
  })

  it('exports a redacted HAR to the chosen file', async () => {
    const { log } = service()
    log.record(attemptEvent({ requestId: 'e1', requestHeaders: { Authorization: `Bearer ${SECRET}` } }), SANDBOX)
    const file = path.join(dataDir, 'out.har')
    const result = await log.exportTo(['e1'], 'har', file, 'left-out')
    expect(result).toEqual({ saved: true, path: file, count: 1, personalData: 'left-out' })
    const text = await readFile(file, 'utf8')
    expect(text).not.toContain(SECRET)
    expect(JSON.parse(text).log.entries[0]._requestId).toBe('e1')
    expect(await log.curl('e1')).toContain('$PAYDESK_API_KEY')
  })

  describe('personal data in exports (threat: a report or export hands customers’ data to whoever gets the file)', () => {
    const PERSONAL = [
      'Annelies',
      'van der Berg',
      'annelies.berg@example.nl',
      '+31612345678',
      'Keizersgracht 126',
      '1015 CW',
      'Amsterdam',
      'NL91ABNA0417164300',
      'ABNANL2A',
      'A. van der Berg',
      'Winter coat for Annelies',
      'loyalty-card-998877',
    ]
    function record(log: ReturnType<typeof service>['log']) {
      const order = {
        orderNumber: '1001',
        billingAddress: {
          givenName: 'Annelies',
          familyName: 'van der Berg',
          email: 'annelies.berg@example.nl',
          phone: '+31612345678',
          streetAndNumber: 'Keizersgracht 126',
          postalCode: '1015 CW',
          city: 'Amsterdam',
          country: 'NL',
        },
        metadata: { card: 'loyalty-card-998877' },
      }
      const payment = {
        id: 'tr_abc1234567',
        description: 'Winter coat for Annelies',
        amount: { currency: 'EUR', value: '59.95' },
        details: { consumerName: 'A. van der Berg', consumerAccount: 'NL91ABNA0417164300', consumerBic: 'ABNANL2A' },
      }
      log.record(
        attemptEvent({ requestId: 'p1', requestBody: JSON.stringify(order), responseBody: JSON.stringify(payment) }),
        SANDBOX,
      )
      // An error that echoes a value, and a body cut short (not JSON any more).
      log.record(
        attemptEvent({
          requestId: 'p2',
          requestBody: 'description=Winter+coat+for+Annelies&billingAddress%5Bemail%5D=annelies.berg%40example.nl',
          responseBody: `{"status":422,"detail":"The email annelies.berg@example.nl is not valid","extra":{"consumerName":"A. van der Berg","city":"Amster`,
        }),
        SANDBOX,
      )
    }

    it('leaves every personal value out of HAR and JSON unless included, and keeps the rest readable', async () => {
      const { log } = service()
      record(log)
      for (const format of ['har', 'json'] as const) {
        const file = path.join(dataDir, `out-personal.${format}`)
        await log.exportTo(['p1', 'p2'], format, file, 'left-out')
        const text = await readFile(file, 'utf8')
        for (const value of PERSONAL) {
          expect(text, `${format}: ${value}`).not.toContain(value)
          expect(text, `${format}: ${value} (JSON-escaped)`).not.toContain(JSON.stringify(value).slice(1, -1))
          expect(text, `${format}: ${value} (URL-encoded)`).not.toContain(encodeURIComponent(value))
        }
        expect(text).toContain('[left out]')
        expect(text).toContain('59.95')
        expect(text).toContain('tr_abc1234567')
        expect(text).toContain('is not valid')
      }
    })

    it('keeps them when the person chose to include them', async () => {
      const { log } = service()
      record(log)
      const file = path.join(dataDir, 'out-included.har')
      const result = await log.exportTo(['p1'], 'har', file, 'included')
      expect(result).toMatchObject({ personalData: 'included' })
      const text = await readFile(file, 'utf8')
      expect(text).toContain('annelies.berg@example.nl')
    })
  })
})
