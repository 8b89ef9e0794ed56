// The Order/Payment switch keeps the draft: what both kinds send stays, the amount stays exact,
// what only the old kind sends is cleared and named; switching back after a switch is the undo's job
// (the store keeps the previous content), so here: the rules of one switch.
import { describe, expect, it } from 'vitest'
import { isUntouchedDraft, switchDraftKind } from '../../../src/shared/draft-kind'
import {
  buildDraftRequest,
  emptyDraftContent,
  emptyDraftLine,
  type DraftContent,
} from '../../../src/shared/order-builder'

const KEY = { kind: 'api-key', profileId: null, testmode: null } as const

function order(): DraftContent {
  return {
    ...emptyDraftContent('order'),
    orderNumber: 'A-100',
    redirectUrl: 'https://shop.example/return',
    webhookUrl: 'https://shop.example/hook',
    metadata: '{"ticket":"42"}',
    methodMode: 'one',
    methods: ['ideal'],
    billingAddress: { givenName: 'Ann', email: 'ann@example.com' },
    consumerDateOfBirth: '1980-04-30',
    lines: [
      { ...emptyDraftLine('l1'), name: 'Mug', quantity: '2', unitPrice: '10.00', vatRate: '21.00' },
      { ...emptyDraftLine('l2'), name: 'Tea', quantity: '1', unitPrice: '4.95', category: 'eco' },
    ],
  }
}

describe('switchDraftKind', () => {
  it('order → payment keeps the amount exactly (same lines), URLs, method and metadata; names what it drops', () => {
    const before = order()
    const { content, dropped, moved } = switchDraftKind(before, 'payment')
    expect(content.kind).toBe('payment')
    expect(content.paymentWithLines).toBe(true)
    expect(buildDraftRequest(content, KEY).amount).toEqual(buildDraftRequest(before, KEY).amount)
    expect(buildDraftRequest(content, KEY).amount).toEqual({ currency: 'EUR', value: '24.95' })
    expect(content).toMatchObject({
      redirectUrl: before.redirectUrl,
      webhookUrl: before.webhookUrl,
      metadata: before.metadata,
      methods: ['ideal'],
      orderNumber: '',
      billingAddress: {},
      consumerDateOfBirth: '',
    })
    expect(dropped).toEqual([
      'Order number “A-100”',
      'Billing address',
      'Date of birth',
      'Line categories and line metadata (a payment line has neither)',
    ])
    expect(moved).toEqual([])
    // The input is not changed (the store keeps it for Undo).
    expect(before.orderNumber).toBe('A-100')
  })

  it('payment → order turns a plain payment into one line with its description and amount; nothing dropped', () => {
    const payment: DraftContent = {
      ...emptyDraftContent('payment'),
      description: 'Blue mug',
      paymentAmount: '12.50',
      redirectUrl: 'https://shop.example/r',
    }
    const { content, dropped, moved } = switchDraftKind(payment, 'order')
    expect(content.kind).toBe('order')
    expect(content.lines).toHaveLength(1)
    expect(content.lines[0]).toMatchObject({ name: 'Blue mug', quantity: '1', unitPrice: '12.50' })
    expect(buildDraftRequest(content, KEY).amount).toEqual({ currency: 'EUR', value: '12.50' })
    expect(content.redirectUrl).toBe('https://shop.example/r')
    expect(dropped).toEqual([])
    expect(moved).toEqual(['The payment became one order line “Blue mug”, 1 × 12.50.'])
  })

  it('payment with lines → order keeps the lines and says the description goes', () => {
    const payment: DraftContent = {
      ...emptyDraftContent('payment'),
      description: 'x'.repeat(60),
      paymentWithLines: true,
      lines: [{ ...emptyDraftLine('l1'), name: 'Mug', unitPrice: '3.00' }],
    }
    const { content, dropped } = switchDraftKind(payment, 'order')
    expect(content.lines.map((l) => l.name)).toEqual(['Mug'])
    expect(dropped).toHaveLength(1)
    expect(dropped[0]).toMatch(/^Description “x{39}…” \(an order has none/)
  })

  it('an empty draft switches with nothing to say; the same kind is no change', () => {
    expect(switchDraftKind(emptyDraftContent('order'), 'payment')).toMatchObject({ dropped: [], moved: [] })
    expect(switchDraftKind(emptyDraftContent('payment'), 'order')).toMatchObject({
      content: emptyDraftContent('order'),
      dropped: [],
      moved: [],
    })
    const same = order()
    expect(switchDraftKind(same, 'order').content).toBe(same)
  })
})

describe('isUntouchedDraft', () => {
  it('a new draft of either kind, whatever the order of its keys or its lines’ keys, is untouched', () => {
    expect(isUntouchedDraft(emptyDraftContent('order'))).toBe(true)
    expect(isUntouchedDraft(emptyDraftContent('payment'))).toBe(true)
    const reordered = Object.fromEntries(
      Object.entries(emptyDraftContent('order')).reverse(),
    ) as unknown as DraftContent
    expect(isUntouchedDraft({ ...reordered, lines: [emptyDraftLine('l7')] })).toBe(true)
  })

  it('anything entered, even one field or a second empty line, is not', () => {
    const empty = emptyDraftContent('order')
    expect(isUntouchedDraft({ ...empty, orderNumber: 'A-1' })).toBe(false)
    expect(isUntouchedDraft({ ...empty, currency: 'USD' })).toBe(false)
    expect(isUntouchedDraft({ ...empty, billingAddress: { city: 'Utrecht' } })).toBe(false)
    expect(isUntouchedDraft({ ...empty, lines: [{ ...emptyDraftLine('l1'), quantity: '2' }] })).toBe(false)
    expect(isUntouchedDraft({ ...empty, lines: [emptyDraftLine('l1'), emptyDraftLine('l2')] })).toBe(false)
    expect(isUntouchedDraft({ ...emptyDraftContent('payment'), paymentAmount: '39,95' })).toBe(false)
  })
})
