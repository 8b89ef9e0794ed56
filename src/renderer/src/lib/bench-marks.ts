// Performance marks for the UI benchmarks, recorded only when the page was opened with `?bench`.
// bench/ui/payments.bench.ts: `payments.received` when a list reply arrives over IPC (before its
// JSON is parsed), `payments.committed` when React has committed the rows, `payments.frame` at the
// start of the frame that shows them, `payments.painted` once that frame has been painted,
// `payments.frame-after` one frame later (double rAF).
// bench/ui/search.bench.ts: `search.received` when a search box query's reply arrives over IPC, to
// split a keystroke's time into the round trip to main and the page's own part.

const ENABLED = typeof location !== 'undefined' && new URLSearchParams(location.search).has('bench')

/** Whether the page records the marks (opened with `?bench`). */
export const BENCH_MARKS = ENABLED

export function benchMark(name: 'payments.received' | 'payments.commit' | 'search.received'): void {
  if (!ENABLED) return
  if (name !== 'payments.commit') {
    performance.mark(name)
    return
  }
  performance.mark('payments.committed')
  // Presented: a task posted from the next frame's requestAnimationFrame runs once that frame has
  // been painted; `payments.frame-after` one frame later (double rAF) for comparison.
  requestAnimationFrame((frameStart) => {
    // The frame's own start (its rAF time): the paint splits into the wait for it and its work.
    performance.mark('payments.frame', { startTime: frameStart })
    const channel = new MessageChannel()
    channel.port1.onmessage = () => performance.mark('payments.painted')
    channel.port2.postMessage(null)
    requestAnimationFrame(() => performance.mark('payments.frame-after'))
  })
}
