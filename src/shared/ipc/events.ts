import type { BucketSnapshot } from '../api-events'
import type { RequestLogAppended } from '../request-log-types'
import type { SyncProgress } from './search'
import type { RecordChange } from '../team-record'

/**
 * Events main sends to the renderer through the one subscription (`paydesk.on`). The type map is
 * the contract; EVENT_NAMES is the preload's allow-list, kept complete by the `satisfies` below.
 */
export interface PaydeskEvents {
  /** Something about the connections changed (added, removed, active switched). */
  'connections.changed': { activeId: string }
  /** Request log rows added or changed (batched, ~10 per second at most), or the log was cleared. */
  'requestLog.appended': RequestLogAppended
  /** The API client's buckets changed (remaining, queued, paused until), all buckets each time. */
  'rateLimit.changed': BucketSnapshot[]
  /** Progress of a payments export (the main process writes the file). */
  'payments.exportProgress': { exportId: string; written: number; total: number; done: boolean }
  /** The local index's background sync: items, pages, rate, state. */
  'search.progress': SyncProgress
  /** The person chose Help in the app menu (or pressed its key): the page opens its guide. */
  'app.help': Record<string, never>
  /** The shared record changed (a note, a case, a recorded write; this desk's or another's), or its status. */
  'team.changed': RecordChange
}

export type EventName = keyof PaydeskEvents

/** The one Electron IPC channel main sends events on (main's sender and the preload's listener). */
export const EVENT_CHANNEL = 'paydesk:event'

export const EVENT_NAMES = [
  'connections.changed',
  'requestLog.appended',
  'rateLimit.changed',
  'payments.exportProgress',
  'search.progress',
  'app.help',
  'team.changed',
] as const satisfies readonly EventName[]

// Fails to compile if an event is declared above but missing from EVENT_NAMES.
type Missing = Exclude<EventName, (typeof EVENT_NAMES)[number]>
export const eventNamesAreComplete: Missing extends never ? true : never = true
