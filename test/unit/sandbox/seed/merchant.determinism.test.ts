// The seeded merchant is the same data for the same seed: every payment, order, line, customer,
// mandate, refund and chargeback, and what is scheduled on the clock (docs/SANDBOX.md "Seed data").
import { createHash } from 'node:crypto'
import { describe, expect, it } from 'vitest'
import { createRandom, IdFactory, randomBase62 } from '../../../../src/sandbox/ids'
import { seedMerchant } from '../../../../src/sandbox/seed/merchant'
import { SandboxStore } from '../../../../src/sandbox/store'

const NOW = Date.parse('2026-05-04T08:00:00Z')

/** A digest of everything the seed put in the store and returned. */
function seededDigest(seed: number, testPayments: number): { digest: string; payments: number } {
  const random = createRandom(seed)
  const profileId = `pfl_${randomBase62(random, 10)}`
  const store = new SandboxStore()
  const result = seedMerchant(store, {
    testPayments,
    livePayments: Math.round(testPayments / 10),
    profileId,
    nowMs: NOW,
    random,
    ids: new IdFactory(random),
  })
  const text = JSON.stringify(
    {
      store,
      open: result.open.map((r) => r.data.id),
      moving: result.movingRefunds,
      down: result.webhookDown,
    },
    (_key, value: unknown) => (value instanceof Map || value instanceof Set ? [...value] : value),
  )
  return { digest: createHash('sha256').update(text).digest('hex'), payments: store.paymentCount }
}

describe('seedMerchant', () => {
  it('gives identical data for the same seed, and other data for another seed', () => {
    const first = seededDigest(7, 1000)
    expect(first.payments).toBe(1100)
    expect(seededDigest(7, 1000).digest).toBe(first.digest)
    expect(seededDigest(8, 1000).digest).not.toBe(first.digest)
  }, 60_000)
})
