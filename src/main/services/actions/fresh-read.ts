// Acting only on a fresh reading (issue 49, "Bad input"): before a refund, cancel or change, main
// reads the object again; when that read fails in a way that leaves its state unknown (no answer,
// 429, 5xx, too slow), nothing is sent and the agent is told so in a sentence.
import { isApiError } from '../../api'
import { UserFacingError } from '../../errors'

/** Why the fresh read failed, in a few words ("the service answered 503"). */
function readFailure(error: unknown): string {
  if (!isApiError(error)) return 'an unexpected error'
  switch (error.kind) {
    case 'http':
      return error.status === 429
        ? 'the service is busy and answered 429 (too many requests)'
        : `the service answered ${error.status ?? 'with an error'}`
    case 'network': {
      // A lasting outage ends in the client's circuit (a 'network' refusal): name what the service
      // answered before that, not a connection failure it never had.
      const answered = error.status ?? [...error.attempts].reverse().find((a) => a.status !== null)?.status
      return answered !== undefined && answered !== null
        ? `the service answered ${answered}, again and again, so Paydesk paused sending to it`
        : 'no answer from the service (the connection failed)'
    }
    case 'timeout':
      return 'the service took too long to answer'
    case 'queue-full':
      return 'too many requests are waiting for the rate limit'
    default:
      return 'its answer could not be read'
  }
}

/** A failure after which the object's state is unknown: no answer, too slow, 408, 429 or 5xx. */
function stateUnknown(error: unknown): boolean {
  if (!isApiError(error)) return false
  if (error.kind === 'network' || error.kind === 'timeout' || error.kind === 'queue-full') return true
  if (error.kind === 'malformed-response') return true
  return (
    error.kind === 'http' &&
    (error.status === null || error.status >= 500 || error.status === 408 || error.status === 429)
  )
}

/**
 * Reads a payment fresh before acting on it. A 404 (or another definitive 4xx) is passed on as the
 * client reported it; anything that leaves the state unknown refuses with a sentence.
 */
export async function readBeforeAct<T>(objectId: string, what: string, read: () => Promise<T>): Promise<T> {
  try {
    return await read()
  } catch (error) {
    if (!stateUnknown(error)) throw error
    throw new UserFacingError(
      'conflict',
      `Nothing was sent: Paydesk could not read ${objectId} fresh just now (${readFailure(error)}), and it never ` +
        `sends ${what} on an older reading. Try again in a moment.`,
    )
  }
}
