import { describe, expect, it } from 'vitest'
import {
  caseWords,
  colleagueRefunds,
  recordedWriteLine,
  recordedWriteText,
  visibleNoteText,
  withRecordedWrites,
} from '../../../../src/shared/story/record-story'
import type { ActionRecordEntry } from '../../../../src/shared/team-record'

const words = { locale: 'en-GB', timeZone: 'UTC' }

function entry(over: Partial<ActionRecordEntry> = {}): ActionRecordEntry {
  return {
    id: 'row-1',
    seq: 1,
    at: '2026-11-28T10:42:00Z',
    agent: 'anna',
    desk: 'desk-a',
    action: 'refund',
    object: { kind: 'payment', id: 'tr_1' },
    amount: { value: '45.00', currency: 'EUR' },
    idempotencyKey: 'key',
    ticket: '4711',
    reason: null,
    outcome: { result: 'done', status: null, resultId: 're_1', summary: 'done' },
    prevHash: '0',
    hash: '1',
    ...over,
  }
}

describe('the record in words', () => {
  it('names the write, the amount, the agent and the ticket, with its time where asked', () => {
    expect(recordedWriteText(entry(), 'bob', words)).toBe('Refund of €45.00 by anna, ticket 4711')
    expect(recordedWriteText(entry(), 'anna', words)).toBe('Refund of €45.00 by you, ticket 4711')
    expect(recordedWriteLine(entry({ ticket: null }), 'bob', words)).toBe('Refund of €45.00 by anna, 28 Nov, 10:42')
  })

  it('names the writes that stop the charges: a mandate revoked, a subscription canceled (issue 49 item 6)', () => {
    const customer = { kind: 'customer', id: 'cst_1' } as const
    expect(
      recordedWriteText(
        entry({ action: 'revoke-mandate', object: customer, amount: null, ticket: null }),
        'bob',
        words,
      ),
    ).toBe('Mandate revoked by anna')
    expect(
      recordedWriteText(
        entry({ action: 'cancel-subscription', object: customer, amount: { value: '29.95', currency: 'EUR' } }),
        'bob',
        words,
      ),
    ).toBe('Subscription (€29.95 each time) canceled by anna, ticket 4711')
  })

  it('says a refused write and one whose answer was lost as they are', () => {
    const refused = entry({ outcome: { result: 'refused', status: 422, resultId: null, summary: '' } })
    const lost = entry({ outcome: { result: 'unknown', status: null, resultId: null, summary: '' } })
    expect(recordedWriteText(refused, null, words)).toMatch(/refused by the service$/)
    expect(recordedWriteText(lost, null, words)).toMatch(/check whether it took effect$/)
    // A refused refund is no colleague's refund; one whose answer was lost may be.
    expect(colleagueRefunds([entry(), refused, lost, entry({ agent: 'bob' })], 'bob')).toEqual([entry(), lost])
  })

  it('tells the shop told again with the shop’s answer, never as the service refusing', () => {
    const told = (status: number | null, result: 'done' | 'refused' | 'unknown') =>
      entry({
        action: 'tell-the-shop',
        amount: null,
        ticket: null,
        outcome: { result, status, resultId: null, summary: '' },
      })
    expect(recordedWriteText(told(200, 'done'), 'bob', words)).toBe('Shop told again by anna, the shop answered 200')
    expect(recordedWriteText(told(500, 'refused'), 'bob', words)).toBe('Shop told again by anna, the shop answered 500')
    expect(recordedWriteText(told(null, 'refused'), 'bob', words)).toBe(
      'Shop told again by anna, the shop could not be reached',
    )
    expect(recordedWriteText(told(null, 'unknown'), 'bob', words)).toBe(
      'Shop told again by anna, the shop did not answer in time',
    )
  })

  it('puts the recorded writes into the timeline in time order', () => {
    const timeline = [
      { at: '2026-11-28T09:00:00Z', tone: 'done' as const, text: 'Paid' },
      { at: '2026-11-28T11:00:00Z', tone: 'neutral' as const, text: 'Refunded' },
    ]
    expect(withRecordedWrites(timeline, [entry()], null, words).map((e) => e.text)).toEqual([
      'Paid',
      'Refund of €45.00 by anna, ticket 4711',
      'Refunded',
    ])
  })

  it('says who holds a case', () => {
    const open = {
      object: { kind: 'payment' as const, id: 'tr_1' },
      owner: 'anna',
      state: 'open' as const,
      ticket: '4711',
      changedAt: '2026-11-28T10:42:00Z',
      changedBy: 'anna',
    }
    expect(caseWords(null, 'anna', words)).toBe('Nobody has taken this case.')
    expect(caseWords(open, 'anna', words)).toBe('You hold this case (ticket 4711), since 28 Nov, 10:42.')
    expect(caseWords(open, 'bob', words)).toBe('anna holds this case (ticket 4711), since 28 Nov, 10:42.')
  })

  it('shows a note as text: control characters and direction overrides made visible, lines kept', () => {
    expect(visibleNoteText('<b>hi</b>\nline two\tend')).toBe('<b>hi</b>\nline two\tend')
    expect(visibleNoteText('a\u001b[31mred\u0007')).toBe('a\u241b[31mred\u2407')
    expect(visibleNoteText('pay \u202Eeulav')).toBe('pay [U+202E]eulav')
  })
})
