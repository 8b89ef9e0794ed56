import { describe, expect, it } from 'vitest'
import { ticketInput } from '../../../src/shared/ipc/team'
import { TICKET_MAX_LENGTH, TICKET_RULE, TICKET_TOO_LONG, ticketProblem, typedTicket } from '../../../src/shared/ticket'

describe('what a ticket reference may be: one rule for the Ticket field and the channel', () => {
  it('takes a helpdesk’s references, and an empty field (no ticket)', () => {
    for (const ok of ['4711', 'SUP-2024-001234', 'JIRA#12', 'zd/88:1', 'Ä_1.2', '  4711  ', '', '   ']) {
      expect(ticketProblem(ok)).toBeNull()
    }
  })

  it('refuses spaces, a leading separator, control characters and a reference too long, in words', () => {
    for (const bad of ['47 11', '-4711', '#1', 'a\tb', 'tick\u0000et', 'a;b', 'ünïcode!']) {
      expect(ticketProblem(bad)).toBe(TICKET_RULE)
    }
    expect(ticketProblem('7'.repeat(TICKET_MAX_LENGTH))).toBeNull()
    expect(ticketProblem('7'.repeat(TICKET_MAX_LENGTH + 1))).toBe(TICKET_TOO_LONG)
  })

  it('main’s channel schema agrees with the field on every non-empty reference, with the same words', () => {
    const cases = ['4711', ' SUP-1 ', '47 11', '-4711', 'a;b', '7'.repeat(TICKET_MAX_LENGTH + 1)]
    for (const typed of cases) {
      const parsed = ticketInput.safeParse(typed)
      const problem = ticketProblem(typed)
      expect(parsed.success, typed).toBe(problem === null)
      if (!parsed.success) expect(parsed.error.issues.map((i) => i.message)).toContain(problem)
    }
  })

  it('sends the trimmed reference, or none for an empty field', () => {
    expect(typedTicket('  4711 ')).toBe('4711')
    expect(typedTicket('   ')).toBeUndefined()
    expect(typedTicket('')).toBeUndefined()
  })
})
