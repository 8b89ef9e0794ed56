// Standalone sandbox: `npm run sandbox -- --port 4010 --payments 1200 --key test_abc --key access_xyz`.
// The prefix of each key decides its kind and mode (test_/live_ API keys, access_ organization tokens).
import { parseArgs } from 'node:util'
import { parseMoment } from './clock'
import { startSandbox, type RunningSandbox, type SandboxOptions } from './index'

const USAGE = `Usage: tsx src/sandbox/cli.ts [options]
  --host <host>          default 127.0.0.1
  --port <port>          default 0 (ephemeral)
  --payments <n>         test-mode payments to seed (default 1200; live gets n/10)
  --seed <n>             PRNG seed: the same seed gives the same data, ids and profile
                         (default: random per launch; the banner prints the one in use)
  --prng-seed <n>        the same as --seed (older name)
  --key <secret>         credential, repeatable (default: one generated test_ key); an
                         access_ token may name its permissions: access_xyz:payments.read,refunds.read
  --admin-token <token>  admin bearer token (default: generated)
  --clock <moment>       start the sandbox clock at this ISO 8601 date or moment (default: now);
                         move it later with POST /__admin/clock
  --allow-local-webhooks accept and call webhook URLs on this machine or a private network
  --tls                  serve HTTPS with a self-signed certificate (made once, then reused)
  --tls-dir <dir>        where the certificate and key are kept (default .sandbox-tls)
  --allow-host <name>    a host name requests may use besides IP addresses and localhost
                         (e.g. a proxy in front); repeatable. Other names get 421.
  --read-q <n> --read-burst <n> --write-q <n> --write-burst <n>   quotas for both modes
`

function integer(name: string, value: string | undefined): number | undefined {
  if (value === undefined) return undefined
  if (!/^\d+$/.test(value)) throw new Error(`--${name} must be a non-negative integer, got ${value}`)
  return Number(value)
}

/** What the CLI prints once the sandbox listens. */
function banner(sandbox: RunningSandbox): string[] {
  return [
    `Sandbox listening`,
    `  base URL:    ${sandbox.baseUrl}`,
    `  profile:     ${sandbox.profileId}`,
    `  seed:        ${sandbox.seed} (start with --seed ${sandbox.seed} for the same data)`,
    `  admin token: ${sandbox.adminToken}`,
    ...(sandbox.tls
      ? [
          `  certificate: ${sandbox.tls.certPath} (${sandbox.tls.created ? 'new' : 'reused'}; covers ${sandbox.tls.names.join(', ')})`,
          ...(sandbox.tls.replacedExposedKey
            ? [
                '  note:        the old key could be read or changed by other users, so a new key and certificate replace it; trust the new one',
              ]
            : []),
          `  SHA-256:     ${sandbox.tls.fingerprint256}`,
          `  trust it:    NODE_EXTRA_CA_CERTS=${sandbox.tls.certPath}`,
          `  official Node client: SANDBOX_CA_CERT=${sandbox.tls.certPath} node --import ./src/sandbox/trust.mjs …`,
        ]
      : []),
    `  credentials:`,
    ...sandbox.credentials.map(
      (c) =>
        `    ${c.secret}  (${c.kind}${c.mode ? `, ${c.mode}` : ''}${c.permissions ? `; only ${[...c.permissions].join(', ')}` : ''})`,
    ),
  ]
}

async function main(): Promise<void> {
  const { values } = parseArgs({
    options: {
      host: { type: 'string' },
      port: { type: 'string' },
      payments: { type: 'string' },
      seed: { type: 'string' },
      'prng-seed': { type: 'string' },
      key: { type: 'string', multiple: true },
      'admin-token': { type: 'string' },
      clock: { type: 'string' },
      tls: { type: 'boolean' },
      'allow-local-webhooks': { type: 'boolean' },
      'tls-dir': { type: 'string' },
      'allow-host': { type: 'string', multiple: true },
      'read-q': { type: 'string' },
      'read-burst': { type: 'string' },
      'write-q': { type: 'string' },
      'write-burst': { type: 'string' },
      help: { type: 'boolean' },
    },
  })
  if (values.help) {
    process.stdout.write(USAGE)
    return
  }
  const options: SandboxOptions = {
    host: values.host,
    port: integer('port', values.port),
    seedPayments: integer('payments', values.payments),
    seed: integer('seed', values.seed) ?? integer('prng-seed', values['prng-seed']),
    keys: values.key,
    adminToken: values['admin-token'],
    allowedHosts: values['allow-host'],
    allowLocalWebhooks: values['allow-local-webhooks'] === true,
  }
  if (values.clock !== undefined) {
    const ms = parseMoment(values.clock)
    if (ms === null) throw new Error(`--clock must be an ISO 8601 date or moment with a zone, got ${values.clock}`)
    options.clockStartMs = ms
  }
  if (values.tls || values['tls-dir'] !== undefined) options.tls = { dir: values['tls-dir'] ?? '.sandbox-tls' }
  const readQ = integer('read-q', values['read-q'])
  const readBurst = integer('read-burst', values['read-burst'])
  const writeQ = integer('write-q', values['write-q'])
  const writeBurst = integer('write-burst', values['write-burst'])
  if (readQ !== undefined || readBurst !== undefined || writeQ !== undefined || writeBurst !== undefined) {
    const read = { q: readQ ?? 25, burst: readBurst ?? 50 }
    const write = { q: writeQ ?? 5, burst: writeBurst ?? 10 }
    options.quotas = { test: { read, write }, live: { read, write } }
  }
  const sandbox = await startSandbox(options)
  process.stdout.write(`${banner(sandbox).join('\n')}\n`)
  const stop = () => {
    sandbox.close().then(
      () => process.exit(0),
      () => process.exit(1),
    )
  }
  process.once('SIGINT', stop)
  process.once('SIGTERM', stop)
}

main().catch((error: unknown) => {
  process.stderr.write(`${error instanceof Error ? error.message : String(error)}\n${USAGE}`)
  process.exit(2)
})
