// A shop's webhook receiver that counts what reaches it, listening on both loopback addresses
// (127.0.0.1 and ::1) on one port, and resolvers to inject into the sandbox (SandboxOptions
// .resolveWebhookHost): a fixed table, and a rebinding one that answers differently the second time.
import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import type { ResolvedAddress, ResolveHost } from '../../src/sandbox'

export interface CountingShop {
  port: number
  /** Every request that arrived: its listener's address, path and body. */
  calls: { via: string; path: string; body: string }[]
  close(): Promise<void>
}

function listen(server: Server, port: number, host: string): Promise<number> {
  return new Promise((resolve, reject) => {
    server.once('error', reject)
    server.listen(port, host, () => resolve((server.address() as AddressInfo).port))
  })
}

export async function startCountingShop(): Promise<CountingShop> {
  const calls: CountingShop['calls'] = []
  const make = (via: string) =>
    createServer((req, res) => {
      let body = ''
      req.on('data', (c: Buffer) => (body += c.toString()))
      req.on('end', () => {
        calls.push({ via, path: req.url ?? '', body })
        res.writeHead(200)
        res.end()
      })
    })
  const v6 = make('::1')
  const v4 = make('127.0.0.1')
  const port = await listen(v6, 0, '::1')
  await listen(v4, port, '127.0.0.1')
  const close = (s: Server) => new Promise<void>((resolve) => s.close(() => resolve()))
  return {
    port,
    calls,
    close: async () => {
      v6.closeAllConnections()
      v4.closeAllConnections()
      await Promise.all([close(v6), close(v4)])
    },
  }
}

const family = (address: string) => (address.includes(':') ? 6 : 4)

/** A resolver answering from a table (names not in it are not found); counts its lookups. */
export function tableResolver(table: Record<string, string[]>): ResolveHost & { lookups: string[] } {
  const lookups: string[] = []
  const resolve = async (hostname: string): Promise<ResolvedAddress[]> => {
    lookups.push(hostname)
    const addresses = table[hostname]
    if (!addresses) throw new Error(`getaddrinfo ENOTFOUND ${hostname}`)
    return addresses.map((address) => ({ address, family: family(address) }))
  }
  return Object.assign(resolve, { lookups })
}

/**
 * DNS rebinding: the first lookup of a name answers `first` (a public address), every later one
 * `then` (this machine). A check on one lookup and a connection on another see different hosts.
 */
export function rebindingResolver(first: string, then: string): ResolveHost & { lookups: string[] } {
  const lookups: string[] = []
  const resolve = async (hostname: string): Promise<ResolvedAddress[]> => {
    lookups.push(hostname)
    const address = lookups.filter((h) => h === hostname).length === 1 ? first : then
    return [{ address, family: family(address) }]
  }
  return Object.assign(resolve, { lookups })
}
