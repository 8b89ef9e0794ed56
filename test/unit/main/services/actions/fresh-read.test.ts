/**
 * Acting only on a fresh reading (issue 49, "Bad input"): a cancel, change or order cancel whose
 * read before the write fails (5xx, 429, no answer) sends nothing and says why; a definitive answer
 * (404) is passed on as the client reported it.
 */
import { describe, expect, it } from 'vitest'
import { ApiError } from '../../../../../src/main/api'
import { readBeforeAct } from '../../../../../src/main/services/actions/fresh-read'

const failing = (error: unknown) => () => Promise.reject(error)

describe('readBeforeAct', () => {
  it('passes the fresh object on', async () => {
    await expect(readBeforeAct('tr_1', 'a cancel', async () => 'fresh')).resolves.toBe('fresh')
  })

  it.each([
    [new ApiError({ kind: 'http', status: 502, message: 'Bad Gateway' }), /answered 502/],
    [new ApiError({ kind: 'http', status: 429, message: 'Too Many Requests' }), /busy and answered 429/],
    [new ApiError({ kind: 'timeout', message: 'headers timeout' }), /took too long/],
    [new ApiError({ kind: 'network', message: 'ECONNREFUSED' }), /connection failed/],
    // The client's circuit after a lasting 503: what the service answered, not a connection failure.
    [
      new ApiError({
        kind: 'network',
        message: 'Not sent: the service has been down for 19 s',
        attempts: [503, 503, null].map((status, i) => ({
          attempt: i + 1,
          status,
          error: status === null ? 'network: not sent' : null,
          durationMs: 1,
          waitBeforeMs: 0,
          reason: i === 0 ? 'first' : 'answered 503',
        })),
      }),
      /\(the service answered 503, again and again, so Paydesk paused sending to it\)/,
    ],
  ])('refuses in words when the state is unknown (%s)', async (error, words) => {
    const refusal = readBeforeAct('ord_1', 'a cancel', failing(error))
    await expect(refusal).rejects.toMatchObject({ name: 'UserFacingError', code: 'conflict' })
    await expect(refusal).rejects.toThrow(words)
    await expect(refusal).rejects.toThrow(/^Nothing was sent: .* never sends a cancel on an older reading/)
  })

  it('passes a definitive answer on as it is (a payment that does not exist)', async () => {
    const notFound = new ApiError({ kind: 'http', status: 404, message: 'Not Found' })
    await expect(readBeforeAct('tr_1', 'a change', failing(notFound))).rejects.toBe(notFound)
  })
})
