// The one place dates and times become words for the agent. Intl does the work (the locale's own
// month names, order and clock); this module only keeps one formatter per (locale, style, time zone),
// because building an Intl.DateTimeFormat costs far more than using one (a list formats hundreds of
// dates per frame). Pure TypeScript: used by the renderer's views and by the stories in src/shared.

export type DateStyle =
  /** "22 Nov 2026, 14:05:09": a moment in a table or a field */
  | 'date-time'
  /** "22 Nov, 14:05": a moment in a sentence or a timeline */
  | 'short-date-time'
  /** "22 Nov 2026" */
  | 'date'
  /** "22 Nov" */
  | 'day'
  /** "14:05" */
  | 'time'

const STYLES: Record<DateStyle, Intl.DateTimeFormatOptions> = {
  'date-time': { dateStyle: 'medium', timeStyle: 'medium' },
  'short-date-time': { day: 'numeric', month: 'short', hour: 'numeric', minute: '2-digit' },
  date: { dateStyle: 'medium' },
  day: { day: 'numeric', month: 'short' },
  time: { hour: 'numeric', minute: '2-digit' },
}

const formats = new Map<string, Intl.DateTimeFormat>()

function formatter(style: DateStyle, locale: string | undefined, timeZone: string | undefined): Intl.DateTimeFormat {
  const key = `${locale ?? ''}|${style}|${timeZone ?? ''}`
  let f = formats.get(key)
  if (!f) {
    try {
      f = new Intl.DateTimeFormat(locale, { ...STYLES[style], timeZone })
    } catch {
      // An unknown locale or time zone: the runtime's own rather than no date at all.
      f = new Intl.DateTimeFormat(undefined, STYLES[style])
    }
    formats.set(key, f)
  }
  return f
}

export interface DateWords {
  locale?: string
  /** IANA zone; the machine's when absent (tests pass 'UTC'). */
  timeZone?: string
}

/** A moment in the agent's words; the text as given when it is not a date (never an "Invalid Date"). */
export function formatMoment(
  iso: string | number | Date | null | undefined,
  style: DateStyle = 'date-time',
  words: DateWords = {},
): string {
  if (iso === null || iso === undefined || iso === '') return ''
  const d = iso instanceof Date ? iso : new Date(iso)
  if (Number.isNaN(d.getTime())) return String(iso)
  return formatter(style, words.locale, words.timeZone).format(d)
}
