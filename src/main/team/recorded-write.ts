// Every write Paydesk sends is recorded (issue 50 item 2): the service's answer to it, decided in main
// from what the API client returned or threw. The actions (services/actions/) and the builder's
// creates (services/orders/) call `recordedSend`; the record service keeps the row and retries a record
// write that failed, so recording never blocks or undoes the money write.
import type { NewActionRecord, RecordedOutcome, RecordObjectRef } from '../../shared/team-record'
import { isApiError } from '../api'

/** Where a write's record goes: never throws, never waits for the store (record-service.ts). */
export type WriteRecorder = (row: NewActionRecord) => void

/** What a write is, as the record names it; its outcome is added once the service answered. */
export type RecordedWrite = Omit<NewActionRecord, 'outcome'> & {
  /** The agent's words for the write ("Refund of EUR 45.00"), the outcome's sentence starts with it. */
  words: string
  /**
   * A create names its object only in the service's answer: the object made (`ord_…`, `tr_…`) when it
   * answered one; `object` (the draft it was sent from) otherwise.
   */
  made?: (value: unknown) => RecordObjectRef | null
}

/** The object the service made or changed, when its answer says (`re_…`, `tr_…`, `ord_…`). */
function resultIdOf(value: unknown): string | null {
  if (typeof value !== 'object' || value === null) return null
  const id = (value as { id?: unknown }).id
  return typeof id === 'string' ? id : null
}

/** The client answers a 2xx with the object, not its status code: the status is left out (null). */
function doneOutcome(words: string, value: unknown): RecordedOutcome {
  return { result: 'done', status: null, resultId: resultIdOf(value), summary: `${words}: done.` }
}

/**
 * A write that threw: an HTTP answer from the service is a refusal (its status kept); no answer at all
 * (a timeout, a dropped connection) is unknown, since the write may have taken effect.
 */
function failedOutcome(words: string, error: unknown): RecordedOutcome {
  if (isApiError(error) && error.kind === 'http' && error.status !== null) {
    return {
      result: 'refused',
      status: error.status,
      resultId: null,
      summary: `${words}: refused by the service (${error.status}).`,
    }
  }
  return {
    result: 'unknown',
    status: null,
    resultId: null,
    summary: `${words}: the service's answer was lost; it may have taken effect.`,
  }
}

/** Sends the write and records what the service answered; the send's result or error passes unchanged. */
export async function recordedSend<T>(record: WriteRecorder, write: RecordedWrite, send: () => Promise<T>): Promise<T> {
  const { words, made, ...row } = write
  let value: T
  try {
    value = await send()
  } catch (error) {
    record({ ...row, outcome: failedOutcome(words, error) })
    throw error
  }
  record({ ...row, object: made?.(value) ?? row.object, outcome: doneOutcome(words, value) })
  return value
}
