/**
 * Events main sends to the renderer through the one subscription (`paydesk.on`). The type map is
 * the contract; EVENT_NAMES is the preload's allow-list, kept complete by the `satisfies` below.
 */
export interface PaydeskEvents {
  /** Something about the connections changed (added, removed, active switched). */
  'connections.changed': { activeId: string }
  /** The API client finished one attempt; the payload is a summary row of the request log. */
  'requestLog.appended': unknown
  /** The API client's buckets changed (remaining, queued, paused until). */
  'rateLimit.changed': unknown
}

export type EventName = keyof PaydeskEvents

export const EVENT_NAMES = [
  'connections.changed',
  'requestLog.appended',
  'rateLimit.changed',
] as const satisfies readonly EventName[]

// Fails to compile if an event is declared above but missing from EVENT_NAMES.
type Missing = Exclude<EventName, (typeof EVENT_NAMES)[number]>
export const eventNamesAreComplete: Missing extends never ? true : never = true
