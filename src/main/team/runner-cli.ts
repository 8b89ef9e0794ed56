// `npm run team -- --db postgres://runner@host:5432/team --api https://api.example.com/v2 [--key-file FILE] [--sync-every SECONDS]`
// `npm run team -- --store-key` (reads the key from standard input into the runner's keychain)
// The team runner (issue 51): the one place a team's write-capable key lives. It sends the refunds
// the desks ask for (within their limit, or approved by a lead) and records each answer, and walks the
// merchant into the team's shared search index (the desks then do not walk the service at all).
import { parseArgs } from 'node:util'
import { createApiClient } from '../api/client'
import { createKeytarSecretStore, loadKeytar } from '../secrets/keytar-store'
import { keyFromFile, keyFromKeychain, RUNNER_KEYCHAIN, runnerCredential } from './runner-key'
import { startRunner } from './runner-process'
import { teamConnection } from './team-connection'

const USAGE = `Usage:
  npm run team -- --db postgres://runner@host:5432/team --api https://api.example.com/v2 [--key-file FILE]
       [--sync-every SECONDS]   (the shared search index's sync; default 300, as a desk's own index)
  npm run team -- --store-key        (reads the write key from standard input into this user's keychain)
The runner's database login is made with: npm run team:setup -- --db <admin url> --agent runner --role runner
Its password comes from the connection string or PGPASSWORD. Without --key-file the key is read from the
keychain; a key file must be readable by this user only (chmod 600).`

async function readStdin(): Promise<string> {
  let text = ''
  for await (const chunk of process.stdin) text += String(chunk)
  return text.trim()
}

async function main(): Promise<number> {
  const { values } = parseArgs({
    options: {
      db: { type: 'string' },
      api: { type: 'string' },
      'key-file': { type: 'string' },
      'store-key': { type: 'boolean' },
      'sync-every': { type: 'string' },
    },
  })
  if (values['store-key']) {
    const store = createKeytarSecretStore(await loadKeytar(), { service: RUNNER_KEYCHAIN.service })
    const key = runnerCredential(await readStdin(), 'Standard input')
    await store.set(RUNNER_KEYCHAIN.account, key.secret)
    console.log(
      `The key is in this user's keychain ("${RUNNER_KEYCHAIN.service}"); start the runner without --key-file.`,
    )
    return 0
  }
  if (!values.db || !values.api) {
    console.error(USAGE)
    return 2
  }
  const credential = values['key-file']
    ? keyFromFile(values['key-file'])
    : await keyFromKeychain(createKeytarSecretStore(await loadKeytar(), { service: RUNNER_KEYCHAIN.service }))
  const client = createApiClient({ baseUrl: values.api, getCredential: async () => credential })
  const { config } = teamConnection(values.db, process.env.PGPASSWORD ?? null, 15_000)
  const syncEvery = Number(values['sync-every'] ?? 300)
  if (!Number.isFinite(syncEvery) || syncEvery < 5) {
    console.error('--sync-every takes a number of seconds, 5 or more.')
    return 2
  }
  const runner = await startRunner({
    config,
    api: {
      getPayment: (id) => client.getPayment(id, { embed: ['refunds', 'chargebacks'], priority: 'user' }),
      createRefund: (paymentId, body, idempotencyKey) =>
        client.createRefund(paymentId, body, { idempotencyKey, priority: 'user' }),
    },
    log: (line) => console.log(`${new Date().toISOString()} ${line}`),
    index: { client, everyMs: syncEvery * 1000 },
  })
  console.log(
    `The team runner is running: it sends the refunds the desks ask for and syncs the shared index every ${syncEvery} s. Stop it with Ctrl+C.`,
  )
  await new Promise<void>((resolve) => {
    process.once('SIGINT', resolve)
    process.once('SIGTERM', resolve)
  })
  await runner.stop()
  return 0
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(error instanceof Error ? error.message : String(error))
    process.exit(2)
  },
)
