// The team runner's loop (issue 51): one connection holds the row locks and sends, another LISTENs on
// paydesk_requests so a request queued (or approved) is taken at once; a poll every few seconds
// catches what was queued while the runner was away and retries what got no answer. Its session is
// named `paydesk-runner@<host>`, which is how desks see whether a runner is online.
import os from 'node:os'
import pg from 'pg'
import type { SyncClient } from '../search/sync'
import { IndexSync } from './index-sync'
import { drainQueue, type RunnerApi, type StepResult } from './runner'

interface RunnerProcessOptions {
  /** connection settings of the runner's own login (role runner) */
  config: pg.ClientConfig
  api: RunnerApi
  /** how often the queue is looked at without a notice (default 5 s) */
  pollMs?: number
  log?: (line: string) => void
  /**
   * The shared index's sync (issue 51 item 3): while the runner runs it wins the election and walks
   * the merchant every `everyMs` (its first walk at start); desks then only search.
   */
  index?: { client: SyncClient; everyMs: number; pageSize?: number }
}

export interface RunningRunner {
  /** Resolves once the queue was drained after the last wake-up (tests and the bench wait on it). */
  idle(): Promise<void>
  /** One walk of the shared index now (when the runner syncs it); resolves when it ended. */
  syncIndex(): Promise<'synced' | 'another syncs' | 'off'>
  stop(): Promise<void>
}

export async function startRunner(options: RunnerProcessOptions): Promise<RunningRunner> {
  const name = `paydesk-runner@${os.hostname()}`.slice(0, 63)
  const work = new pg.Client({ ...options.config, application_name: name })
  const listen = new pg.Client({ ...options.config, application_name: name })
  const log = options.log ?? (() => undefined)
  work.on('error', (e) => log(`The team database connection failed: ${e.message}`))
  listen.on('error', (e) => log(`The team database connection failed: ${e.message}`))
  await work.connect()
  await listen.connect()
  let stopped = false
  let running: Promise<void> = Promise.resolve()
  let again = false
  const drain = (): Promise<void> => {
    if (stopped) return running
    if (again) return running
    again = true
    running = running.then(async () => {
      again = false
      try {
        const results = await drainQueue(work, options.api, name)
        if (results.length > 0) log(summary(results))
      } catch (error) {
        log(`A request could not be handled now (it waits): ${error instanceof Error ? error.message : String(error)}`)
      }
    })
    return running
  }
  listen.on('notification', (message) => {
    if (message.channel !== 'paydesk_requests') return
    try {
      if ((JSON.parse(message.payload ?? '{}') as { state?: string }).state === 'queued') void drain()
    } catch {
      void drain()
    }
  })
  await listen.query('LISTEN paydesk_requests')
  const timer = setInterval(() => void drain(), options.pollMs ?? 5000)
  await drain()
  const index = options.index ? startIndexSync(options.config, options.index, log) : null
  return {
    idle: () => running,
    syncIndex: () => index?.round() ?? Promise.resolve('off'),
    async stop() {
      stopped = true
      clearInterval(timer)
      await index?.stop()
      await running
      await Promise.allSettled([work.end(), listen.end()])
    },
  }
}

/** The runner's walks of the shared index: its own lock session and pool, a walk every `everyMs`. */
function startIndexSync(
  config: pg.ClientConfig,
  options: NonNullable<RunnerProcessOptions['index']>,
  log: (line: string) => void,
) {
  const pool = new pg.Pool({ ...config, application_name: 'paydesk-runner:index', max: 2 })
  pool.on('error', (e) => log(`The team database connection failed: ${e.message}`))
  const sync = new IndexSync({
    connect: async () => {
      const session = new pg.Client(config)
      session.on('error', () => {})
      await session.connect()
      return session
    },
    pool,
    client: options.client,
    role: 'runner',
    ...(options.pageSize === undefined ? {} : { pageSize: options.pageSize }),
  })
  let walking: Promise<'synced' | 'another syncs'> | null = null
  const round = () => {
    walking ??= sync
      .round()
      .catch((error: unknown) => {
        log(
          `The shared index could not be synced now (tried again): ${error instanceof Error ? error.message : String(error)}`,
        )
        return 'another syncs' as const
      })
      .finally(() => {
        walking = null
      })
    return walking
  }
  void round()
  const timer = setInterval(() => void round(), options.everyMs)
  return {
    round,
    async stop() {
      clearInterval(timer)
      await walking
      await sync.close()
      await pool.end().catch(() => {})
    },
  }
}

function summary(results: StepResult[]): string {
  const count = (what: StepResult) => results.filter((r) => r === what).length
  return `Sent ${count('done')} refund(s); ${count('refused')} refused, ${count('unknown')} without an answer, ${count('retry')} to try again.`
}
