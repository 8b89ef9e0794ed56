import { describe, expect, it } from 'vitest'
import type { IndexFreshness } from '../../../../../src/shared/ipc/search'
import { olderNotSearchedSentence } from '../../../../../src/renderer/src/features/search/index-coverage'

function freshness(keptSince: IndexFreshness['keptSince']): IndexFreshness {
  return {
    connectionId: 'c',
    payments: 250_000,
    orders: 12,
    syncedAt: null,
    notice: null,
    cap: { payments: 250_000, orders: 100_000 },
    keptSince,
  }
}

describe('olderNotSearchedSentence', () => {
  it('says nothing when the index holds the whole lists', () => {
    expect(olderNotSearchedSentence(freshness({ payments: null, orders: null }))).toBeNull()
  })

  it('names the date before which payments are not searched, the cap, and the look-ups that still work', () => {
    const s = olderNotSearchedSentence(freshness({ payments: '2025-03-03T10:00:00.000Z', orders: null }))
    expect(s).toMatch(/^Payments created before .*2025.* are not in this desk's search/)
    expect(s).toContain('250,000 payments')
    expect(s).toContain('Paste its id or link')
    expect(s).toContain('Payments, which asks the service')
    expect(s).not.toContain('orders created before')
    expect(s).not.toContain('100,000 orders')
  })

  it('names both lists when both are capped', () => {
    const s = olderNotSearchedSentence(
      freshness({ payments: '2025-03-03T10:00:00.000Z', orders: '2024-01-05T10:00:00.000Z' }),
    )
    expect(s).toMatch(/^Payments created before .* and orders created before .*2024/)
    expect(s).toContain('the newest 250,000 payments and 100,000 orders')
  })
})
