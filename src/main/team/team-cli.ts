// `npm run team:setup -- --db <admin url> [--agent NAME --role agent|lead|viewer [--password-stdin]]
//                       [--remove-agent NAME]`
//                       [--limit ROLE:CURRENCY:PER_REFUND:PER_DAY]
// `npm run team:verify -- --db <url>`
// Setup creates (or brings up to date) the schema, the three roles and their grants, and adds or
// removes an agent; an added agent's password is printed once (or read from standard input).
// Verify walks the action record's hash chain and names every row that does not verify; it exits
// with 1 when one does not, 2 when it could not run.
import { parseArgs } from 'node:util'
import pg from 'pg'
import {
  addAgent,
  newPassword,
  removeAgent,
  setRefundLimit,
  setUpTeamDatabase,
  TEAM_ROLES,
  verifyTeamRecord,
  type TeamRole,
} from './team-admin'
import { teamConnection } from './team-connection'

const USAGE = `Usage:
  npm run team:setup -- --db postgres://admin@host:5432/team [--agent NAME --role agent|lead|viewer [--password-stdin]]
  npm run team:setup -- --db postgres://admin@host:5432/team --remove-agent NAME
  npm run team:setup -- --db postgres://admin@host:5432/team --limit agent:EUR:100.00:500.00
    (an agent refunds up to €100.00 a refund and €500.00 a day without a lead's approval; repeatable)
  npm run team:verify -- --db postgres://lead@host:5432/team
The password of --db comes from the connection string or the PGPASSWORD variable.`

async function readStdin(): Promise<string> {
  let text = ''
  for await (const chunk of process.stdin) text += String(chunk)
  return text.replace(/\r?\n$/, '')
}

async function connect(url: string): Promise<pg.Client> {
  const { config } = teamConnection(url, process.env.PGPASSWORD ?? null, 15_000)
  const client = new pg.Client({ ...config, application_name: 'paydesk-admin' })
  await client.connect()
  return client
}

async function setup(
  client: pg.Client,
  values: Record<string, string | boolean | string[] | undefined>,
): Promise<void> {
  const applied = await setUpTeamDatabase(client)
  console.log(
    applied.length ? `Schema set up (migrations ${applied.join(', ')} applied).` : 'Schema already up to date.',
  )
  for (const text of (values.limit as string[] | undefined) ?? []) {
    const [role, currency, perRefund, perDay, ...rest] = text.split(':')
    if ((role !== 'agent' && role !== 'lead') || !currency || !perRefund || !perDay || rest.length > 0) {
      throw new Error(`--limit ${text}: write ROLE:CURRENCY:PER_REFUND:PER_DAY, e.g. agent:EUR:100.00:500.00.`)
    }
    await setRefundLimit(client, { role, currency, perRefund, perDay })
    console.log(
      `A${role === 'agent' ? 'n' : ''} ${role} refunds up to ${perRefund} ${currency} a refund and ${perDay} ${currency} a day without a lead's approval.`,
    )
  }
  if (typeof values['remove-agent'] === 'string') {
    const login = values['remove-agent']
    const { sessionsEnded } = await removeAgent(client, login)
    console.log(
      `${login} can no longer sign in (${sessionsEnded} open sessions ended); their notes and record rows stay.`,
    )
  }
  if (typeof values.agent === 'string') {
    const role = (values.role ?? 'agent') as TeamRole
    if (!TEAM_ROLES.includes(role)) throw new Error(`--role must be one of ${TEAM_ROLES.join(', ')}.`)
    const password = values['password-stdin'] ? await readStdin() : newPassword()
    if (password.length < 12) throw new Error('The password must be at least 12 characters.')
    await addAgent(client, values.agent, role, password)
    console.log(`${values.agent} is a${role === 'agent' ? 'n' : ''} ${role} of the team.`)
    if (!values['password-stdin']) {
      console.log(`Password (shown once; ${values.agent} enters it under Connections → Team database): ${password}`)
    }
  }
}

async function main(): Promise<number> {
  const [command, ...rest] = process.argv.slice(2)
  const { values } = parseArgs({
    args: rest,
    options: {
      db: { type: 'string' },
      agent: { type: 'string' },
      role: { type: 'string' },
      'remove-agent': { type: 'string' },
      'password-stdin': { type: 'boolean' },
      limit: { type: 'string', multiple: true },
    },
  })
  if ((command !== 'setup' && command !== 'verify') || !values.db) {
    console.error(USAGE)
    return 2
  }
  const client = await connect(values.db)
  try {
    if (command === 'setup') {
      await setup(client, values)
      return 0
    }
    const report = await verifyTeamRecord(client)
    for (const problem of report.problems) console.log(problem.sentence)
    console.log(
      report.problems.length === 0
        ? `All ${report.rows} rows of the action record verify.`
        : `${report.problems.length} problem(s) in ${report.rows} rows: the rows named above do not verify.`,
    )
    return report.problems.length === 0 ? 0 : 1
  } finally {
    await client.end()
  }
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(error instanceof Error ? error.message : String(error))
    process.exit(2)
  },
)
