// One HTTP attempt over node:http/https with separate connect / headers / body timeouts and an
// AbortSignal. It never throws or rejects: every outcome, including a socket reset mid-body,
// comes back as a value the client can classify.

import http from 'node:http'
import https from 'node:https'
import { performance } from 'node:perf_hooks'

export interface Timeouts {
  connectMs: number
  headersMs: number
  bodyMs: number
}

export const DEFAULT_TIMEOUTS: Timeouts = { connectMs: 5_000, headersMs: 30_000, bodyMs: 30_000 }

export interface HttpAttemptRequest {
  method: string
  url: URL
  headers: Record<string, string>
  body: string | null
  timeouts: Timeouts
  signal?: AbortSignal
  agent?: http.Agent
  /** Larger bodies are cut off and reported as an error (protects memory). */
  maxBodyBytes: number
}

export type HttpPhase = 'connect' | 'headers' | 'body'

export interface HttpTimings {
  connectMs: number | null
  headersMs: number | null
  totalMs: number
}

export interface HttpAttemptError {
  kind: 'network' | 'timeout' | 'aborted' | 'too-large' | 'invalid'
  phase: HttpPhase
  code?: string
  message: string
}

export interface HttpAttemptResult {
  /** Null when no response headers arrived. */
  status: number | null
  headers: http.IncomingHttpHeaders | null
  /** Body text received (possibly partial when `error` is set). */
  body: string
  timings: HttpTimings
  error: HttpAttemptError | null
}

export function sendAttempt(req: HttpAttemptRequest): Promise<HttpAttemptResult> {
  return new Promise<HttpAttemptResult>((resolve) => {
    const start = performance.now()
    const elapsed = () => Math.round((performance.now() - start) * 10) / 10
    let connectMs: number | null = null
    let headersMs: number | null = null
    let phase: HttpPhase = 'connect'
    let status: number | null = null
    let headers: http.IncomingHttpHeaders | null = null
    const chunks: Buffer[] = []
    let size = 0
    let done = false
    let timer: ReturnType<typeof setTimeout> | null = null

    const body = () => Buffer.concat(chunks).toString('utf8')
    const finish = (error: HttpAttemptError | null) => {
      if (done) return
      done = true
      if (timer) clearTimeout(timer)
      req.signal?.removeEventListener('abort', onAbort)
      resolve({ status, headers, body: body(), timings: { connectMs, headersMs, totalMs: elapsed() }, error })
    }
    const fail = (kind: HttpAttemptError['kind'], message: string, code?: string) => {
      if (done) return
      finish({ kind, phase, message, ...(code ? { code } : {}) })
      outgoing.destroy()
    }
    const arm = (ms: number) => {
      if (timer) clearTimeout(timer)
      const p = phase
      timer = setTimeout(() => fail('timeout', `No ${describePhase(p)} within ${ms} ms.`), ms)
    }
    const onAbort = () => fail('aborted', 'Cancelled.')

    const transport = req.url.protocol === 'https:' ? https : http
    let outgoing: http.ClientRequest
    try {
      outgoing = transport.request(req.url, { method: req.method, headers: req.headers, agent: req.agent })
    } catch (e) {
      // e.g. a header value with a control character; the message names the header, never its value.
      const code = (e as NodeJS.ErrnoException).code
      done = true
      resolve({
        status: null,
        headers: null,
        body: '',
        timings: { connectMs: null, headersMs: null, totalMs: elapsed() },
        error: {
          kind: 'invalid',
          phase: 'connect',
          message: `The request could not be built (${code ?? 'invalid'}).`,
          ...(code ? { code } : {}),
        },
      })
      return
    }

    outgoing.on('socket', (socket) => {
      const connected = () => {
        if (done || phase !== 'connect') return
        connectMs = elapsed()
        phase = 'headers'
        arm(req.timeouts.headersMs)
      }
      if ((socket as { connecting?: boolean }).connecting) {
        arm(req.timeouts.connectMs)
        socket.once(req.url.protocol === 'https:' ? 'secureConnect' : 'connect', connected)
      } else {
        // A reused keep-alive socket is already connected.
        connectMs = 0
        phase = 'headers'
        arm(req.timeouts.headersMs)
      }
    })

    outgoing.on('response', (res) => {
      if (done) {
        res.resume()
        return
      }
      headersMs = elapsed()
      status = res.statusCode ?? null
      headers = res.headers
      phase = 'body'
      // A declared size above the cap fails before a byte of the body is read.
      const declared = Number(res.headers['content-length'])
      if (Number.isFinite(declared) && declared > req.maxBodyBytes) {
        res.resume()
        fail('too-large', `The response body (${declared} bytes declared) exceeds ${req.maxBodyBytes} bytes.`)
        return
      }
      arm(req.timeouts.bodyMs)
      res.on('data', (chunk: Buffer) => {
        if (done) return
        size += chunk.length
        if (size > req.maxBodyBytes) {
          fail('too-large', `The response body exceeds ${req.maxBodyBytes} bytes.`)
          return
        }
        chunks.push(chunk)
      })
      res.on('end', () => {
        if (!res.complete) fail('network', 'The connection closed before the response body was complete.')
        else finish(null)
      })
      res.on('error', (e: NodeJS.ErrnoException) =>
        fail('network', 'The connection closed before the response body was complete.', e.code),
      )
      res.on('close', () => {
        if (!done) fail('network', 'The connection closed before the response body was complete.')
      })
    })

    outgoing.on('error', (e: NodeJS.ErrnoException) => {
      if (done) return
      fail('network', networkMessage(e, phase), e.code)
    })

    if (req.signal) {
      if (req.signal.aborted) {
        // Nothing must go out for an already-cancelled call.
        fail('aborted', 'Cancelled.')
        return
      }
      req.signal.addEventListener('abort', onAbort, { once: true })
    }
    outgoing.end(req.body ?? undefined)
  })
}

function describePhase(p: HttpPhase): string {
  return p === 'connect' ? 'connection' : p === 'headers' ? 'response headers' : 'complete response body'
}

function networkMessage(e: NodeJS.ErrnoException, phase: HttpPhase): string {
  switch (e.code) {
    case 'ECONNREFUSED':
      return 'The service refused the connection.'
    case 'ECONNRESET':
      return phase === 'body'
        ? 'The connection was reset while reading the response.'
        : 'The connection was reset before the service answered.'
    case 'ENOTFOUND':
    case 'EAI_AGAIN':
      return 'The service host name could not be resolved.'
    default:
      return `Network error: ${e.message}`
  }
}

/** Header values as single strings (duplicates joined), for events. */
export function flattenHeaders(h: http.IncomingHttpHeaders | Record<string, string>): Record<string, string> {
  const out: Record<string, string> = {}
  for (const [k, v] of Object.entries(h)) {
    if (v === undefined) continue
    out[k] = Array.isArray(v) ? v.join(', ') : String(v)
  }
  return out
}
