import { describe, expect, it } from 'vitest'
import { METADATA_MAX_BYTES, parseIsoDate } from '../../../../src/shared/order-rules'
import { orderFields, withOrder } from '../../../helpers/order-bodies'

describe('validateCreateOrder: method, flags and metadata', () => {
  it('accepts a known method, an array of known methods, or null', () => {
    expect(orderFields(withOrder((b) => (b.method = 'ideal')))).toEqual([])
    expect(orderFields(withOrder((b) => (b.method = ['ideal', 'klarna'])))).toEqual([])
    expect(orderFields(withOrder((b) => (b.method = 'cash')))).toEqual(['method'])
    expect(orderFields(withOrder((b) => (b.method = ['ideal', 'cash'])))).toEqual(['method'])
    expect(orderFields(withOrder((b) => (b.method = [])))).toEqual(['method'])
    expect(orderFields(withOrder((b) => (b.method = { ideal: true })))).toEqual(['method'])
  })

  it('requires shopperCountryMustMatchBillingCountry to be a boolean', () => {
    expect(orderFields(withOrder((b) => (b.shopperCountryMustMatchBillingCountry = true)))).toEqual([])
    expect(orderFields(withOrder((b) => (b.shopperCountryMustMatchBillingCountry = 'true')))).toEqual([
      'shopperCountryMustMatchBillingCountry',
    ])
  })

  it('accepts metadata types of spec 2.2 up to 1024 UTF-8 bytes of JSON', () => {
    expect(METADATA_MAX_BYTES).toBe(1024)
    for (const m of ['note', 12, { order: 1, tags: ['a'] }, ['a', 'b']]) {
      expect(orderFields(withOrder((b) => (b.metadata = m))), JSON.stringify(m)).toEqual([])
    }
    for (const m of [true, [1, 2], ['a', 3]]) {
      expect(orderFields(withOrder((b) => (b.metadata = m))), JSON.stringify(m)).toEqual(['metadata'])
    }
    // a JSON string of 1022 chars + 2 quotes = 1024 bytes: allowed; one more: refused
    expect(orderFields(withOrder((b) => (b.metadata = 'x'.repeat(1022))))).toEqual([])
    expect(orderFields(withOrder((b) => (b.metadata = 'x'.repeat(1023))))).toEqual(['metadata'])
    // 'é' is 2 bytes in UTF-8: 511 × 2 + 2 = 1024 allowed, 512 × 2 + 2 = 1026 refused
    expect(orderFields(withOrder((b) => (b.metadata = 'é'.repeat(511))))).toEqual([])
    expect(orderFields(withOrder((b) => (b.metadata = 'é'.repeat(512))))).toEqual(['metadata'])
    // '😀' is 4 bytes: 255 × 4 + 2 = 1022 allowed, 256 × 4 + 2 = 1026 refused
    expect(orderFields(withOrder((b) => (b.metadata = '😀'.repeat(255))))).toEqual([])
    expect(orderFields(withOrder((b) => (b.metadata = '😀'.repeat(256))))).toEqual(['metadata'])
  })
})

describe('validateCreateOrder: dates (spec 2.2, 8.2)', () => {
  // Today 2026-11-22: tomorrow 2026-11-23; 100 days after tomorrow is 2027-03-03
  // (8 days to Nov 30, +31 Dec, +31 Jan, +28 Feb = 98 to Feb 28, +3 = 101 days after today).
  it('expiresAt runs from tomorrow to 100 days after tomorrow', () => {
    expect(orderFields(withOrder((b) => (b.expiresAt = '2026-11-22')))).toEqual(['expiresAt'])
    expect(orderFields(withOrder((b) => (b.expiresAt = '2026-11-23')))).toEqual([])
    expect(orderFields(withOrder((b) => (b.expiresAt = '2027-03-03')))).toEqual([])
    expect(orderFields(withOrder((b) => (b.expiresAt = '2027-03-04')))).toEqual(['expiresAt'])
  })

  it('expiresAt is a real YYYY-MM-DD date', () => {
    for (const bad of ['2026-02-30', '2026-13-01', '26-12-01', '2026-12-1', '2026-12-01T00:00:00Z', 20261201]) {
      expect(orderFields(withOrder((b) => (b.expiresAt = bad))), String(bad)).toEqual(['expiresAt'])
    }
  })

  it('with klarna expiresAt is at most 28 days ahead (2026-12-20)', () => {
    expect(orderFields(withOrder((b) => Object.assign(b, { method: 'klarna', expiresAt: '2026-12-20' })))).toEqual([])
    expect(orderFields(withOrder((b) => Object.assign(b, { method: 'klarna', expiresAt: '2026-12-21' })))).toEqual([
      'expiresAt',
    ])
    expect(
      orderFields(withOrder((b) => Object.assign(b, { method: ['ideal', 'klarna'], expiresAt: '2026-12-21' }))),
    ).toEqual(['expiresAt'])
    expect(orderFields(withOrder((b) => Object.assign(b, { method: 'ideal', expiresAt: '2026-12-21' })))).toEqual([])
  })

  it('consumerDateOfBirth is a real date in the past', () => {
    expect(orderFields(withOrder((b) => (b.consumerDateOfBirth = '1990-05-17')))).toEqual([])
    expect(orderFields(withOrder((b) => (b.consumerDateOfBirth = '2026-11-22')))).toEqual(['consumerDateOfBirth'])
    expect(orderFields(withOrder((b) => (b.consumerDateOfBirth = '2030-01-01')))).toEqual(['consumerDateOfBirth'])
    expect(orderFields(withOrder((b) => (b.consumerDateOfBirth = '1990-02-29')))).toEqual(['consumerDateOfBirth'])
    expect(orderFields(withOrder((b) => (b.consumerDateOfBirth = '1992-02-29')))).toEqual([])
  })

  it('parseIsoDate knows leap years', () => {
    expect(parseIsoDate('2000-02-29')).not.toBeNull()
    expect(parseIsoDate('1900-02-29')).toBeNull()
    expect(parseIsoDate('1970-01-02')).toBe(1)
  })
})
