// Performance marks for bench/ui/payments.bench.ts, recorded only when the page was opened with
// `?bench`: `payments.received` when a list reply arrives over IPC (before its JSON is parsed),
// `payments.committed` when React has committed the rows, `payments.painted` once the frame showing
// them has been painted, `payments.frame-after` one frame later (double rAF).

const ENABLED = typeof location !== 'undefined' && new URLSearchParams(location.search).has('bench')

export function benchMark(name: 'payments.received' | 'payments.commit'): void {
  if (!ENABLED) return
  if (name === 'payments.received') {
    performance.mark('payments.received')
    return
  }
  performance.mark('payments.committed')
  // Presented: a task posted from the next frame's requestAnimationFrame runs once that frame has
  // been painted; `payments.frame-after` one frame later (double rAF) for comparison.
  requestAnimationFrame(() => {
    const channel = new MessageChannel()
    channel.port1.onmessage = () => performance.mark('payments.painted')
    channel.port2.postMessage(null)
    requestAnimationFrame(() => performance.mark('payments.frame-after'))
  })
}
