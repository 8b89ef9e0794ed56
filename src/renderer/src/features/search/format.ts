/** "3 minutes ago", "just now", "never": how fresh the index is, in plain words. */
export function ago(iso: string | null, nowMs: number): string {
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

// One formatter for every row: toLocaleString with options builds a new Intl.DateTimeFormat per call
// (tens of microseconds each, for each of up to 40 rows per keystroke).
const SHORT_DATE = new Intl.DateTimeFormat(undefined, {
  day: 'numeric',
  month: 'short',
  hour: '2-digit',
  minute: '2-digit',
})

export function shortDate(iso: string): string {
  return SHORT_DATE.format(new Date(iso))
}
