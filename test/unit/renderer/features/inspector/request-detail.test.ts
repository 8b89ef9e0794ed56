// One logged request read for its detail (the logic of use-request-detail.ts): the attempt shown,
// the attempt whose rate limit tells most, and what happened in plain words.
import { describe, expect, it } from 'vitest'
import {
  explainEntry,
  mostTellingAttempt,
  shownAttempt,
} from '../../../../../src/renderer/src/features/inspector/request-detail'
import { attemptEvent, logEntry } from '../../../helpers/request-log-fixtures'

const limitedRate = { policy: 'get-v2-payments', q: 25, w: 1, burst: 50, r: 0, t: 2, serviceBurst: 0, retryAfter: 2 }
const tooMany = attemptEvent({ attempt: 1, status: 429, outcome: 'retry', rateLimit: limitedRate })
const ok = attemptEvent({ attempt: 2, status: 200, outcome: 'success', error: null, rateLimit: null })
const retried = logEntry([tooMany, ok])

describe('shownAttempt', () => {
  it('shows the attempt chosen, else the last', () => {
    expect(shownAttempt(retried, null)).toBe(ok)
    expect(shownAttempt(retried, 1)).toBe(tooMany)
    expect(shownAttempt(retried, 7)).toBe(ok)
  })
})

describe('mostTellingAttempt', () => {
  it('reads the rate limit of the last 429, not of the answer after it', () => {
    expect(mostTellingAttempt(retried)).toBe(tooMany)
    const again = attemptEvent({ attempt: 2, status: 429, outcome: 'retry' })
    expect(mostTellingAttempt(logEntry([tooMany, again, ok]))).toBe(again)
  })

  it('is the last attempt when none was refused for the rate', () => {
    const single = logEntry([ok])
    expect(mostTellingAttempt(single)).toBe(ok)
  })
})

describe('explainEntry', () => {
  it('tells a request that went through after automatic retries from the last attempt', () => {
    const said = explainEntry(retried, ok, tooMany, null)
    expect(said.title).toBe('200 · success')
    expect(said.text).toMatch(/retried it 1 time automatically/)
  })

  it("reads a replay from the last attempt's headers and the entry's key", () => {
    const replayed = attemptEvent({
      status: 201,
      outcome: 'success',
      error: null,
      responseHeaders: { 'idempotent-replayed': 'true' },
    })
    const post = logEntry([replayed], { method: 'POST', idempotencyKey: 'idem-1' })
    expect(explainEntry(post, replayed, replayed, null).title).toBe('201 · replayed')
    expect(explainEntry({ ...post, idempotencyKey: null }, replayed, replayed, null).title).not.toBe('201 · replayed')
  })
})
