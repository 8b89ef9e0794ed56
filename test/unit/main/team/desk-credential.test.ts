// The desk's credential check of team mode (issue 51 item 2), one piece: which credential is refused
// and in which words, what is kept and what is asked again. The integration test
// (test/integration/main/team/desk-credential.test.ts) runs it on the app's services and the sandbox.
import { describe, expect, it } from 'vitest'
import { createDeskCredentialGuard, KEY_REFUSAL } from '../../../../src/main/team/desk-credential'
import type { ApiCredential } from '../../../../src/main/api'

const KEY: ApiCredential = { secret: 'live_abcdefghijklmnopqrstuvwxyz0123', kind: 'api-key' }
const TOKEN: ApiCredential = { secret: 'access_readOnlyToken0001', kind: 'organization-token' }

function guardWith(answers: (() => string[])[], teamMode = true) {
  const asked: string[] = []
  let team = teamMode
  const guard = createDeskCredentialGuard({
    teamMode: async () => team,
    exempt: (id) => id === 'sandbox',
    grantedOf: async (connectionId) => {
      asked.push(connectionId)
      const next = answers.shift()
      if (!next) throw new Error('no more answers')
      return next()
    },
  })
  return { guard, asked, setTeam: (on: boolean) => void (team = on) }
}

describe('the desk credential guard', () => {
  it('refuses an API key in team mode without asking the service, and leaves it alone otherwise', async () => {
    const { guard, asked, setTeam } = guardWith([], false)
    await expect(guard.check('conn_a', 'https://api.example/v2', KEY)).resolves.toBeUndefined()
    setTeam(true)
    guard.reset()
    await expect(guard.check('conn_a', 'https://api.example/v2', KEY)).rejects.toThrow(KEY_REFUSAL)
    expect(await guard.notice({ id: 'conn_a', kind: 'api-key' })).toBe(KEY_REFUSAL)
    await expect(guard.check('sandbox', 'http://127.0.0.1/v2', KEY)).resolves.toBeUndefined()
    expect(asked).toEqual([])
  })

  it('refuses a token that can write, naming what it can do; keeps a verdict until the settings change', async () => {
    const { guard, asked } = guardWith([
      () => ['payments.read', 'refunds.write', 'payments.write'],
      () => ['payments.read'],
    ])
    await expect(guard.check('conn_t', 'https://api.example/v2', TOKEN)).rejects.toThrow(
      /This access token can move money.*granted payments\.write, refunds\.write\./,
    )
    await expect(guard.check('conn_t', 'https://api.example/v2', TOKEN)).rejects.toThrow(/refunds\.write/)
    expect(asked).toEqual(['conn_t'])
    expect(await guard.notice({ id: 'conn_t', kind: 'organization-token' })).toMatch(/refunds\.write/)
    guard.reset() // the token's grants were narrowed meanwhile
    await expect(guard.check('conn_t', 'https://api.example/v2', TOKEN)).resolves.toBeUndefined()
    expect(await guard.notice({ id: 'conn_t', kind: 'organization-token' })).toBeNull()
  })

  it('never takes an unanswered check as a yes: it refuses in words and asks again next time', async () => {
    const { guard, asked } = guardWith([
      () => {
        throw new Error('The service could not be reached')
      },
      () => ['payments.read'],
    ])
    await expect(guard.check('conn_t', 'https://api.example/v2', TOKEN)).rejects.toThrow(
      /cannot write before using it, and the check got no answer \(The service could not be reached\)/,
    )
    await expect(guard.check('conn_t', 'https://api.example/v2', TOKEN)).resolves.toBeUndefined()
    expect(asked).toEqual(['conn_t', 'conn_t'])
  })
})
