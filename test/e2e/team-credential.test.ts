// The desk's credential in team mode on the Connections screen (issue 51 item 2): a desk on a team
// database whose active connection is an API key is told, on the Connections screen, that this key
// can move money and that a team desk reads with a read-only access token. The built renderer in
// Chromium on the real services, a real team database.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startTestTeam, type TestTeam } from '../integration/helpers/team-cluster'
import { present } from '../helpers/present'
import { startHarness, type Harness } from './harness'

const KEY = `test_${'TeamDeskKeyE2e'.padEnd(30, '0')}`
let team: TestTeam
let anna: Harness

describe('an API key as a team desk’s connection', () => {
  beforeAll(async () => {
    team = await startTestTeam({ fast: true })
    anna = await startHarness({
      name: 'anna',
      deps: {
        sandboxOptions: { seed: 5152, seedPayments: 5 },
        search: { autoSync: false },
        team: { identity: { login: 'anna-os', desk: 'desk-a' }, retryDelayMs: () => 100 },
      },
    })
    await anna.services.record.connect({
      connectionString: `postgres://anna@127.0.0.1:${team.cluster.port}/postgres`,
      password: team.password('anna'),
    })
    await anna.services.connections.getActiveClient() // the built-in Sandbox runs: its address is known
    const builtIn = present(
      (await anna.services.connections.list()).connections.find((c) => c.builtIn),
      'the built-in Sandbox',
    )
    const added = await anna.services.connections.add({
      label: 'Shop key',
      secret: KEY,
      baseUrl: present(builtIn.baseUrl, 'its address'),
    })
    await anna.services.connections.setActive(added.id)
  }, 120_000)

  afterAll(async () => {
    await anna?.close()
    await team?.destroy()
  })

  it('is refused in words on the Connections screen', async () => {
    await anna.page.keyboard.press('Control+4')
    // The Connections screen, with the key as the active connection (a failure here is not the notice's).
    await expect.poll(() => anna.page.getByTestId('connections-active').textContent()).toContain('Shop key')
    await expect
      .poll(() => anna.page.getByTestId('connections-notice').textContent())
      .toMatch(
        /In team mode this desk reads with a read-only access token; refunds go through the team runner\. This key can move money/,
      )
  })
})
