// Performance marks for bench/ui/payments.bench.ts, recorded only when the page was opened with
// `?bench`: `payments.received` when a list reply resolves, `payments.committed` when React has
// committed the rows, `payments.painted` at the next animation frame after that commit.

const ENABLED = typeof location !== 'undefined' && new URLSearchParams(location.search).has('bench')

export function benchMark(name: 'payments.received' | 'payments.commit'): void {
  if (!ENABLED) return
  if (name === 'payments.received') {
    performance.mark('payments.received')
    return
  }
  performance.mark('payments.committed')
  requestAnimationFrame(() => performance.mark('payments.painted'))
}
