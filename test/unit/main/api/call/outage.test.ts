// The client's circuit for a service that stays down, half-open for the agent (issue 46 item 6).
import { describe, expect, it } from 'vitest'
import { OutageCircuit } from '../../../../../src/main/api/call/outage'

const DOWN = { type: 'status', status: 503 } as const

function openAt(now: number): OutageCircuit {
  const c = new OutageCircuit()
  c.noteOutage(DOWN, now - 20_000)
  c.open(now, 15_000)
  return c
}

describe('an open circuit lets probes through, an agent’s first (issue 46 item 6)', () => {
  it('an agent’s call probes a second after opening, one at a time; the sync only after the whole pause', () => {
    const c = openAt(0)
    expect(c.admit(500, 'user').refusal).not.toBeNull() // the call that gave up was the last try
    expect(c.admit(1000, 'user')).toEqual({ refusal: null, probe: true })
    expect(c.admit(1000, 'user').refusal).not.toBeNull() // one agent's probe at a time
    expect(c.admit(1000, 'background').refusal).not.toBeNull()
    c.probeDone(1200, 'user')
    expect(c.admit(1700, 'user').refusal).not.toBeNull() // a second apart
    expect(c.admit(2200, 'user').probe).toBe(true)
    c.probeDone(2300, 'user')
    expect(c.admit(14_000, 'background').refusal).not.toBeNull()
    expect(c.admit(15_000, 'background').probe).toBe(true)
  })

  it('a sync’s probe waiting in its queue never holds an agent’s lookup', () => {
    const c = openAt(0)
    expect(c.admit(15_000, 'background').probe).toBe(true) // queued behind its bucket, say
    expect(c.admit(15_100, 'user')).toEqual({ refusal: null, probe: true })
  })

  it('any answer that is not an outage closes it for everyone', () => {
    const c = openAt(0)
    expect(c.admit(1000, 'user').probe).toBe(true)
    c.noteAnswer()
    c.probeDone(1100, 'user')
    expect(c.admit(1100, 'background')).toEqual({ refusal: null, probe: false })
    expect(c.admit(1100, 'user')).toEqual({ refusal: null, probe: false })
  })
})
