// One HTTP attempt over node:http/https with separate connect / headers / body timeouts and an
// AbortSignal. It never throws or rejects: every outcome, including a socket reset mid-body,
// comes back as a value the client can classify.

import http from 'node:http'
import https from 'node:https'
import type { Socket } from 'node:net'
import { performance } from 'node:perf_hooks'
import { decodeBody } from './body-decode'

export interface Timeouts {
  connectMs: number
  headersMs: number
  bodyMs: number
  /**
   * A body arriving slower than this on average (bytes per second since the headers), once
   * `slowBodyGraceMs` has passed, is cut: a drip holds a socket for the whole `bodyMs` otherwise.
   */
  minBodyBytesPerS: number
  slowBodyGraceMs: number
}

export const DEFAULT_TIMEOUTS: Timeouts = {
  connectMs: 5_000,
  headersMs: 30_000,
  bodyMs: 30_000,
  minBodyBytesPerS: 1024,
  slowBodyGraceMs: 3_000,
}

/** Node's limit on a response's header block (http.maxHeaderSize default). */
const MAX_HEADER_BYTES = 16 * 1024

interface HttpAttemptRequest {
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

type HttpPhase = 'connect' | 'headers' | 'body'

interface HttpTimings {
  connectMs: number | null
  headersMs: number | null
  totalMs: number
}

export interface HttpAttemptError {
  /** `malformed`: an answer that arrived but cannot be read (headers too large, a body that does not decode) */
  kind: 'network' | 'timeout' | 'aborted' | 'too-large' | 'invalid' | 'malformed'
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

/** One request and its response, with the phase it is in and its timer; resolves exactly once. */
class Exchange {
  private readonly start = performance.now()
  private connectMs: number | null = null
  private headersMs: number | null = null
  private phase: HttpPhase = 'connect'
  private status: number | null = null
  private headers: http.IncomingHttpHeaders | null = null
  private readonly chunks: Buffer[] = []
  private size = 0
  private done = false
  /** The body's last byte arrived (a decode may still be running). */
  private bodyEnded = false
  private timer: ReturnType<typeof setTimeout> | null = null
  private rateTimer: ReturnType<typeof setInterval> | null = null
  private outgoing: http.ClientRequest | null = null
  private readonly onAbort = () => this.fail('aborted', 'Cancelled.')

  constructor(
    private readonly req: HttpAttemptRequest,
    private readonly resolve: (result: HttpAttemptResult) => void,
  ) {}

  private elapsed(): number {
    return Math.round((performance.now() - this.start) * 10) / 10
  }

  private finish(error: HttpAttemptError | null): void {
    if (this.done) return
    this.done = true
    this.stopTimers()
    this.req.signal?.removeEventListener('abort', this.onAbort)
    const timings = { connectMs: this.connectMs, headersMs: this.headersMs, totalMs: this.elapsed() }
    const body = Buffer.concat(this.chunks).toString('utf8')
    this.resolve({ status: this.status, headers: this.headers, body, timings, error })
  }

  private stopTimers(): void {
    if (this.timer) clearTimeout(this.timer)
    if (this.rateTimer) clearInterval(this.rateTimer)
    this.timer = null
    this.rateTimer = null
  }

  /** The whole body arrived: undo a compression the service applied, then resolve. */
  private complete(encoding: string | string[] | undefined): void {
    this.bodyEnded = true
    if (encoding === undefined) return this.finish(null)
    this.stopTimers()
    void decodeBody(Buffer.concat(this.chunks), encoding, this.req.maxBodyBytes).then((decoded) => {
      if (this.done) return
      if (decoded.ok) {
        this.chunks.splice(0, this.chunks.length, decoded.body)
        return this.finish(null)
      }
      this.fail(decoded.tooLarge ? 'too-large' : 'malformed', decoded.message)
    })
  }

  /**
   * Cuts a body that drips: once the grace has passed, less than minBodyBytesPerS on average since
   * the headers means a stalled service or network, and the socket is freed well before bodyMs.
   */
  private watchRate(): void {
    const { minBodyBytesPerS, slowBodyGraceMs } = this.req.timeouts
    if (!(minBodyBytesPerS > 0)) return
    const since = performance.now()
    this.rateTimer = setInterval(() => {
      const seconds = (performance.now() - since) / 1000
      if (seconds * 1000 < slowBodyGraceMs || this.size >= minBodyBytesPerS * seconds) return
      this.fail(
        'timeout',
        `The answer arrived too slowly (${this.size} bytes in ${Math.round(seconds)} s, below ${minBodyBytesPerS} bytes a second) and was cut off.`,
      )
    }, 500)
    this.rateTimer.unref?.()
  }

  private fail(kind: HttpAttemptError['kind'], message: string, code?: string): void {
    if (this.done) return
    this.finish({ kind, phase: this.phase, message, ...(code ? { code } : {}) })
    this.outgoing?.destroy()
  }

  private arm(ms: number): void {
    if (this.timer) clearTimeout(this.timer)
    const p = this.phase
    this.timer = setTimeout(() => this.fail('timeout', `No ${describePhase(p)} within ${ms} ms.`), ms)
  }

  /** Sends the request; every outcome resolves the promise. */
  run(): void {
    const { req } = this
    const transport = req.url.protocol === 'https:' ? https : http
    let outgoing: http.ClientRequest
    try {
      outgoing = transport.request(req.url, { method: req.method, headers: req.headers, agent: req.agent })
    } catch (e) {
      // e.g. a header value with a control character; the message names the header, never its value.
      const code = (e as NodeJS.ErrnoException).code
      this.done = true
      this.resolve({
        status: null,
        headers: null,
        body: '',
        timings: { connectMs: null, headersMs: null, totalMs: this.elapsed() },
        error: {
          kind: 'invalid',
          phase: 'connect',
          message: `The request could not be built (${code ?? 'invalid'}).`,
          ...(code ? { code } : {}),
        },
      })
      return
    }
    this.outgoing = outgoing
    outgoing.on('socket', (socket) => this.onSocket(socket))
    outgoing.on('response', (res) => this.onResponse(res))
    outgoing.on('error', (e: NodeJS.ErrnoException) => {
      if (this.done) return
      if (e.code === 'HPE_HEADER_OVERFLOW') {
        this.fail(
          'malformed',
          `The service's answer has more header data than Paydesk reads (over ${MAX_HEADER_BYTES / 1024} KB), so it could not be read. This is a fault of the service or of a proxy on the way; sending the request again would meet the same answer.`,
          e.code,
        )
        return
      }
      this.fail('network', networkMessage(e, this.phase), e.code)
    })
    if (req.signal) {
      if (req.signal.aborted) {
        // Nothing must go out for an already-cancelled call.
        this.fail('aborted', 'Cancelled.')
        return
      }
      req.signal.addEventListener('abort', this.onAbort, { once: true })
    }
    outgoing.end(req.body ?? undefined)
  }

  private onSocket(socket: Socket): void {
    const headersPhase = () => {
      this.phase = 'headers'
      this.arm(this.req.timeouts.headersMs)
    }
    if ((socket as { connecting?: boolean }).connecting) {
      this.arm(this.req.timeouts.connectMs)
      socket.once(this.req.url.protocol === 'https:' ? 'secureConnect' : 'connect', () => {
        if (this.done || this.phase !== 'connect') return
        this.connectMs = this.elapsed()
        headersPhase()
      })
    } else {
      // A reused keep-alive socket is already connected.
      this.connectMs = 0
      headersPhase()
    }
  }

  private onResponse(res: http.IncomingMessage): void {
    if (this.done) {
      res.resume()
      return
    }
    this.headersMs = this.elapsed()
    this.status = res.statusCode ?? null
    this.headers = res.headers
    this.phase = 'body'
    // A declared size above the cap fails before a byte of the body is read.
    const declared = Number(res.headers['content-length'])
    if (Number.isFinite(declared) && declared > this.req.maxBodyBytes) {
      res.resume()
      this.fail('too-large', `The response body (${declared} bytes declared) exceeds ${this.req.maxBodyBytes} bytes.`)
      return
    }
    this.arm(this.req.timeouts.bodyMs)
    this.watchRate()
    this.readBody(res)
  }

  private readBody(res: http.IncomingMessage): void {
    const cut = 'The connection closed before the response body was complete.'
    res.on('data', (chunk: Buffer) => {
      if (this.done) return
      this.size += chunk.length
      if (this.size > this.req.maxBodyBytes) {
        this.fail('too-large', `The response body exceeds ${this.req.maxBodyBytes} bytes.`)
        return
      }
      this.chunks.push(chunk)
    })
    res.on('end', () => {
      if (!res.complete) this.fail('network', cut)
      else this.complete(res.headers['content-encoding'])
    })
    res.on('error', (e: NodeJS.ErrnoException) => this.fail('network', cut, e.code))
    res.on('close', () => {
      if (!this.done && !this.bodyEnded) this.fail('network', cut)
    })
  }
}

export function sendAttempt(req: HttpAttemptRequest): Promise<HttpAttemptResult> {
  return new Promise<HttpAttemptResult>((resolve) => new Exchange(req, resolve).run())
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
