// The one module that turns dates and times into words: the styles give what Date's own locale
// methods give (so moving a view onto it changed no text), relative times in both wordings, the
// Inspector's clock, and the datetime-local round trip. Text that is not a date comes back as given.
import { describe, expect, it } from 'vitest'
import {
  agoBrief,
  agoInWords,
  clockTime,
  dateAndClockTime,
  formatMoment,
  fromDateTimeLocal,
  fullTimestamp,
  toDateTimeLocal,
} from '../../../src/shared/dates'

const MOMENT = '2026-03-10T09:05:07.042Z'
const MS = Date.parse(MOMENT)

describe('formatMoment', () => {
  it('gives what Date’s locale methods give for the numeric styles, in the machine’s locale', () => {
    expect(formatMoment(MOMENT, 'numeric-date')).toBe(new Date(MOMENT).toLocaleDateString())
    expect(formatMoment(MOMENT, 'numeric-date-time')).toBe(new Date(MOMENT).toLocaleString())
  })

  it('writes a row’s day and two-digit time, in the locale and zone asked', () => {
    expect(formatMoment(MOMENT, 'day-time', { locale: 'en-GB', timeZone: 'UTC' })).toBe('10 Mar, 09:05')
    expect(formatMoment(MOMENT, 'day-time', { locale: 'en-US', timeZone: 'UTC' })).toBe('Mar 10, 09:05 AM')
    expect(formatMoment(MOMENT, 'numeric-date', { locale: 'nl-NL', timeZone: 'UTC' })).toBe('10-3-2026')
  })

  it('returns text that is not a date as given, and nothing for nothing', () => {
    expect(formatMoment('soon', 'day-time')).toBe('soon')
    expect(formatMoment(null)).toBe('')
  })
})

describe('fullTimestamp', () => {
  it('adds the exact UTC moment to the local one; text that is not a date stays', () => {
    expect(fullTimestamp(MOMENT)).toBe(`${new Date(MOMENT).toLocaleString()} (2026-03-10T09:05:07.042Z)`)
    expect(fullTimestamp('not a date')).toBe('not a date')
  })
})

describe('clockTime and dateAndClockTime', () => {
  it('shows the local clock to the millisecond with the locale’s date before it', () => {
    const d = new Date(MS)
    const pad = (n: number) => String(n).padStart(2, '0')
    const clock = `${pad(d.getHours())}:${pad(d.getMinutes())}:${pad(d.getSeconds())}.042`
    expect(clockTime(MS)).toBe(clock)
    expect(dateAndClockTime(MS)).toBe(`${d.toLocaleDateString()} ${clock}`)
  })
})

describe('agoInWords (a sentence)', () => {
  const now = Date.parse('2026-03-10T12:00:00Z')
  const before = (ms: number) => new Date(now - ms).toISOString()

  it('goes from never and just now to minutes, hours and days', () => {
    expect(agoInWords(null, now)).toBe('never')
    expect(agoInWords(before(20_000), now)).toBe('just now')
    expect(agoInWords(before(60_000), now)).toBe('1 minute ago')
    expect(agoInWords(before(5 * 60_000), now)).toBe('5 minutes ago')
    expect(agoInWords(before(60 * 60_000), now)).toBe('1 hour ago')
    expect(agoInWords(before(30 * 3_600_000), now)).toBe('30 hours ago')
    expect(agoInWords(before(3 * 86_400_000), now)).toBe('3 days ago')
    expect(agoInWords(new Date(now + 60_000).toISOString(), now)).toBe('just now')
  })
})

describe('agoBrief (a narrow column)', () => {
  const now = new Date('2026-03-10T12:00:00Z')
  const before = (ms: number) => new Date(now.getTime() - ms).toISOString()

  it('goes from seconds to days', () => {
    expect(agoBrief(before(10_000), now)).toBe('just now')
    expect(agoBrief(before(5 * 60_000), now)).toBe('5 min ago')
    expect(agoBrief(before(3 * 3_600_000), now)).toBe('3 h ago')
    expect(agoBrief(before(26 * 3_600_000), now)).toBe('yesterday')
    expect(agoBrief(before(4 * 86_400_000), now)).toBe('4 days ago')
  })

  it('treats a time slightly in the future (a clock that ticked since) as just now', () => {
    expect(agoBrief(new Date(now.getTime() + 20_000).toISOString(), now)).toBe('just now')
  })

  it('falls back to the date for old times and to the text for unparsable ones', () => {
    expect(agoBrief(before(90 * 86_400_000), now)).toBe(new Date(before(90 * 86_400_000)).toLocaleDateString())
    expect(agoBrief('not a date', now)).toBe('not a date')
  })
})

describe('datetime-local values', () => {
  it('round-trips a local moment to the second; empty or nonsense is none', () => {
    const ms = new Date(2026, 2, 10, 9, 5, 7).getTime()
    expect(toDateTimeLocal(ms)).toBe('2026-03-10T09:05:07')
    expect(fromDateTimeLocal(toDateTimeLocal(ms))).toBe(ms)
    expect(toDateTimeLocal(null)).toBe('')
    expect(fromDateTimeLocal('')).toBeNull()
    expect(fromDateTimeLocal('tomorrow')).toBeNull()
  })
})
