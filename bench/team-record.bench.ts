// bench:team-record — the team database under a team (issue 50, "Measured"): 20 and 50 desks on one
// PostgreSQL (npm run bench:team-record [-- --runs 3 --seconds 10 --desks 20,50]).
//   A fresh throwaway cluster per run (Debian's postgresql, fsync on, as a server keeps it), set up as
//   `team:setup` does, one agent login per desk. Each desk is the app's own TeamRecordStore (its
//   encrypted SQLite copy and outbox in a temporary data folder, a pool, a LISTEN connection), all in
//   this one process.
//   write        appendAction round trip on a desk (desk copy + the database's insert, chain trigger
//                and commit), while every desk writes one record every ~1 s and a note every ~3 s
//                (--write-ms, --note-ms: a team far busier than a real one, where an agent writes a
//                few times a minute), every desk hearing every other desk's writes;
//   propagation  from a desk starting writeNote to each other desk hearing of it (LISTEN/NOTIFY);
//   race         rounds where two desks, then every desk, take one new case at the same moment:
//                rounds that ended with exactly one owner (every desk told the same owner);
//   SELECT 1     a bare round trip on one more connection in the same seconds: the floor the machine
//                gives every figure above (on a shared machine, most of the write's time);
//   verify       team:verify's walk over the record; then one row edited and one deleted (with the
//                database owner's powers, around the triggers): whether verify names both.
// Every run is printed with the machine's load average and this process's event-loop delay (all the
// desks share its one thread here; on a team each desk is its own machine); --no-fsync for a
// diagnosis only. The last line is one JSON object.
import { randomBytes } from 'node:crypto'
import { monitorEventLoopDelay } from 'node:perf_hooks'
import { mkdtempSync, rmSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import pg from 'pg'
import { addAgent, setUpTeamDatabase, verifyTeamRecord } from '../src/main/team/team-admin'
import { openTeamRecordStore, type TeamRecordStore } from '../src/main/team/team-store'
import type { RecordObjectRef } from '../src/shared/team-record'
import { startTestCluster } from '../test/helpers/postgres'
import { median, percentile, printTable, round } from './lib/stats'
import { flag, numberOption, numbersOption } from './lib/args'

const RUNS = numberOption('runs', 1)
const SECONDS = numberOption('seconds', 10)
const DESKS = numbersOption('desks', '20,50')
const WRITE_MS = numberOption('write-ms', 1000)
const NOTE_MS = numberOption('note-ms', 3000)
const FSYNC = !flag('no-fsync')
const RACE_ROUNDS = 20

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))
const jitter = (ms: number) => ms * (0.5 + Math.random())

interface RunResult {
  desks: number
  load1: number
  /** This process's event-loop delay p95 (ms) during the workload: all desks share one thread here. */
  loopP95: number
  /** SELECT 1 round trip p95 (ms) on one connection during the workload: the machine's floor. */
  pingP95: number
  writes: number
  writeP50: number
  writeP95: number
  notes: number
  deliveries: number
  missed: number
  propagationP50: number
  propagationP95: number
  raceRounds: number
  raceOneOwner: number
  verifyMs: number
  verifyRows: number
  verifyCleanBefore: boolean
  detectsEdited: boolean
  detectsDeleted: boolean
}

async function openDesks(count: number, port: number, dir: string, passwords: string[]): Promise<TeamRecordStore[]> {
  const desks: TeamRecordStore[] = []
  for (let i = 0; i < count; i++) {
    desks.push(
      await openTeamRecordStore({
        url: `postgres://desk${i}@127.0.0.1:${port}/postgres`,
        password: passwords[i] ?? null,
        file: path.join(dir, `desk${i}.sqlite`),
        key: randomBytes(32),
        desk: `bench-desk-${i}`,
      }),
    )
  }
  const offline = desks.filter((d) => d.status().state !== 'connected')
  if (offline.length) throw new Error(`Desks not connected: ${offline.map((d) => d.status().sentence).join(' | ')}`)
  return desks
}

/** Every desk writes records and notes for SECONDS; returns write latencies and note propagation. */
async function workload(desks: TeamRecordStore[], ping: pg.Client) {
  const writes: number[] = []
  const propagation: number[] = []
  const started = new Map<string, { at: number; by: number; heard: number }>()
  desks.forEach((desk, index) =>
    desk.subscribe((change) => {
      if (change.kind !== 'note') return
      const note = started.get(change.object.id)
      if (!note || note.by === index) return
      note.heard += 1
      propagation.push(performance.now() - note.at)
    }),
  )
  const loop = monitorEventLoopDelay({ resolution: 10 })
  loop.enable()
  const until = performance.now() + SECONDS * 1000
  let seq = 0
  const deskLoop = async (desk: TeamRecordStore, index: number) => {
    let nextNote = performance.now() + jitter(NOTE_MS)
    await sleep(jitter(WRITE_MS))
    while (performance.now() < until) {
      const object: RecordObjectRef = { kind: 'payment', id: `tr_bench${index}x${++seq}` }
      const t0 = performance.now()
      await desk.appendAction({
        action: 'refund',
        object,
        amount: { value: '45.00', currency: 'EUR' },
        idempotencyKey: `idem-${object.id}`,
        ticket: `HD-${seq}`,
        reason: null,
        outcome: { result: 'done', status: 201, resultId: 're_bench', summary: 'Refund of €45.00 is pending.' },
      })
      writes.push(performance.now() - t0)
      if (performance.now() >= nextNote) {
        const noteObject = { kind: 'customer' as const, id: `cst_bench${index}x${seq}` }
        started.set(noteObject.id, { at: performance.now(), by: index, heard: 0 })
        await desk.writeNote(noteObject, `Called back about ${object.id}`)
        nextNote = performance.now() + jitter(NOTE_MS)
      }
      await sleep(jitter(WRITE_MS))
    }
  }
  // The floor under every figure: a SELECT 1 round trip on one connection, in the same seconds.
  const pings: number[] = []
  const pinger = async () => {
    while (performance.now() < until) {
      const t0 = performance.now()
      await ping.query('SELECT 1')
      pings.push(performance.now() - t0)
      await sleep(50)
    }
  }
  await Promise.all([...desks.map(deskLoop), pinger()])
  loop.disable()
  await sleep(1500) // the last notes' deliveries
  const expected = started.size * (desks.length - 1)
  const loopP95 = loop.percentile(95) / 1e6
  return { writes, propagation, notes: started.size, missed: expected - propagation.length, loopP95, pings }
}

/** Rounds where two desks, then all desks, take one case at once; counts rounds with one owner. */
async function race(desks: TeamRecordStore[], admin: pg.Client): Promise<{ rounds: number; oneOwner: number }> {
  let oneOwner = 0
  for (let round = 0; round < RACE_ROUNDS; round++) {
    const object: RecordObjectRef = { kind: 'order', id: `ord_race${round}x${Date.now()}` }
    const a = Math.floor(Math.random() * desks.length)
    const b = (a + 1 + Math.floor(Math.random() * (desks.length - 1))) % desks.length
    const takers = round % 2 === 0 ? [desks[a], desks[b]] : desks
    const answers = await Promise.all(takers.map((d) => d?.takeCase(object)))
    const owners = new Set(answers.map((s) => s?.owner))
    const stored = await admin.query('SELECT owner FROM paydesk.cases WHERE object_id = $1', [object.id])
    if (owners.size === 1 && stored.rowCount === 1 && owners.has(stored.rows[0]?.owner)) oneOwner += 1
  }
  return { rounds: RACE_ROUNDS, oneOwner }
}

async function verifyAndTamper(admin: pg.Client) {
  const t0 = performance.now()
  const clean = await verifyTeamRecord(admin)
  const verifyMs = performance.now() - t0
  await admin.query('SET session_replication_role = replica')
  const ids = await admin.query<{ seq: string }>(
    'SELECT seq::text AS seq FROM paydesk.action_record ORDER BY seq LIMIT 2 OFFSET 10',
  )
  const [edited, deleted] = ids.rows.map((r) => Number(r.seq))
  await admin.query(`UPDATE paydesk.action_record SET amount_value = '4500.00' WHERE seq = $1`, [edited])
  await admin.query(`DELETE FROM paydesk.action_record WHERE seq = $1`, [deleted])
  await admin.query('SET session_replication_role = origin')
  const dirty = await verifyTeamRecord(admin)
  return {
    verifyMs,
    verifyRows: clean.rows,
    verifyCleanBefore: clean.problems.length === 0,
    detectsEdited: dirty.problems.some((p) => p.seq === edited && p.problem === 'edited'),
    detectsDeleted: dirty.problems.some((p) => p.seq === (deleted ?? 0) + 1 && p.problem === 'missing-before'),
  }
}

async function run(count: number): Promise<RunResult> {
  const cluster = await startTestCluster({ fast: !FSYNC, maxConnections: count * 6 + 20 })
  const dir = mkdtempSync(path.join(os.tmpdir(), 'paydesk-bench-team-'))
  const admin = new pg.Client({ connectionString: cluster.adminUrl })
  let desks: TeamRecordStore[] = []
  try {
    await admin.connect()
    await setUpTeamDatabase(admin)
    const passwords = Array.from({ length: count }, () => randomBytes(12).toString('hex'))
    for (let i = 0; i < count; i++) await addAgent(admin, `desk${i}`, 'agent', passwords[i] ?? '')
    desks = await openDesks(count, cluster.port, dir, passwords)
    const load1 = os.loadavg()[0] ?? NaN
    const load = await workload(desks, admin)
    const raced = await race(desks, admin)
    const verified = await verifyAndTamper(admin)
    return {
      desks: count,
      load1: round(load1, 2),
      loopP95: round(load.loopP95),
      pingP95: round(percentile(load.pings, 95)),
      writes: load.writes.length,
      writeP50: round(median(load.writes)),
      writeP95: round(percentile(load.writes, 95)),
      notes: load.notes,
      deliveries: load.propagation.length,
      missed: load.missed,
      propagationP50: round(median(load.propagation)),
      propagationP95: round(percentile(load.propagation, 95)),
      raceRounds: raced.rounds,
      raceOneOwner: raced.oneOwner,
      ...verified,
      verifyMs: round(verified.verifyMs),
    }
  } finally {
    await Promise.all(desks.map((d) => d.close()))
    await admin.end().catch(() => {})
    cluster.destroy()
    rmSync(dir, { recursive: true, force: true })
  }
}

const results: RunResult[] = []
for (let r = 1; r <= RUNS; r++) {
  for (const count of DESKS) {
    const result = await run(count)
    results.push(result)
    printTable(
      [
        'run',
        'desks',
        'load1',
        'loop p95 ms',
        'SELECT 1 p95 ms',
        'writes',
        'write p50/p95 ms',
        'notes→deliveries (missed)',
        'propagation p50/p95 ms',
        'race one owner',
        'verify',
        'edited/deleted found',
      ],
      [
        [
          String(r),
          String(count),
          String(result.load1),
          String(result.loopP95),
          String(result.pingP95),
          String(result.writes),
          `${result.writeP50} / ${result.writeP95}`,
          `${result.notes}→${result.deliveries} (${result.missed})`,
          `${result.propagationP50} / ${result.propagationP95}`,
          `${result.raceOneOwner}/${result.raceRounds}`,
          `${result.verifyRows} rows ${result.verifyMs} ms ${result.verifyCleanBefore ? 'clean' : 'NOT CLEAN'}`,
          `${result.detectsEdited}/${result.detectsDeleted}`,
        ],
      ],
    )
  }
}
const byDesks = Object.fromEntries(
  DESKS.map((count) => {
    const of = results.filter((r) => r.desks === count)
    return [
      count,
      {
        writeP95Median: round(median(of.map((r) => r.writeP95))),
        pingP95Median: round(median(of.map((r) => r.pingP95))),
        propagationP95Median: round(median(of.map((r) => r.propagationP95))),
        missed: of.reduce((n, r) => n + r.missed, 0),
        raceAllOneOwner: of.every((r) => r.raceOneOwner === r.raceRounds),
        verifyDetects: of.every((r) => r.verifyCleanBefore && r.detectsEdited && r.detectsDeleted),
      },
    ]
  }),
)
const pass = Object.values(byDesks).every(
  (s) =>
    s.writeP95Median <= 20 && s.propagationP95Median <= 1000 && s.missed === 0 && s.raceAllOneOwner && s.verifyDetects,
)
console.log(
  JSON.stringify({
    bench: 'team-record',
    seconds: SECONDS,
    writeMs: WRITE_MS,
    noteMs: NOTE_MS,
    fsync: FSYNC,
    runs: results,
    byDesks,
    pass,
  }),
)
