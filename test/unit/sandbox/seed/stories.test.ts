import { describe, expect, it } from 'vitest'
import { planStories, practiceCalls } from '../../../../src/sandbox/seed/stories'

describe('the practice customers the welcome names', () => {
  it('are the seeded story customers of docs/SANDBOX.md, each with the question support hears', () => {
    const calls = practiceCalls()
    expect(calls.map((c) => c.email)).toEqual([
      'sanne.devries@example.com',
      'lukas.schneider@example.com',
      'emma.dubois@example.com',
      'oliver.smith@example.com',
      'lotte.peeters@example.com',
      'marco.rossi@example.com',
    ])
    expect(calls[1]).toEqual({
      name: 'Lukas Schneider',
      email: 'lukas.schneider@example.com',
      question: 'My card keeps being refused.',
    })
  })

  it('name the same people whatever the seed draws', () => {
    const seeded = planStories(Date.now(), Math.random)
      .filter((s) => s.hidden !== true)
      .map((s) => s.person.email)
    expect(practiceCalls().map((c) => c.email)).toEqual(seeded)
  })
})
