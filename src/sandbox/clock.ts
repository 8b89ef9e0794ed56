// The sandbox clock (issue 24 item 10, docs/SANDBOX.md "The sandbox clock"): wall time plus an
// offset that a tester moves forward (CLI `--clock`, admin `POST /__admin/clock`), and the work due
// at a moment of it: refunds moving on, open payments expiring, webhook retries. Time only moves
// forward: ids grow with creation, and creation times must grow with them.

/** An ISO 8601 moment with a zone (`2026-03-01T09:00:00Z`, `…+01:00`) or a date (`2026-03-01`, UTC). */
const MOMENT = /^\d{4}-\d{2}-\d{2}(?:T\d{2}:\d{2}(?::\d{2}(?:\.\d{1,3})?)?(?:Z|[+-]\d{2}:\d{2}))?$/

/** The moment a `--clock` value or an admin `to` names, in ms; null when it is not one. */
export function parseMoment(text: string): number | null {
  if (!MOMENT.test(text)) return null
  const ms = Date.parse(text.length === 10 ? `${text}T00:00:00Z` : text)
  return Number.isFinite(ms) ? ms : null
}

interface Task {
  atMs: number
  seq: number
  run: (nowMs: number) => void
}

export class SandboxClock {
  private offsetMs = 0
  /** due work, ordered by time (then by when it was scheduled) */
  private readonly tasks: Task[] = []
  private seq = 0
  private running = false

  constructor(
    private readonly wall: () => number = Date.now,
    startMs?: number,
  ) {
    if (startMs !== undefined) this.offsetMs = startMs - wall()
  }

  /** The sandbox's present, in ms. */
  readonly now = (): number => this.wall() + this.offsetMs

  /** How far the sandbox is ahead of (or, with `--clock` in the past, behind) wall time. */
  get offset(): number {
    return this.offsetMs
  }

  /** Moves the clock forward by `ms` (>= 0) and runs what became due. */
  advance(ms: number): void {
    if (!Number.isFinite(ms) || ms < 0) throw new RangeError('the clock only moves forward')
    this.offsetMs += ms
    this.runDue()
  }

  /** Moves the clock to `ms`, which must not be earlier than now. */
  moveTo(ms: number): void {
    this.advance(ms - this.now())
  }

  /** Runs `run` once the clock reaches `atMs` (at the next request or move after it). */
  schedule(atMs: number, run: (nowMs: number) => void): void {
    const task: Task = { atMs, seq: this.seq++, run }
    // Binary search for the first task later than this one: equal times keep their order.
    let lo = 0
    let hi = this.tasks.length
    while (lo < hi) {
      const mid = (lo + hi) >>> 1
      if ((this.tasks[mid]?.atMs ?? Infinity) <= atMs) lo = mid + 1
      else hi = mid
    }
    this.tasks.splice(lo, 0, task)
  }

  /** Number of tasks still waiting. */
  get pending(): number {
    return this.tasks.length
  }

  /** Runs every task whose time has come, oldest first; tasks they schedule for now run too. */
  runDue(): void {
    if (this.running) return
    this.running = true
    try {
      const now = this.now()
      while (this.tasks.length > 0 && (this.tasks[0]?.atMs ?? Infinity) <= now) {
        const task = this.tasks.shift()
        task?.run(task.atMs)
      }
    } finally {
      this.running = false
    }
  }
}
