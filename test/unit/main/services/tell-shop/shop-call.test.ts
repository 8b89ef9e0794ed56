// The one call to a shop's webhook (issue 49 item 5), against a real HTTP listener on loopback that
// counts what reaches it: the form body and headers the service itself sends, a 500 told as it is, a
// timeout, a redirect answered and never followed, and hosts that may not be called reached by no call.
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'
import { afterEach, describe, expect, it } from 'vitest'
import { addressProblem, callShop } from '../../../../../src/main/services/tell-shop/shop-call'

interface Shop {
  origin: string
  calls: { method: string; path: string; headers: IncomingMessage['headers']; body: string }[]
  close(): Promise<void>
}

const open: Shop[] = []

async function startShop(answer: (res: ServerResponse, path: string) => void): Promise<Shop> {
  const calls: Shop['calls'] = []
  const server: Server = createServer((req, res) => {
    let body = ''
    req.on('data', (c: Buffer) => (body += c.toString()))
    req.on('end', () => {
      calls.push({ method: req.method ?? '', path: req.url ?? '', headers: req.headers, body })
      answer(res, req.url ?? '')
    })
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const shop = {
    origin: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    calls,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections()
        server.close(() => resolve())
      }),
  }
  open.push(shop)
  return shop
}

afterEach(async () => {
  await Promise.all(open.splice(0).map((s) => s.close()))
})

const FORM = { 'Content-Type': 'application/x-www-form-urlencoded' }

describe('calling the shop’s webhook once', () => {
  it('POSTs the form body once and tells the 2xx', async () => {
    const shop = await startShop((res) => res.writeHead(200).end('ok'))
    const url = new URL(`${shop.origin}/webhooks/payments`)
    const result = await callShop(url, 'id=tr_abc123', FORM, { localOrigins: new Set([shop.origin]) })
    expect(result.status).toBe(200)
    expect(result.refused).toBe(false)
    expect(shop.calls).toHaveLength(1)
    expect(shop.calls[0]?.method).toBe('POST')
    expect(shop.calls[0]?.path).toBe('/webhooks/payments')
    expect(shop.calls[0]?.body).toBe('id=tr_abc123')
    expect(shop.calls[0]?.headers['content-type']).toBe('application/x-www-form-urlencoded')
  })

  it('tells a 500 as the shop’s answer, with its body for the log', async () => {
    const shop = await startShop((res) => res.writeHead(500).end('database down'))
    const result = await callShop(new URL(`${shop.origin}/hook`), 'id=tr_abc123', FORM, {
      localOrigins: new Set([shop.origin]),
    })
    expect(result).toMatchObject({ status: 500, failure: null, responseBody: 'database down', refused: false })
    expect(shop.calls).toHaveLength(1)
  })

  it('gives up after its timeout and says so in words', async () => {
    const shop = await startShop(() => {
      /* never answers */
    })
    const result = await callShop(new URL(`${shop.origin}/slow`), 'id=tr_abc123', FORM, {
      localOrigins: new Set([shop.origin]),
      timeoutMs: 200,
    })
    expect(result.status).toBeNull()
    expect(result.failure).toBe('no answer within 0.2 s.')
    expect(shop.calls).toHaveLength(1)
  })

  it('answers a redirect with its status and target, and does not follow it', async () => {
    const other = await startShop((res) => res.writeHead(200).end())
    const shop = await startShop((res) => res.writeHead(302, { Location: `${other.origin}/stolen` }).end())
    const result = await callShop(new URL(`${shop.origin}/hook`), 'id=tr_abc123', FORM, {
      localOrigins: new Set([shop.origin, other.origin]),
    })
    expect(result.status).toBe(302)
    expect(result.location).toBe(`${other.origin}/stolen`)
    expect(shop.calls).toHaveLength(1)
    expect(other.calls).toHaveLength(0)
  })

  it('does not call this machine or a private network unless that origin is allowed', async () => {
    const shop = await startShop((res) => res.writeHead(200).end())
    const port = new URL(shop.origin).port
    for (const address of [
      `http://127.0.0.1:${port}/h`,
      `http://localhost:${port}/h`,
      `http://[::ffff:7f00:1]:${port}/h`,
    ]) {
      const result = await callShop(new URL(address), 'id=tr_abc123', FORM)
      expect(result.refused).toBe(true)
      expect(result.failure).toMatch(/is this computer or a private network/)
    }
    expect(addressProblem(new URL('http://10.1.2.3/h'))).toMatch(/private network/)
    expect(addressProblem(new URL('ftp://shop.example/h'))).toMatch(/not a web address/)
    expect(addressProblem(new URL('https://user:pw@shop.example/h'))).toMatch(/user name or password/)
    expect(shop.calls).toHaveLength(0)
  })

  it('refuses a name that resolves to this machine, and connects only to the address it checked', async () => {
    const shop = await startShop((res) => res.writeHead(200).end())
    const port = new URL(shop.origin).port
    const lookups: string[] = []
    const refused = await callShop(new URL(`http://rebind.example:${port}/h`), 'id=tr_abc123', FORM, {
      resolve: async (name) => {
        lookups.push(name)
        return [{ address: '127.0.0.1', family: 4 }]
      },
    })
    expect(refused.refused).toBe(true)
    expect(lookups).toEqual(['rebind.example'])
    // Allowed origin: the one lookup's address is used; a second lookup never happens.
    const allowed = await callShop(new URL(`http://rebind.example:${port}/h`), 'id=tr_abc123', FORM, {
      localOrigins: new Set([`http://rebind.example:${port}`]),
      resolve: async (name) => {
        lookups.push(name)
        return [{ address: '127.0.0.1', family: 4 }]
      },
    })
    expect(allowed.status).toBe(200)
    expect(allowed.address).toBe('127.0.0.1')
    expect(lookups).toEqual(['rebind.example', 'rebind.example'])
    expect(shop.calls).toHaveLength(1)
  })

  it('tells a name that does not exist in words', async () => {
    const result = await callShop(new URL('https://shop-down.example/h'), 'id=tr_abc123', FORM, {
      resolve: async () => {
        throw new Error('getaddrinfo ENOTFOUND shop-down.example')
      },
    })
    expect(result).toMatchObject({ status: null, refused: false })
    expect(result.failure).toBe(
      'the name shop-down.example could not be found (it does not exist, or there is no network).',
    )
  })
})
