// A throwaway PostgreSQL cluster for tests and benchmarks (issue 50): Debian's postgresql package
// (initdb and pg_ctl) on a temporary folder and a free loopback port, password logins (scram) so a
// refused login can be tested, torn down afterwards. As root the cluster runs as the `postgres` user
// (PostgreSQL refuses to run as root). About 2 s to start.
import { execFileSync } from 'node:child_process'
import { randomBytes } from 'node:crypto'
import { chmodSync, chownSync, existsSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs'
import { createServer } from 'node:net'
import os from 'node:os'
import path from 'node:path'

export interface TestCluster {
  port: number
  /** The superuser's connection string (the team's admin in the tests). */
  adminUrl: string
  /** A connection string for `user` with `password` on the same database. */
  urlFor(user: string, password: string): string
  stop(): void
  start(): void
  destroy(): void
}

/** The folder of initdb and pg_ctl: PAYDESK_PG_BIN, or the newest Debian install. */
export function postgresBin(): string | null {
  const fromEnv = process.env.PAYDESK_PG_BIN
  if (fromEnv && existsSync(path.join(fromEnv, 'pg_ctl'))) return fromEnv
  const root = '/usr/lib/postgresql'
  if (!existsSync(root)) return null
  const versions = readdirSync(root)
    .filter((v) => /^\d+$/.test(v) && existsSync(path.join(root, v, 'bin', 'pg_ctl')))
    .sort((a, b) => Number(b) - Number(a))
  return versions[0] ? path.join(root, versions[0], 'bin') : null
}

/** A free TCP port on loopback. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer()
    server.once('error', reject)
    server.listen(0, '127.0.0.1', () => {
      const address = server.address()
      server.close(() =>
        typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port')),
      )
    })
  })
}

function postgresUser(): { uid: number; gid: number } | null {
  if (process.getuid?.() !== 0) return null
  const id = (flag: string) => Number(execFileSync('id', [flag, 'postgres'], { encoding: 'utf8' }).trim())
  return { uid: id('-u'), gid: id('-g') }
}

export interface ClusterOptions {
  /** fsync off: faster, for tests (a benchmark keeps it on). */
  fast?: boolean
  maxConnections?: number
}

export async function startTestCluster(options: ClusterOptions = {}): Promise<TestCluster> {
  const bin = postgresBin()
  if (bin === null) throw new Error('PostgreSQL is not installed: apt-get install postgresql (see .ci/run).')
  const port = await freePort()
  const dir = mkdtempSync(path.join(os.tmpdir(), 'paydesk-pg-'))
  const data = path.join(dir, 'data')
  const password = randomBytes(18).toString('base64url')
  const owner = postgresUser()
  const run = (tool: string, args: string[]) => {
    const full = path.join(bin, tool)
    const [command, commandArgs] = owner ? ['runuser', ['-u', 'postgres', '--', full, ...args]] : [full, args]
    execFileSync(command, commandArgs, { stdio: ['ignore', 'pipe', 'pipe'], cwd: dir })
  }
  writeFileSync(path.join(dir, 'pw'), password)
  if (owner) {
    chownSync(dir, owner.uid, owner.gid)
    chownSync(path.join(dir, 'pw'), owner.uid, owner.gid)
  }
  chmodSync(dir, 0o700)
  run('initdb', [
    '-D',
    data,
    '-U',
    'postgres',
    '--pwfile',
    path.join(dir, 'pw'),
    '-A',
    'scram-sha-256',
    '-E',
    'UTF8',
    '--locale',
    'C',
  ])
  const settings = [
    `-p ${port}`,
    `-k ${dir}`,
    '-c listen_addresses=127.0.0.1',
    `-c max_connections=${options.maxConnections ?? 120}`,
    ...(options.fast === false ? [] : ['-c fsync=off', '-c synchronous_commit=off', '-c full_page_writes=off']),
  ].join(' ')
  const start = () =>
    run('pg_ctl', ['-D', data, '-o', settings, '-l', path.join(dir, 'log'), '-w', '-t', '30', 'start'])
  const stop = () => run('pg_ctl', ['-D', data, '-m', 'fast', '-w', 'stop'])
  start()
  let running = true
  const urlFor = (user: string, pw: string) =>
    `postgres://${encodeURIComponent(user)}:${encodeURIComponent(pw)}@127.0.0.1:${port}/postgres`
  return {
    port,
    adminUrl: urlFor('postgres', password),
    urlFor,
    stop() {
      if (running) stop()
      running = false
    },
    start() {
      if (!running) start()
      running = true
    },
    destroy() {
      try {
        if (running) stop()
      } finally {
        running = false
        rmSync(dir, { recursive: true, force: true })
      }
    },
  }
}
