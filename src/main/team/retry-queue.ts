// Record rows on their way to the store, in the order they were made. A row whose write fails stays at
// the head and is tried again after a growing pause; the rows behind it wait, so the record keeps the
// order of the writes. Pushing never throws and never waits for the store.

interface RetryQueue<T> {
  push(item: T): void
  size(): number
  /** Resolves once every item pushed so far was written, or the head failed and waits for its retry. */
  settled(): Promise<void>
  /** Tries the head now instead of after its pause (the store changed). */
  kick(): void
  stop(): void
}

export function createRetryQueue<T>(options: {
  write: (item: T) => Promise<void>
  delayMs: (attempt: number) => number
  onError: (error: unknown) => void
}): RetryQueue<T> {
  const items: T[] = []
  let running: Promise<void> | null = null
  let timer: ReturnType<typeof setTimeout> | null = null
  let attempt = 0
  let stopped = false

  async function drain(): Promise<void> {
    while (items.length > 0 && !stopped) {
      const head = items[0] as T
      try {
        await options.write(head)
        items.shift()
        attempt = 0
      } catch (error) {
        options.onError(error)
        schedule()
        return
      }
    }
  }

  function schedule(): void {
    if (stopped || timer) return
    const delay = options.delayMs(attempt++)
    timer = setTimeout(() => {
      timer = null
      start()
    }, delay)
    timer.unref?.()
  }

  function start(): void {
    if (running || stopped) return
    running = drain().finally(() => {
      running = null
      // An item pushed while the last write was ending: written now.
      if (items.length > 0 && !timer) start()
    })
  }

  return {
    push(item) {
      items.push(item)
      if (!timer) start()
    },
    size: () => items.length,
    async settled() {
      while (running) await running
    },
    kick() {
      if (timer) clearTimeout(timer)
      timer = null
      attempt = 0
      start()
    },
    stop() {
      stopped = true
      if (timer) clearTimeout(timer)
      timer = null
    },
  }
}
