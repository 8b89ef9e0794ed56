// Refund limits and four-eyes approval on two desks (issue 51): two apps (the built renderer in
// Chromium on the real services) on one PostgreSQL team database with a team runner. Anna, an agent,
// refunds above her limit from the refund dialog: it waits for a lead; Lena, a lead, approves it on
// her own desk's Home with the keyboard; the runner sends it, and Anna's desk tells her it is done.
import { randomBytes } from 'node:crypto'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startRunner, type RunningRunner } from '../../src/main/team/runner-process'
import { addAgent, setRefundLimit } from '../../src/main/team/team-admin'
import type { Payment } from '../../src/shared/api-types'
import { startTestTeam, type TestTeam } from '../integration/helpers/team-cluster'
import { present } from '../helpers/present'
import { axeViolations } from './axe'
import { startHarness, type Harness } from './harness'

const SANDBOX = { seed: 5151, seedPayments: 40 }

let team: TestTeam
let anna: Harness
let lena: Harness
let runner: RunningRunner
let payment: Payment

async function startDesk(name: string, desk: string): Promise<Harness> {
  const h = await startHarness({
    name,
    deps: {
      sandboxOptions: SANDBOX,
      search: { autoSync: false },
      team: { identity: { login: `${name}-os`, desk }, retryDelayMs: () => 100 },
    },
  })
  await h.services.record.connect({
    connectionString: `postgres://${name}@127.0.0.1:${team.cluster.port}/postgres`,
    password: team.password(name),
  })
  return h
}

describe('a refund above the limit, approved by a lead on her own desk', () => {
  beforeAll(async () => {
    team = await startTestTeam({ fast: true })
    const admin = await team.admin()
    const runnerPassword = randomBytes(12).toString('hex')
    await addAgent(admin, 'runner', 'runner', runnerPassword)
    await setRefundLimit(admin, { role: 'agent', currency: 'EUR', perRefund: '5.00', perDay: '5.00' })
    anna = await startDesk('anna', 'desk-a')
    lena = await startDesk('lena', 'desk-l')
    // The runner sends to Anna's desk's sandbox (each harness has its own, seeded alike).
    const client = await anna.services.connections.getActiveClient()
    const page = await client.listPayments({ limit: 250 })
    payment = present(
      page._embedded.payments.find(
        (p) =>
          p.status === 'paid' &&
          p.amount.currency === 'EUR' &&
          Number((p.amountRemaining ?? p.amount).value) >= 20 &&
          !p.amountRefunded?.value.match(/[1-9]/),
      ),
      'a paid EUR payment with €20 left',
    )
    runner = await startRunner({
      config: { connectionString: team.cluster.urlFor('runner', runnerPassword) },
      api: {
        getPayment: (id) => client.getPayment(id, { embed: ['refunds', 'chargebacks'] }),
        createRefund: (id, body, idempotencyKey) => client.createRefund(id, body, { idempotencyKey }),
      },
      pollMs: 500,
    })
  }, 120_000)

  afterAll(async () => {
    await runner?.stop()
    await anna?.close()
    await lena?.close()
    await team?.destroy()
  })

  it('waits for a lead, is approved with the keyboard on the lead’s Home, and is then done on Anna’s desk', async () => {
    await anna.page.keyboard.press('Control+k')
    await anna.page.getByTestId('search-input').fill(payment.id)
    await expect.poll(() => anna.page.getByTestId('search-direct').textContent()).toContain(payment.id)
    await anna.page.keyboard.press('Enter')
    await expect.poll(() => anna.page.getByTestId('payment-detail').textContent()).toContain(payment.id)
    await anna.page.getByTestId('action-refund').click()
    await anna.page.getByTestId('refund-dialog').waitFor()
    await anna.page.getByTestId('refund-amount').fill('12.00')
    await anna.page.getByTestId('refund-dialog-confirm').click()
    const done = anna.page.getByTestId('action-done')
    await expect.poll(() => done.textContent()).toContain('Refund of €12.00 asked for: Waiting for approval by a lead.')
    await anna.screenshot('team-refund-waiting')

    await lena.page.keyboard.press('Control+0')
    const approvals = lena.page.getByTestId('approvals')
    await expect.poll(() => approvals.textContent()).toMatch(/anna asks: Refund of €12\.00 on/)
    expect(await axeViolations(lena.page)).toEqual([])
    await lena.screenshot('team-waiting-for-approval')
    await approvals.getByRole('button', { name: 'Approve' }).focus()
    await lena.page.keyboard.press('Enter')
    await expect
      .poll(() => lena.page.getByRole('status').allTextContents())
      .toContain('Approved: the team runner sends it.')

    await expect
      .poll(() => done.textContent(), { timeout: 15_000 })
      .toMatch(/asked for: Sent: the service made refund re_\w+ of €12\.00 on tr_\w+, now \w+/)
    const client = await anna.services.connections.getActiveClient()
    const refunds = await client.listRefunds(payment.id)
    expect(refunds._embedded.refunds.map((r) => r.amount.value)).toEqual(['12.00'])
    // The lead's approval is in the action record beside the refund the runner sent (issue 50 item 2).
    await lena.services.record.settled()
    const recorded = await lena.services.record.actionsFor({ kind: 'payment', id: payment.id })
    expect(
      recorded.filter((r) => r.action === 'approve').map((r) => [r.agent, r.amount?.value, r.outcome.result]),
    ).toEqual([['lena', '12.00', 'done']])
    await anna.screenshot('team-refund-done')
  })
})
