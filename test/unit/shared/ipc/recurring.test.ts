// The recurring.* channels' inputs (issue 49 item 6): ids by the spec module's patterns, nothing else.
import { describe, expect, it } from 'vitest'
import { recurringChannels } from '../../../../src/shared/ipc/recurring'

const revoke = recurringChannels['recurring.revokeMandate'].input
const cancel = recurringChannels['recurring.cancelSubscription'].input
const open = recurringChannels['recurring.open'].input

describe('recurring channels', () => {
  it('take a customer and the object by their ids, and a ticket', () => {
    expect(revoke.safeParse({ customerId: 'cst_abc', mandateId: 'mdt_abc' }).success).toBe(true)
    expect(cancel.safeParse({ customerId: 'cst_abc', subscriptionId: 'sub_abc', ticket: 'SUP-1' }).success).toBe(true)
    expect(open.safeParse({ customerId: 'cst_abc' }).success).toBe(true)
  })

  it('refuse a hostile payload with the field and the words of the id pattern', () => {
    const wrongKind = cancel.safeParse({ customerId: 'cst_abc', subscriptionId: 'mdt_abc' })
    expect(wrongKind.success ? [] : wrongKind.error.issues.map((i) => [i.path.join('.'), i.message])).toEqual([
      ['subscriptionId', 'Not a subscription id (sub_…).'],
    ])
    for (const input of [
      { customerId: 'cst_abc', mandateId: 'mdt_abc/../../payments' },
      { customerId: 'cst_abc', mandateId: `mdt_${'a'.repeat(100)}` },
      { customerId: 'cst_abc', mandateId: 'mdt_abc', confirmedLive: true },
      { customerId: 'tr_abc', mandateId: 'mdt_abc' },
      { mandateId: 'mdt_abc' },
      { customerId: 'cst_abc', mandateId: 'mdt_abc', ticket: 'two words' },
    ]) {
      expect(revoke.safeParse(input).success, JSON.stringify(input)).toBe(false)
    }
  })
})
