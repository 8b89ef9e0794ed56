// Small fakes for the renderer stores' unit tests: timers that run only when the test says so, and
// a promise the test settles by hand (to answer calls out of order).
import type { StoreTimers } from '../../../src/renderer/src/stores/clock'

export interface ManualTimers extends StoreTimers {
  /** The delays asked for, in order. */
  delays: number[]
  pending(): number
  /** Runs every timer due now (not the ones they set). */
  runAll(): void
}

export function manualTimers(): ManualTimers {
  let next = 1
  const delays: number[] = []
  const timers = new Map<number, () => void>()
  return {
    setTimeout(run, ms) {
      delays.push(ms)
      const id = next++
      timers.set(id, run)
      return id
    },
    clearTimeout(handle) {
      timers.delete(handle as number)
    },
    delays,
    pending: () => timers.size,
    runAll() {
      const due = [...timers.values()]
      timers.clear()
      for (const run of due) run()
    },
  }
}

export interface Deferred<T> {
  promise: Promise<T>
  resolve(value: T): void
  reject(error: unknown): void
}

export function deferred<T>(): Deferred<T> {
  let resolve: (value: T) => void = () => undefined
  let reject: (error: unknown) => void = () => undefined
  const promise = new Promise<T>((res, rej) => {
    resolve = res
    reject = rej
  })
  return { promise, resolve, reject }
}

/** What ipc-client's IpcError carries: a code and the view main sent (with the API's error). */
export function ipcError(code: string, message: string, extra: Record<string, unknown> = {}): Error {
  return Object.assign(new Error(message), { code, view: { code, message, ...extra } })
}

/** Lets answers already settled reach the store (their `then` callbacks). */
export async function settle(): Promise<void> {
  for (let i = 0; i < 5; i++) await Promise.resolve()
}
