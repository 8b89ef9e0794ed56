import { z } from 'zod'
import type { BucketSnapshot } from '../api-events'
import type { RequestLogExportResult, RequestLogEntry, RequestLogListView } from '../request-log-types'
import { defineChannel } from './define'

/** The client's request ids are UUIDs; bounded and plain so no junk reaches the log. */
const requestLogIdSchema = z
  .string()
  .min(1)
  .max(64)
  .regex(/^[A-Za-z0-9_-]+$/, 'Not a request log id.')

const idsSchema = z.array(requestLogIdSchema).min(1).max(20_000)

export const requestLogChannels = {
  /** Every entry as a summary row, newest first (the renderer filters these itself). */
  'requestLog.list': defineChannel<RequestLogListView>()(z.undefined()),
  /** One entry with all its attempts (redacted). */
  'requestLog.get': defineChannel<RequestLogEntry>()(z.object({ id: requestLogIdSchema }).strict()),
  /** Full-text search over URLs, headers and bodies, in main where the bodies are. */
  'requestLog.search': defineChannel<{ ids: string[] }>()(
    z.object({ text: z.string().max(500), ids: idsSchema.optional() }).strict(),
  ),
  /** Adds (or removes) a support case id on entries. */
  'requestLog.tag': defineChannel<{ updated: number }>()(
    z.object({ ids: idsSchema, tag: z.string().min(1).max(64), remove: z.boolean().optional() }).strict(),
  ),
  /** Deletes the whole log, memory and disk; `confirm: true` is the user's explicit yes. */
  /** Main asks the person in its own dialog first; no confirmation can be passed from the page. */
  'requestLog.clear': defineChannel<{ cleared: number }>()(z.object({}).strict()),
  /** A cURL command for one attempt (the last by default), the key as $PAYDESK_API_KEY. */
  'requestLog.curl': defineChannel<{ command: string }>()(
    z.object({ id: requestLogIdSchema, attempt: z.number().int().min(1).max(100).optional() }).strict(),
  ),
  /** Writes the chosen entries, redacted, to a file picked in the save dialog. */
  'requestLog.export': defineChannel<RequestLogExportResult>()(
    z.object({ ids: idsSchema, format: z.enum(['har', 'json']) }).strict(),
  ),
  /** The active connection's rate-limit buckets now (later changes come as `rateLimit.changed`). */
  'rateLimit.state': defineChannel<BucketSnapshot[]>()(z.undefined()),
}
