// Issue 46 items 5 and 9: sockets an agent's lookup can always get, answers that drip, and clear
// words for answers that cannot be read (headers too large, a compressed body, a 201 whose body
// was lost); each against a tiny server of its own on 127.0.0.1.
import type http from 'node:http'
import zlib from 'node:zlib'
import { afterEach, describe, expect, it } from 'vitest'
import { validPaymentBody } from '../../../helpers/sandbox-fixtures'
import { rejection, recordingClient, startTinyServer, type TinyServer } from '../../helpers/api-client'

const servers: TinyServer[] = []
const drips: ReturnType<typeof setInterval>[] = []
afterEach(async () => {
  for (const d of drips.splice(0)) clearInterval(d)
  for (const s of servers.splice(0)) await s.close()
})
async function serve(handler: Parameters<typeof startTinyServer>[0]): Promise<TinyServer> {
  const s = await startTinyServer(handler)
  servers.push(s)
  return s
}

/** A generous policy, so the bucket is learned and calls run in parallel. */
const GENEROUS = { 'ratelimit-policy': '"p";q=1000;w=1;service-burst=1000', ratelimit: '"p";r=999;t=1;service-burst=0' }

const payment = (id: string) => JSON.stringify({ resource: 'payment', id, status: 'open' })

/** Headers at once, then the body one byte a second. */
function drip(res: http.ServerResponse, body: string): void {
  res.writeHead(200, {
    'content-type': 'application/json',
    'content-length': String(Buffer.byteLength(body)),
    ...GENEROUS,
  })
  res.flushHeaders()
  let i = 0
  const t = setInterval(() => {
    if (i < body.length && !res.destroyed) res.write(body[i++])
  }, 1000)
  drips.push(t)
}

// The body timeout as shipped (30 s): only the minimum-rate timer can end a drip sooner.
const SHIPPED_BODY_TIMEOUT = { connectMs: 1000, headersMs: 1000, bodyMs: 30_000 }

describe('no socket starvation (item 5)', () => {
  it('16 background pages dripping at 1 byte/s leave the agent 20 quick lookups', async () => {
    const server = await serve((req, res) => {
      if (req.url?.includes('tr_slow')) return drip(res, payment('tr_slow1'))
      res.writeHead(200, { 'content-type': 'application/json', ...GENEROUS })
      res.end(payment('tr_fast1'))
    })
    const { client } = recordingClient(`${server.origin}/v2`, {
      timeouts: SHIPPED_BODY_TIMEOUT,
      retry: { maxAttempts: 1 },
      callDeadlineMs: 20_000,
    })
    await client.getPayment('tr_fast1')
    const slow = Array.from({ length: 16 }, () =>
      client.getPayment('tr_slow1', { priority: 'background' }).catch(() => 'cut'),
    )
    // Let the slow ones take their sockets first.
    while (server.requests.length < 9) await new Promise((r) => setTimeout(r, 10))
    const lookups = await Promise.all(
      Array.from({ length: 20 }, () => client.getPayment('tr_fast1', { deadlineMs: 2_000 })),
    )
    expect(lookups.every((p) => p.id === 'tr_fast1')).toBe(true)
    client.dispose()
    await Promise.all(slow)
  }, 10_000)

  it('a body that drips after its headers is cut within seconds, saying so', async () => {
    const server = await serve((_req, res) => drip(res, payment('tr_drip1')))
    const { client } = recordingClient(`${server.origin}/v2`, {
      timeouts: SHIPPED_BODY_TIMEOUT,
      retry: { maxAttempts: 1 },
    })
    const e = await rejection(client.getPayment('tr_drip1'))
    client.dispose()
    expect(e.kind).toBe('timeout')
    expect(e.message).toContain('arrived too slowly')
    expect(e.message).toContain('cut off')
  }, 10_000)
})

describe('clear words for answers that cannot be read (item 9)', () => {
  it('headers larger than Node reads: said plainly, and not retried', async () => {
    const server = await serve((_req, res) => {
      res.writeHead(200, { 'content-type': 'application/json', 'x-padding': 'x'.repeat(20_000) })
      res.end(payment('tr_big1'))
    })
    const { client } = recordingClient(`${server.origin}/v2`)
    const e = await rejection(client.getPayment('tr_big1'))
    client.dispose()
    expect(e.kind).toBe('malformed-response')
    expect(e.message).toContain('more header data than Paydesk reads')
    expect(server.requests).toHaveLength(1)
  }, 5_000)

  for (const [encoding, compress] of [
    ['gzip', zlib.gzipSync],
    ['deflate', zlib.deflateSync],
    ['br', zlib.brotliCompressSync],
  ] as const) {
    it(`a ${encoding} body is decoded`, async () => {
      const server = await serve((_req, res) => {
        res.writeHead(200, { 'content-type': 'application/json', 'content-encoding': encoding })
        res.end(compress(Buffer.from(payment('tr_zip1'))))
      })
      const { client } = recordingClient(`${server.origin}/v2`)
      const p = await client.getPayment('tr_zip1')
      client.dispose()
      expect(p.id).toBe('tr_zip1')
    }, 5_000)
  }

  it('a body in an encoding Paydesk cannot read says which', async () => {
    const server = await serve((_req, res) => {
      res.writeHead(200, { 'content-type': 'application/json', 'content-encoding': 'zstd' })
      res.end(Buffer.from([0x28, 0xb5, 0x2f, 0xfd, 1, 2, 3]))
    })
    const { client } = recordingClient(`${server.origin}/v2`)
    const e = await rejection(client.getPayment('tr_zip2'))
    client.dispose()
    expect(e.kind).toBe('malformed-response')
    expect(e.message).toContain('compressed with "zstd"')
  }, 5_000)

  it('a 201 whose body was lost says the payment may have been created and to look it up', async () => {
    const server = await serve((req, res) => {
      req.resume()
      req.on('end', () => {
        res.writeHead(201, { 'content-type': 'application/json' })
        res.end('{"resource":"payment","id":"tr_')
      })
    })
    const { client } = recordingClient(`${server.origin}/v2`)
    const body = validPaymentBody({ description: 'Broken 201', amount: { currency: 'EUR', value: '5.00' } })
    const e = await rejection(client.createPayment(body, { idempotencyKey: 'broken-201-key' }))
    client.dispose()
    expect(e.status).toBe(201)
    expect(e.message).toContain('the payment may have been created')
    expect(e.message).toContain('Look it up before sending it again')
    expect(e.lookup).toEqual({
      kind: 'payment',
      by: 'recent',
      description: 'Broken 201',
      amount: { currency: 'EUR', value: '5.00' },
    })
    expect(server.requests).toHaveLength(1)
  }, 5_000)
})
