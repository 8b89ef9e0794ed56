// Small statistics for the benchmarks: every run is printed, so these only summarise.

export function median(values: readonly number[]): number {
  const s = [...values].sort((a, b) => a - b)
  if (s.length === 0) return NaN
  const mid = s.length >> 1
  return s.length % 2 ? (s[mid] ?? NaN) : ((s[mid - 1] ?? NaN) + (s[mid] ?? NaN)) / 2
}

/** Nearest-rank percentile (p in 0..100); NaN for no values. */
export function percentile(values: readonly number[], p: number): number {
  const s = [...values].sort((a, b) => a - b)
  if (s.length === 0) return NaN
  return s[Math.min(s.length - 1, Math.max(0, Math.ceil((p / 100) * s.length) - 1))] ?? NaN
}

export const round = (n: number, d = 1): number => Math.round(n * 10 ** d) / 10 ** d

/** min / median / max of one figure over the runs. */
export interface Spread {
  min: number
  median: number
  max: number
}

export function spread(values: readonly number[], d = 1): Spread {
  return {
    min: round(Math.min(...values), d),
    median: round(median(values), d),
    max: round(Math.max(...values), d),
  }
}

/** Prints rows of columns, padded to the widest cell of each column. */
export function printTable(header: string[], rows: string[][]): void {
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => (r[i] ?? '').length)))
  const line = (cells: string[]) =>
    cells
      .map((c, i) => c.padEnd(widths[i] ?? 0))
      .join('  ')
      .trimEnd()
  console.log(line(header))
  for (const r of rows) console.log(line(r))
}
