// The one place dates and times become words for the agent. Intl does the work (the locale's own
// month names, order and clock); this module only keeps one formatter per (locale, style, time zone),
// because building an Intl.DateTimeFormat costs far more than using one (a list formats hundreds of
// dates per frame). Pure TypeScript: used by the renderer's views and by the stories in src/shared.

type DateStyle =
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
  /** "22 Nov, 09:05" (two-digit hour): a row of search hits or drafts */
  | 'day-time'
  /** "22/11/2026": the locale's numeric date (what Date's toLocaleDateString gives) */
  | 'numeric-date'
  /** "22/11/2026, 14:05:09": the locale's numeric date and time (Date's toLocaleString) */
  | 'numeric-date-time'

const STYLES: Record<DateStyle, Intl.DateTimeFormatOptions> = {
  'date-time': { dateStyle: 'medium', timeStyle: 'medium' },
  'short-date-time': { day: 'numeric', month: 'short', hour: 'numeric', minute: '2-digit' },
  date: { dateStyle: 'medium' },
  day: { day: 'numeric', month: 'short' },
  time: { hour: 'numeric', minute: '2-digit' },
  'day-time': { day: 'numeric', month: 'short', hour: '2-digit', minute: '2-digit' },
  'numeric-date': { year: 'numeric', month: 'numeric', day: 'numeric' },
  'numeric-date-time': {
    year: 'numeric',
    month: 'numeric',
    day: 'numeric',
    hour: 'numeric',
    minute: 'numeric',
    second: 'numeric',
  },
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

/** A moment in the locale's numeric words with its exact UTC form: "22/11/2026, 14:05:09 (2026-11-22T13:05:09.000Z)". */
export function fullTimestamp(iso: string): string {
  const date = new Date(iso)
  return Number.isNaN(date.getTime()) ? iso : `${formatMoment(date, 'numeric-date-time')} (${date.toISOString()})`
}

/** "14:05:09.123": a local clock time to the millisecond, the same in every locale (the request log). */
export function clockTime(epochMs: number): string {
  const d = new Date(epochMs)
  const pad = (n: number, w = 2) => String(n).padStart(w, '0')
  return `${pad(d.getHours())}:${pad(d.getMinutes())}:${pad(d.getSeconds())}.${pad(d.getMilliseconds(), 3)}`
}

/** The locale's numeric date and the clock time: "22/11/2026 14:05:09.123". */
export function dateAndClockTime(epochMs: number): string {
  return `${formatMoment(epochMs, 'numeric-date')} ${clockTime(epochMs)}`
}

/** "3 minutes ago", "just now", "never": how fresh something is, in a sentence. */
export function agoInWords(iso: string | null, nowMs: number): string {
  if (!iso) return 'never'
  const seconds = Math.max(0, Math.round((nowMs - Date.parse(iso)) / 1000))
  if (seconds < 45) return 'just now'
  const minutes = Math.round(seconds / 60)
  if (minutes < 60) return `${minutes} minute${minutes === 1 ? '' : 's'} ago`
  const hours = Math.round(minutes / 60)
  if (hours < 36) return `${hours} hour${hours === 1 ? '' : 's'} ago`
  const days = Math.round(hours / 24)
  return `${days} days ago`
}

/** "just now", "5 min ago", "3 h ago", "yesterday", "2 days ago", then the date: in a narrow column. */
export function agoBrief(iso: string, now: Date): string {
  const then = new Date(iso)
  const seconds = Math.round((now.getTime() - then.getTime()) / 1000)
  if (!Number.isFinite(seconds)) return iso
  if (seconds < 45) return 'just now'
  const minutes = Math.round(seconds / 60)
  if (minutes < 60) return `${minutes} min ago`
  const hours = Math.round(minutes / 60)
  if (hours < 24) return `${hours} h ago`
  const days = Math.round(hours / 24)
  if (days < 30) return days === 1 ? 'yesterday' : `${days} days ago`
  return formatMoment(then, 'numeric-date')
}

/** `<input type="datetime-local">` value from epoch ms (local time); '' for none. */
export function toDateTimeLocal(epochMs: number | null | undefined): string {
  if (epochMs == null) return ''
  const d = new Date(epochMs - new Date(epochMs).getTimezoneOffset() * 60_000)
  return d.toISOString().slice(0, 19)
}

/** Epoch ms of a `datetime-local` value (local time); null for none or nonsense. */
export function fromDateTimeLocal(value: string): number | null {
  if (!value) return null
  const ms = new Date(value).getTime()
  return Number.isFinite(ms) ? ms : null
}
