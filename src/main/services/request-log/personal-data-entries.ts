// The request log's entries without customers' personal data, for an export (personal-data.ts).
import type { RequestLogEntry } from '../../../shared/request-log-types'
import { bodyWithoutPersonalData, createPersonalDataMasker, maskStrings, personalValuesOf } from '../personal-data'

export function entriesWithoutPersonalData(entries: readonly RequestLogEntry[]): RequestLogEntry[] {
  const values = personalValuesOf(entries.flatMap((e) => e.attempts.flatMap((a) => [a.requestBody, a.responseBody])))
  const mask = createPersonalDataMasker(values)
  const body = (text: string | null) => (text === null ? null : bodyWithoutPersonalData(text, mask))
  return entries.map((entry) => ({
    ...entry,
    notes: entry.notes.map(mask),
    attempts: entry.attempts.map((attempt) => ({
      ...attempt,
      url: mask(attempt.url),
      requestHeaders: maskStrings(attempt.requestHeaders, mask),
      responseHeaders: maskStrings(attempt.responseHeaders, mask),
      requestBody: body(attempt.requestBody),
      responseBody: body(attempt.responseBody),
      error: attempt.error ? { ...attempt.error, message: mask(attempt.error.message) } : null,
    })),
  }))
}
