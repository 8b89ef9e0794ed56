// What a search filters by (status, method, created time) for every full-text row, held in main's
// memory beside the keys table (schema.ts) and written with it (writes.ts). A walk of a word's
// matches with a filter ("failed to", "paid id") asks one SQL function per match, which finds the row
// here by its time key (an open-addressing hash of typed arrays, one or two probes), instead of a
// join that reads the keys table's row (a B-tree seek per match: "paid id" walks 1,687 matches of
// "id" over 100,000 payments to find 13; with the join 1.2 ms back to back and 1.9 ms 20 ms apart,
// the walk alone 0.8–1.1 either way; issue 28, figures in docs/PERFORMANCE.md).
// Written by hand: no library keeps numbers in typed arrays by a 53-bit integer key with deletion.
import type { DatabaseSync } from 'node:sqlite'
import type { QueryBudget } from '../query-budget'

/** The condition a walk of the full-text table (alias `f`) adds: the row passes the filter, within the budget. */
export const KEEPS_ROW = 'paydesk_keeps_row(f.rowid)'

/** A query's filters, as query.ts reads them from the parsed query. */
interface RowFilter {
  statuses: readonly string[]
  methods: readonly string[]
  range?: { fromMs: number; toMs: number } | undefined
}

const MIN_CAPACITY = 1024
/** No method: a code no method gets. */
const NO_METHOD = -1

/** A small whole number per distinct text (a status, a method), given when first seen. */
function codeOf(codes: Map<string, number>, text: string): number {
  let code = codes.get(text)
  if (code === undefined) {
    code = codes.size
    codes.set(text, code)
  }
  return code
}

/**
 * Where a time key's search starts in a table of `capacity` slots (a power of two): Fibonacci hashing
 * of its low and high 32 bits, which spreads keys of the same second (consecutive numbers) apart.
 */
export function homeSlot(tkey: number, capacity: number): number {
  const low = tkey % 4_294_967_296
  const high = (tkey - low) / 4_294_967_296
  return (Math.imul((low ^ Math.imul(high, 0x85ebca6b)) | 0, 0x9e3779b1) >>> 0) & (capacity - 1)
}

/**
 * The filtered columns of one table's full-text rows, by time key. Linear probing in a table kept at
 * most half full; a removed row's followers are shifted back (no tombstones), so a lookup stops at
 * the first empty slot.
 */
export class FilterColumns {
  private capacity = MIN_CAPACITY
  private keys = new Float64Array(MIN_CAPACITY).fill(Number.NaN)
  private statuses = new Int32Array(MIN_CAPACITY)
  private methods = new Int32Array(MIN_CAPACITY)
  private created = new Float64Array(MIN_CAPACITY)
  private count = 0
  private readonly statusCodes = new Map<string, number>()
  private readonly methodCodes = new Map<string, number>()
  /**
   * A write that changed these columns failed and its transaction was rolled back: they may hold what
   * the keys table no longer does, and are read again from it before the next search (query.ts).
   */
  stale = false

  get size(): number {
    return this.count
  }

  private home(tkey: number): number {
    return homeSlot(tkey, this.capacity)
  }

  /** The slot holding `tkey`, or the empty slot where it would go. */
  private slot(tkey: number): number {
    const mask = this.capacity - 1
    let i = this.home(tkey)
    for (;;) {
      const k = this.keys[i] ?? Number.NaN
      if (k === tkey || Number.isNaN(k)) return i
      i = (i + 1) & mask
    }
  }

  set(tkey: number, status: string, method: string | null, createdMs: number): void {
    if ((this.count + 1) * 2 > this.capacity) this.resize(this.capacity * 2)
    const i = this.slot(tkey)
    if (Number.isNaN(this.keys[i] ?? Number.NaN)) {
      this.keys[i] = tkey
      this.count++
    }
    this.statuses[i] = codeOf(this.statusCodes, status)
    this.methods[i] = method === null ? NO_METHOD : codeOf(this.methodCodes, method)
    this.created[i] = createdMs
  }

  delete(tkey: number): void {
    const mask = this.capacity - 1
    let hole = this.slot(tkey)
    if (Number.isNaN(this.keys[hole] ?? Number.NaN)) return
    this.count--
    // Later rows of the same run that could live in the hole move back into it.
    for (let j = (hole + 1) & mask; ; j = (j + 1) & mask) {
      const k = this.keys[j] ?? Number.NaN
      if (Number.isNaN(k)) break
      const home = this.home(k)
      // `k` may move to the hole when its home is not cyclically within (hole, j].
      const movable = hole <= j ? home <= hole || home > j : home <= hole && home > j
      if (!movable) continue
      this.keys[hole] = k
      this.statuses[hole] = this.statuses[j] ?? 0
      this.methods[hole] = this.methods[j] ?? NO_METHOD
      this.created[hole] = this.created[j] ?? 0
      hole = j
    }
    this.keys[hole] = Number.NaN
  }

  clear(): void {
    this.capacity = MIN_CAPACITY
    this.allocate()
    this.count = 0
    this.statusCodes.clear()
    this.methodCodes.clear()
    this.stale = false
  }

  /** Every row again from the keys table (after a failed write, see `stale`). */
  reload(db: DatabaseSync, keysTable: string): void {
    this.clear()
    this.stale = true
    const rows = db.prepare(`SELECT tkey, status, method, created_ms FROM ${keysTable}`).iterate() as Iterable<{
      tkey: number
      status: string
      method: string | null
      created_ms: number
    }>
    for (const r of rows) this.set(r.tkey, r.status, r.method, r.created_ms)
    this.stale = false
  }

  /**
   * Whether a row passes a filter, as the SQL `status IN (…) AND method IN (…) AND created_ms >= from
   * AND created_ms < to` would on its keys row: a row without a method passes no method filter; a time
   * key not held passes nothing.
   */
  matcher(filter: RowFilter): (tkey: number) => boolean {
    const wanted = (texts: readonly string[], codes: Map<string, number>) => {
      const held = new Set<number>()
      for (const text of texts) {
        const code = codes.get(text)
        if (code !== undefined) held.add(code)
      }
      return held
    }
    const statuses = filter.statuses.length > 0 ? wanted(filter.statuses, this.statusCodes) : null
    const methods = filter.methods.length > 0 ? wanted(filter.methods, this.methodCodes) : null
    const from = filter.range?.fromMs ?? Number.NEGATIVE_INFINITY
    const to = filter.range?.toMs ?? Number.POSITIVE_INFINITY
    return (tkey) => {
      const i = this.slot(tkey)
      if (Number.isNaN(this.keys[i] ?? Number.NaN)) return false
      if (statuses && !statuses.has(this.statuses[i] ?? -2)) return false
      if (methods && !methods.has(this.methods[i] ?? -2)) return false
      const created = this.created[i] ?? Number.NaN
      return created >= from && created < to
    }
  }

  private allocate(): void {
    this.keys = new Float64Array(this.capacity).fill(Number.NaN)
    this.statuses = new Int32Array(this.capacity)
    this.methods = new Int32Array(this.capacity)
    this.created = new Float64Array(this.capacity)
  }

  private resize(capacity: number): void {
    const old = { keys: this.keys, statuses: this.statuses, methods: this.methods, created: this.created }
    this.capacity = capacity
    this.allocate()
    for (let j = 0; j < old.keys.length; j++) {
      const k = old.keys[j] ?? Number.NaN
      if (Number.isNaN(k)) continue
      const i = this.slot(k)
      this.keys[i] = k
      this.statuses[i] = old.statuses[j] ?? 0
      this.methods[i] = old.methods[j] ?? NO_METHOD
      this.created[i] = old.created[j] ?? 0
    }
  }
}

/** The SQL function behind KEEPS_ROW: the filter of the statement running, set around it. */
export interface RowCheck {
  /** Runs `work` (one statement's rows) with `keeps` as the filter KEEPS_ROW applies. */
  during<T>(keeps: (tkey: number) => boolean, work: () => T): T
}

export function installRowCheck(db: DatabaseSync, budget: Pick<QueryBudget, 'tick'>): RowCheck {
  let current: ((tkey: number) => boolean) | null = null
  db.function('paydesk_keeps_row', { deterministic: false, directOnly: true }, (tkey) => {
    budget.tick()
    if (!current) throw new Error('No search filter is set.')
    return typeof tkey === 'number' && current(tkey) ? 1 : 0
  })
  return {
    during(keeps, work) {
      const before = current
      current = keeps
      try {
        return work()
      } finally {
        current = before
      }
    },
  }
}
