// The search box's query language (src/shared/search/query.ts): ids, pasted links, amounts as exact
// decimal text, statuses, methods, date words and ranges in local time, and hostile input.
import { describe, expect, it } from 'vitest'
import {
  amountKey,
  idFromUrl,
  MAX_QUERY_CHARS,
  amountKeys,
  parseSearchQuery,
  type ParsedQuery,
} from '../../../../src/shared/search/query'

const NOW = new Date(2026, 10, 22, 13, 30).getTime() // 22 Nov 2026, local time

function parse(text: string): ParsedQuery {
  const result = parseSearchQuery(text, NOW)
  if (!result.ok) throw new Error(result.message)
  return result.query
}

describe('ids and links', () => {
  it('opens a tr_/ord_ id directly', () => {
    expect(parse('tr_7UhSN1zuXS').direct).toEqual({ kind: 'payment', id: 'tr_7UhSN1zuXS', fromUrl: false })
    expect(parse('  ord_kEn1PlbGa ').direct).toEqual({ kind: 'order', id: 'ord_kEn1PlbGa', fromUrl: false })
  })
  it('takes the id out of checkout, dashboard and API links', () => {
    expect(idFromUrl('http://127.0.0.1:4010/checkout/tr_000001abcd')).toEqual({ kind: 'payment', id: 'tr_000001abcd' })
    expect(idFromUrl('https://my.example.com/dashboard/org_1/payments/tr_WDqYK6vllg?x=1')?.id).toBe('tr_WDqYK6vllg')
    expect(idFromUrl('https://api.example.com/v2/orders/ord_stTC2WHAuS?embed=payments')).toEqual({
      kind: 'order',
      id: 'ord_stTC2WHAuS',
    })
    expect(parse('https://pay.example.com/checkout/select-method/tr_7UhSN1zuXS').direct?.fromUrl).toBe(true)
    expect(parse('about https://www.mollie.com/checkout/select-method/7UhSN1zuXS').direct?.id).toBe('tr_7UhSN1zuXS')
    expect(idFromUrl('javascript:alert(1)//tr_abc')).toBeNull()
    const noId = parse('https://example.com/nothing/here')
    expect(noId.direct).toBeUndefined()
    expect(noId.warnings.join()).toMatch(/no payment/)
  })
})

describe('amounts are exact decimal text, never floats', () => {
  it.each([
    ['59.95', ['59.95']],
    ['59,95', ['59.95']],
    ['59', ['59']],
    ['59.90', ['59.9']],
    ['1.234,56', ['1234.56']],
    ['1,234.56', ['1234.56']],
    ['1.234.567', ['1234567']],
    ['1.234', ['1234', '1.234']], // reads two ways: both searched, the chip names both
    ['0.10', ['0.1']],
    ['007', ['7']],
    ['9007199254740993.01', null], // more than 15 integer digits
    ['1.2.3', null],
    ['12a', null],
    ['-5', null],
  ])('%s → %s', (text, keys) => {
    expect(amountKeys(text)?.keys ?? null).toEqual(keys)
  })
  it('searches both readings of an ambiguous number and says so', () => {
    const parsed = parse('1,234 jansen')
    expect(parsed.amount).toMatchObject({ key: '1234', keys: ['1234', '1.234'] })
    expect(parsed.chips).toContain('Amount 1234 or 1.234')
    expect(parse('€ 1.234,56').amount).toMatchObject({ keys: ['1234.56'], currency: 'EUR' })
    expect(parse('39,95 EUR').amount).toMatchObject({ keys: ['39.95'], currency: 'EUR' })
  })
  it('reads currency symbols and codes on either side', () => {
    expect(parse('€59,95').amount).toMatchObject({ key: '59.95', currency: 'EUR', alsoText: false })
    expect(parse('59,95€').amount).toMatchObject({ key: '59.95', currency: 'EUR' })
    expect(parse('EUR 59.95').amount).toMatchObject({ key: '59.95', currency: 'EUR' })
    expect(parse('59.95 usd').amount).toMatchObject({ key: '59.95', currency: 'USD' })
    expect(parse('59').amount).toMatchObject({ key: '59', alsoText: true })
    expect(amountKey('100.00')).toBe('100')
    expect(amountKey('0.50')).toBe('0.5')
  })
})

describe('statuses, methods and dates', () => {
  it('recognizes statuses and methods, leaving the rest as text', () => {
    const parsed = parse('failed ideal credit card Jansen')
    expect(parsed.statuses).toEqual(['failed'])
    expect(parsed.methods.sort()).toEqual(['creditcard', 'ideal'])
    expect(parsed.terms).toEqual(['jansen'])
  })
  it('turns date words and ranges into local-day ranges', () => {
    const day = (y: number, m: number, d: number) => new Date(y, m - 1, d).getTime()
    expect(parse('today').range).toMatchObject({ fromMs: day(2026, 11, 22), toMs: day(2026, 11, 23) })
    expect(parse('yesterday').range).toMatchObject({ fromMs: day(2026, 11, 21), toMs: day(2026, 11, 22) })
    expect(parse('last 7 days').range).toMatchObject({ fromMs: day(2026, 11, 16), toMs: day(2026, 11, 23) })
    expect(parse('2026-11-01..2026-11-07').range).toMatchObject({ fromMs: day(2026, 11, 1), toMs: day(2026, 11, 8) })
    expect(parse('2026-11-07..2026-11-01').range).toMatchObject({ fromMs: day(2026, 11, 1), toMs: day(2026, 11, 8) })
    expect(parse('2026-02-30').range).toBeUndefined()
    const mixed = parse('paid yesterday piet')
    expect(mixed.terms).toEqual(['piet'])
    expect(mixed.chips).toContain('Created yesterday')
  })
})

describe('hostile input', () => {
  it('refuses a 10,000-character query with a readable message', () => {
    const result = parseSearchQuery('a'.repeat(10_000), NOW)
    expect(result.ok).toBe(false)
    if (!result.ok) expect(result.message).toContain(String(MAX_QUERY_CHARS))
  })
  it('drops control and bidi characters and says so', () => {
    const parsed = parse('piet\u0000\u001b[31m\u202e')
    expect(parsed.terms.join(' ')).not.toMatch(/[\u0000-\u001f\u202e]/)
    expect(parsed.warnings.join()).toMatch(/Control characters/)
  })
  it('keeps operators as words (each becomes one quoted phrase: index-db/phrases.ts)', () => {
    expect(parse('lovelace NOT curie').terms).toEqual(['lovelace', 'NOT', 'curie'])
  })
})
