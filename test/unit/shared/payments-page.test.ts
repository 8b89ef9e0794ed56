import { describe, expect, it } from 'vitest'
import type { Payment, PaymentList } from '../../../src/shared/api-types'
import { toPageResult } from '../../../src/shared/payments-page'
import { createSecretScrubber } from '../../../src/main/services/secret-scrubber'
import { parsePage } from '../../../src/renderer/src/stores/payments-types'

const SECRET = 'live_A1b2C3d4E5f6G7h8I9j0K1l2M3n4O5'

function payment(i: number, patch: Partial<Payment> = {}): Payment {
  return {
    resource: 'payment',
    id: `tr_page${i}`,
    mode: 'test',
    createdAt: '2026-11-27T04:51:28+00:00',
    amount: { currency: i % 2 ? 'USD' : 'EUR', value: `${i}.00` },
    description: `Order ${i}`,
    status: 'paid',
    _links: { self: { href: `http://127.0.0.1/v2/payments/tr_page${i}`, type: 'application/hal+json' } },
    ...patch,
  } as Payment
}

function list(payments: Payment[]): PaymentList {
  return {
    count: payments.length,
    _embedded: { payments },
    _links: {
      self: { href: 'http://127.0.0.1/v2/payments?limit=3', type: 'application/hal+json' },
      next: { href: 'http://127.0.0.1/v2/payments?from=tr_x&limit=3', type: 'application/hal+json' },
      previous: null,
      documentation: { href: 'https://docs.example/list', type: 'text/html' },
    },
  }
}

describe('a page of the list as main hands it to the renderer', () => {
  it('is the page without its payments, one line of JSON per payment, their ids and currencies', () => {
    const payments = [
      payment(0),
      payment(1, { description: 'two\nlines\r\nand a "quote", Łukasz – 39,95 € 😀' }),
      payment(2),
    ]
    const result = toPageResult(list(payments), 'req_1')
    const page = JSON.parse(result.pageText) as PaymentList
    expect(page._embedded.payments).toEqual([])
    expect(page.count).toBe(3)
    expect(page._links.next?.href).toBe('http://127.0.0.1/v2/payments?from=tr_x&limit=3')
    // A line break in a payment's text is escaped in its JSON: one line per payment still.
    const lines = result.rowsText.split('\n')
    expect(lines.map((l) => JSON.parse(l) as Payment)).toEqual(payments)
    // What a row shows, one line per payment too: its listed fields, as they are, and not its links.
    const shown = result.shownText.split('\n').map((l) => JSON.parse(l) as Payment)
    expect(shown).toEqual(
      payments.map(({ id, mode, createdAt, amount, description, status }) => ({
        id,
        mode,
        createdAt,
        amount,
        description,
        status,
      })),
    )
    expect(result.ids).toEqual(['tr_page0', 'tr_page1', 'tr_page2'])
    expect(result.currencies).toEqual(['EUR', 'USD'])
    expect(result.requestId).toBe('req_1')
  })

  it('an empty page has no rows, and the renderer reads it as such', () => {
    const result = toPageResult(list([]), null)
    expect(result.rowsText).toBe('')
    const read = parsePage(result)
    expect(read.rows.length).toBe(0)
    expect(read.ids).toEqual([])
  })

  it("goes through main's secret scrubber whole: a key in a payment's text is masked and every row still reads", () => {
    const scrubber = createSecretScrubber()
    scrubber.remember(SECRET)
    const payments = [payment(0), payment(1, { description: `pasted by mistake: ${SECRET}` }), payment(2)]
    const scrubbed = scrubber.scrub(toPageResult(list(payments), null))
    expect(JSON.stringify(scrubbed)).not.toContain(SECRET)
    const read = parsePage(scrubbed)
    expect(read.rows.length).toBe(3)
    expect(read.rows.at(1)?.description).toMatch(/^pasted by mistake: /)
    expect(read.rows.at(1)?.description).not.toContain(SECRET)
    expect(read.rows.at(2)).toEqual(payments[2])
    expect(read.rows.shownAt(1)?.description).toMatch(/^pasted by mistake: /)
    expect(read.rows.shownAt(1)?.description).not.toContain(SECRET)
  })

  it("tells a paid payment's refunds in its listed fields (the state word reads them), by status only", () => {
    const refunded = payment(0, {
      amountRefunded: { currency: 'EUR', value: '0.00' },
      amountChargedBack: { currency: 'EUR', value: '0.00' },
      method: 'creditcard',
      _embedded: { refunds: [{ resource: 'refund', id: 're_1', status: 'pending' }] },
    } as Partial<Payment>)
    const shown = JSON.parse(toPageResult(list([refunded]), null).shownText) as Payment
    expect(shown._embedded).toEqual({ refunds: [{ status: 'pending' }] })
    expect(shown.amountRefunded).toEqual({ currency: 'EUR', value: '0.00' })
    expect(shown.amountChargedBack).toEqual({ currency: 'EUR', value: '0.00' })
    expect(shown.method).toBe('creditcard')
  })
})
