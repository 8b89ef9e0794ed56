// The subscription rules of the spec module (https://docs.mollie.com/reference/create-subscription):
// the interval grammar and its one-year maximum, and the dates of the charges.
import { describe, expect, it } from 'vitest'
import { addIntervals, dateStartMs, intervalProblem, parseInterval } from '../../../../src/shared/service/subscriptions'

describe('interval', () => {
  it('takes "N days", "N weeks", "N months" and their singulars ("1 month", "14 days", "2 weeks")', () => {
    expect(parseInterval('1 month')).toEqual({ count: 1, unit: 'months' })
    expect(parseInterval('14 days')).toEqual({ count: 14, unit: 'days' })
    expect(parseInterval('2 weeks')).toEqual({ count: 2, unit: 'weeks' })
    expect(parseInterval('1 day')).toEqual({ count: 1, unit: 'days' })
    expect(parseInterval('3 months')).toEqual({ count: 3, unit: 'months' })
  })

  it('refuses other words, zero, signs, spacing and non-text', () => {
    for (const bad of ['1 year', '0 days', '-1 days', '1  month', ' 1 month', '1month', 'month', '1.5 days', 3, null]) {
      expect(parseInterval(bad)).toBeNull()
      expect(intervalProblem(bad)).toMatch(/days, weeks or months/)
    }
  })

  it('"The maximum interval is 1 year (12 months, 52 weeks or 365 days)"', () => {
    expect(parseInterval('12 months')).not.toBeNull()
    expect(parseInterval('52 weeks')).not.toBeNull()
    expect(parseInterval('365 days')).not.toBeNull()
    for (const long of ['13 months', '53 weeks', '366 days']) {
      expect(parseInterval(long)).toBeNull()
      expect(intervalProblem(long)).toMatch(/maximum of 1 year/)
    }
  })
})

describe('charge dates', () => {
  it('months keep the start day, or the month\'s last day ("startDate 2018-04-30 … the last day of each month")', () => {
    const month = { count: 1, unit: 'months' } as const
    expect([0, 1, 2, 3].map((n) => addIntervals('2018-04-30', month, n))).toEqual([
      '2018-04-30',
      '2018-05-30',
      '2018-06-30',
      '2018-07-30',
    ])
    expect([1, 2, 3].map((n) => addIntervals('2026-01-31', month, n))).toEqual([
      '2026-02-28',
      '2026-03-31',
      '2026-04-30',
    ])
    expect(addIntervals('2027-11-15', { count: 3, unit: 'months' }, 1)).toBe('2028-02-15')
  })

  it('days and weeks count calendar days', () => {
    expect(addIntervals('2026-02-20', { count: 14, unit: 'days' }, 1)).toBe('2026-03-06')
    expect(addIntervals('2026-12-28', { count: 2, unit: 'weeks' }, 2)).toBe('2027-01-25')
  })

  it('a date is a real calendar date', () => {
    expect(dateStartMs('2026-02-28')).toBe(Date.UTC(2026, 1, 28))
    expect(dateStartMs('2026-02-29')).toBeNull()
    expect(dateStartMs('2026-2-1')).toBeNull()
  })
})
