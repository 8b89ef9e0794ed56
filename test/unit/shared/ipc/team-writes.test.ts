// The customer view asks main for the writes on the objects it shows (issue 50, gap b): ids of the
// right kind only, at most the view's own bound of orders and payments and the customer.
import { describe, expect, it } from 'vitest'
import { contract } from '../../../../src/shared/ipc/contract'
import { CUSTOMER_VIEW_BOUND } from '../../../../src/shared/ipc/customers'

const input = contract['team.writesOn'].input

describe('the team.writesOn channel’s input', () => {
  it('takes payments, orders and a customer by id', () => {
    const objects = [
      { kind: 'customer', id: 'cst_abc123' },
      { kind: 'order', id: 'ord_abc123' },
      { kind: 'payment', id: 'tr_abc123' },
    ]
    expect(input.parse({ objects })).toEqual({ objects })
  })

  it('refuses ids of another kind, no objects, or more than the view shows', () => {
    const many = Array.from({ length: 2 * CUSTOMER_VIEW_BOUND + 2 }, (_, i) => ({
      kind: 'payment',
      id: `tr_abc${i}xyz`,
    }))
    for (const bad of [
      { objects: [{ kind: 'payment', id: 'ord_abc123' }] },
      { objects: [{ kind: 'payment', id: 'tr_abc123', extra: 1 }] },
      { objects: [] },
      { objects: many },
      {},
    ]) {
      expect(input.safeParse(bad).success, JSON.stringify(bad).slice(0, 80)).toBe(false)
    }
    expect(input.safeParse({ objects: many.slice(0, 2 * CUSTOMER_VIEW_BOUND + 1) }).success).toBe(true)
  })
})
