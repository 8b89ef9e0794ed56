// A desk is a team (issue 50), played by two agents on two desks: two apps (the built renderer in
// Chromium on the real services) on one PostgreSQL team database (a throwaway cluster set up as
// `team:setup` does). Anna connects under Connections → Team database, writes a note and takes the
// case; Bob sees both, and the owner; Anna's refund is told in words in Bob's timeline and named in
// Bob's refund dialog; Home lists the cases; the search finds the payment by its ticket.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Payment } from '../../src/shared/api-types'
import { startTestTeam, type TestTeam } from '../integration/helpers/team-cluster'
import { present } from '../helpers/present'
import { axeViolations } from './axe'
import { startHarness, type Harness } from './harness'

/** The same seed gives both desks' sandboxes the same payments, ids included. */
const SANDBOX = { seed: 5050, seedPayments: 40 }

let team: TestTeam
let anna: Harness
let bob: Harness
let payment: Payment

function teamUrl(login: string): string {
  return `postgres://${login}@127.0.0.1:${team.cluster.port}/postgres`
}

async function startDesk(name: string, desk: string): Promise<Harness> {
  return startHarness({
    name,
    deps: {
      sandboxOptions: SANDBOX,
      search: { autoSync: false },
      team: { identity: { login: `${name}-os`, desk }, retryDelayMs: () => 100 },
    },
  })
}

async function openPayment(h: Harness, id: string): Promise<void> {
  await h.page.keyboard.press('Control+k')
  await h.page.getByTestId('search-input').fill(id)
  await expect.poll(() => h.page.getByTestId('search-direct').textContent()).toContain(id)
  await h.page.keyboard.press('Enter')
  await expect.poll(() => h.page.getByTestId('payment-detail').textContent()).toContain(id)
  await h.page.getByTestId('record-panel').getByTestId('case-owner').waitFor()
}

/** A paid payment of the seeded set with at least €10 left to refund (the same on both desks). */
async function refundablePayment(h: Harness): Promise<Payment> {
  const client = await h.services.connections.getActiveClient()
  const page = await client.listPayments({ limit: 250 })
  const found = page._embedded.payments.find(
    (p) =>
      p.status === 'paid' &&
      p.amount.currency === 'EUR' &&
      Number((p.amountRemaining ?? p.amount).value) >= 10 &&
      !p.amountRefunded?.value.match(/[1-9]/),
  )
  return present(found, 'a paid EUR payment with nothing refunded')
}

describe('two desks on one team database', () => {
  beforeAll(async () => {
    team = await startTestTeam({ fast: true })
    anna = await startDesk('anna', 'desk-a')
    bob = await startDesk('bob', 'desk-b')
    payment = await refundablePayment(anna)
  }, 120_000)

  afterAll(async () => {
    await anna?.close()
    await bob?.close()
    await team?.destroy()
  })

  it('Anna connects under Connections → Team database: the status names her login, the password stays out of the file', async () => {
    await anna.page.keyboard.press('Control+4')
    const section = anna.page.getByTestId('team-database')
    await section.waitFor()
    await expect.poll(() => anna.page.getByTestId('team-status').textContent()).toMatch(/kept on this desk/)
    await anna.page.getByTestId('team-connection-string').fill(teamUrl('anna'))
    await anna.page.getByTestId('team-password').fill(team.password('anna'))
    await anna.page.getByTestId('team-test').click()
    await expect.poll(() => anna.page.getByTestId('team-tested').textContent()).toContain('accepts the login anna')
    await anna.page.getByTestId('team-connect').click()
    await expect
      .poll(() => anna.page.getByTestId('team-status').textContent())
      .toMatch(/^Connected as anna, \d+ colleagues? online\./)
    await expect.poll(() => anna.page.getByTestId('team-password').inputValue()).toBe('')
    expect(anna.messagesToRenderer.join('\n')).not.toContain(team.password('anna'))
    expect(await axeViolations(anna.page)).toEqual([])
    await anna.screenshot('team-database-connected')
    // Bob's desk connects the same way (here through main's service, as the Connect button does).
    const status = await bob.services.record.connect({
      connectionString: teamUrl('bob'),
      password: team.password('bob'),
    })
    expect(status.login).toBe('bob')
  })

  it('Anna writes a note and takes the case; Bob sees the note, its author and the owner', async () => {
    await openPayment(anna, payment.id)
    const note = 'Customer called twice <b>about the box</b>\nwants a partial refund'
    await anna.page.getByTestId('note-new').fill(note)
    await anna.page.getByTestId('note-save').click()
    await expect.poll(() => anna.page.getByTestId('note-text').first().innerText()).toContain('about the box')
    await anna.page.getByTestId('case-ticket').fill('4711')
    await anna.page.getByTestId('case-take').click()
    await expect
      .poll(() => anna.page.getByTestId('case-owner').textContent())
      .toMatch(/^You hold this case \(ticket 4711\)/)
    expect(await axeViolations(anna.page)).toEqual([])

    await openPayment(bob, payment.id)
    const bobPanel = bob.page.getByTestId('record-panel')
    await expect
      .poll(() => bobPanel.getByTestId('case-owner').textContent())
      .toMatch(/^anna holds this case \(ticket 4711\)/)
    await expect.poll(() => bobPanel.getByTestId('note-author').first().textContent()).toBe('anna')
    // The markup is text, shown as typed.
    await expect(bobPanel.getByTestId('note-text').first().innerText()).resolves.toBe(note)
    await expect(bobPanel.locator('b').count()).resolves.toBe(0)

    // A note Anna adds while Bob has the payment open reaches Bob's view without a reload.
    await anna.page.getByTestId('note-new').fill('Sent the return label')
    await anna.page.getByTestId('note-save').click()
    await expect.poll(() => bobPanel.getByTestId('note-text').allInnerTexts()).toContain('Sent the return label')
    await bob.screenshot('team-colleague-note')
  })

  it('Anna refunds with the ticket: the timelines tell who did it, and Bob’s refund dialog names her', async () => {
    await anna.page.getByTestId('action-refund').click()
    await anna.page.getByTestId('refund-dialog').waitFor()
    // The case's ticket is offered for the refund.
    await expect(anna.page.getByTestId('refund-ticket').inputValue()).resolves.toBe('4711')
    await anna.page.getByTestId('refund-amount').fill('5.00')
    await anna.page.getByTestId('refund-dialog-confirm').click()
    await anna.page.getByTestId('action-done').waitFor()
    await expect
      .poll(() => anna.page.getByTestId('payment-timeline').textContent())
      .toContain('Refund of €5.00 by you, ticket 4711')
    // The ticket went into the refund's metadata.
    const client = await anna.services.connections.getActiveClient()
    const refunds = await client.listRefunds(payment.id)
    expect(refunds._embedded.refunds.map((r) => r.metadata)).toEqual([{ ticket: '4711' }])

    await expect
      .poll(() => bob.page.getByTestId('payment-timeline').textContent())
      .toContain('Refund of €5.00 by anna, ticket 4711')
    await bob.page.getByTestId('action-refund').click()
    const warning = bob.page.getByTestId('refund-colleagues')
    await expect.poll(() => warning.textContent()).toMatch(/Refund of €5\.00 by anna, ticket 4711, \w+ \d+, \d+:\d\d/)
    expect(await axeViolations(bob.page)).toEqual([])
    await bob.screenshot('team-colleague-refund')
    await bob.page.keyboard.press('Escape')
  })

  it('Home lists my open cases and the team’s; the search finds the payment by its ticket', async () => {
    await anna.page.keyboard.press('Control+0')
    await expect.poll(() => anna.page.getByTestId('cases-mine').textContent()).toContain(payment.id)
    await bob.page.keyboard.press('Control+0')
    await expect.poll(() => bob.page.getByTestId('cases-team').textContent()).toContain(payment.id)
    await expect(bob.page.getByTestId('cases-mine-empty').textContent()).resolves.toContain('no open case')
    expect(await axeViolations(bob.page)).toEqual([])

    await bob.page.keyboard.press('Control+k')
    await bob.page.getByTestId('search-input').fill('4711')
    await bob.page.getByTestId(`search-ticket-${payment.id}`).waitFor()
    await bob.page.keyboard.press('Enter')
    await expect.poll(() => bob.page.getByTestId('payment-detail').textContent()).toContain(payment.id)
  })

  it('Bob takes over after Anna hands the case to him', async () => {
    await openPayment(anna, payment.id)
    await anna.page.getByTestId('case-hand-over').click()
    await anna.page.getByTestId('case-hand-over-to').fill('bob')
    await anna.page.getByTestId('case-hand-over-send').click()
    await expect.poll(() => anna.page.getByTestId('case-owner').textContent()).toMatch(/^bob holds this case/)
    await bob.page.keyboard.press('Control+0')
    await expect.poll(() => bob.page.getByTestId('cases-mine').textContent()).toContain(payment.id)
  })
})
