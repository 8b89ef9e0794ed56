// Faults on demand (admin API, docs/SANDBOX.md "Faults"). A fault matches a request by path prefix
// and optional method; `count` limits it to the next N matching requests, `fraction` to a share of them.
// Which faults run the real operation first:
// - status: no (answers instead of the operation)
// - latency: yes, after the delay
// - reset-before-headers: yes for writes (POST...), so a retry must rely on Idempotency-Key; reads have no effect anyway
// - reset-after-headers, truncated-body, malformed-json, slow-body: yes, then spoil the delivery
import type { ServerResponse } from 'node:http'
import { createRandom } from './ids'
import type { Reply } from './errors'

const FAULT_KINDS = [
  'status',
  'latency',
  'reset-before-headers',
  'reset-after-headers',
  'truncated-body',
  'malformed-json',
  'slow-body',
] as const
type FaultKind = (typeof FAULT_KINDS)[number]
const FAULT_STATUSES = [500, 502, 503, 504, 429] as const

export interface FaultSpec {
  path: string
  method?: string
  kind: FaultKind
  status?: (typeof FAULT_STATUSES)[number]
  retryAfter?: number
  latencyMs?: number
  count?: number
  fraction?: number
}

export interface Fault extends FaultSpec {
  id: string
  /** remaining count; undefined = until cleared */
  remaining?: number
  hits: number
}

/** Checks an admin request body; returns the problem or the fault spec. */
export function parseFaultSpec(body: unknown): { error: string; field: string } | { spec: FaultSpec } {
  if (typeof body !== 'object' || body === null || Array.isArray(body))
    return { error: 'body must be an object', field: 'body' }
  const b = body as Record<string, unknown>
  if (typeof b.path !== 'string' || !b.path.startsWith('/')) return { error: 'path must start with /', field: 'path' }
  if (b.method !== undefined && (typeof b.method !== 'string' || !/^[A-Za-z]+$/.test(b.method))) {
    return { error: 'method must be an HTTP method', field: 'method' }
  }
  if (!FAULT_KINDS.includes(b.kind as FaultKind))
    return { error: `kind must be one of ${FAULT_KINDS.join(', ')}`, field: 'kind' }
  const kind = b.kind as FaultKind
  if (kind === 'status' && !FAULT_STATUSES.includes(b.status as 500)) {
    return { error: `status must be one of ${FAULT_STATUSES.join(', ')}`, field: 'status' }
  }
  for (const key of ['retryAfter', 'latencyMs', 'count'] as const) {
    const v = b[key]
    if (v !== undefined && (typeof v !== 'number' || !Number.isInteger(v) || v < 0)) {
      return { error: `${key} must be a non-negative integer`, field: key }
    }
  }
  if (b.fraction !== undefined && (typeof b.fraction !== 'number' || !(b.fraction >= 0 && b.fraction <= 1))) {
    return { error: 'fraction must be between 0 and 1', field: 'fraction' }
  }
  const spec: FaultSpec = { path: b.path, kind }
  if (b.method !== undefined) spec.method = b.method.toUpperCase()
  if (b.status !== undefined) spec.status = b.status as FaultSpec['status']
  if (b.retryAfter !== undefined) spec.retryAfter = b.retryAfter as number
  if (b.latencyMs !== undefined) spec.latencyMs = b.latencyMs as number
  if (b.count !== undefined) spec.count = b.count as number
  if (b.fraction !== undefined) spec.fraction = b.fraction
  return { spec }
}

export class FaultRegistry {
  private faults: Fault[] = []
  private nextId = 1
  private readonly random: () => number

  constructor(seed: number) {
    this.random = createRandom(seed ^ 0x5eed)
  }

  add(spec: FaultSpec): Fault {
    const fault: Fault = { ...spec, id: `flt_${this.nextId++}`, hits: 0 }
    if (spec.count !== undefined) fault.remaining = spec.count
    this.faults.push(fault)
    return fault
  }

  clear(): void {
    this.faults = []
  }

  list(): Fault[] {
    return this.faults.map((f) => ({ ...f }))
  }

  /** The first live fault matching the request, consuming one of its count. */
  match(method: string, pathname: string): Fault | undefined {
    for (const fault of this.faults) {
      if (fault.remaining === 0) continue
      if (fault.method && fault.method !== method.toUpperCase()) continue
      if (!pathname.startsWith(fault.path)) continue
      if (fault.fraction !== undefined && this.random() >= fault.fraction) continue
      if (fault.remaining !== undefined) fault.remaining -= 1
      fault.hits += 1
      return { ...fault }
    }
    return undefined
  }
}

export function delay(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms))
}

function writeHead(res: ServerResponse, reply: Reply, contentLength: number): void {
  res.writeHead(reply.status, { ...reply.headers, 'Content-Length': String(contentLength) })
}

/** Sends a reply, spoiled the way the fault says (or plainly when there is none). */
export async function deliver(res: ServerResponse, reply: Reply, fault: Fault | undefined): Promise<void> {
  const body = Buffer.from(reply.body)
  switch (fault?.kind) {
    case 'reset-before-headers':
      res.socket?.destroy()
      return
    case 'reset-after-headers':
      writeHead(res, reply, body.length)
      res.flushHeaders()
      await delay(10)
      res.socket?.destroy()
      return
    case 'truncated-body':
      writeHead(res, reply, body.length)
      res.write(body.subarray(0, Math.floor(body.length / 2)))
      await delay(10)
      res.socket?.destroy()
      return
    case 'malformed-json': {
      // The full length is announced and sent, but the JSON is cut and followed by garbage.
      const spoiled = Buffer.concat([body.subarray(0, Math.max(1, Math.floor(body.length / 2))), Buffer.from('<!--')])
      writeHead(res, reply, spoiled.length)
      res.end(spoiled)
      return
    }
    case 'slow-body': {
      const total = fault.latencyMs ?? 2000
      const chunks = 10
      writeHead(res, reply, body.length)
      const size = Math.ceil(body.length / chunks)
      for (let i = 0; i < chunks; i++) {
        if (res.destroyed) return
        res.write(body.subarray(i * size, (i + 1) * size))
        await delay(total / chunks)
      }
      res.end()
      return
    }
    default:
      writeHead(res, reply, body.length)
      res.end(body)
  }
}
