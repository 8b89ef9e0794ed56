// What the client notes about an answer to a request that carried an Idempotency-Key
// (https://docs.mollie.com/overview/api-idempotency): a replay of the first answer, or, when an
// earlier answer to the same key named another object, a flag instead of "nothing was done twice"
// (issue 27 item 6). The words are shared/explanations.ts's, so the Inspector says the same.

import { idempotencyHint } from '../../../shared/explanations'
import type { HttpAttemptResult } from './http'

/**
 * Remembers the object id of the first answer per idempotency key (bounded), so a replayed answer
 * that names another object is flagged instead of read as "nothing was done twice".
 */
export class FirstAnswers {
  private readonly ids = new Map<string, string>()

  constructor(private readonly max = 1000) {}

  /** Records the id answered for `key`; returns the first id when this answer names another one. */
  check(key: string, id: string): string | null {
    const first = this.ids.get(key)
    if (first === undefined) {
      this.remember(key, id)
      return null
    }
    return first !== id ? first : null
  }

  private remember(key: string, id: string): void {
    if (this.ids.size >= this.max) {
      const oldest = this.ids.keys().next().value
      if (oldest !== undefined) this.ids.delete(oldest)
    }
    this.ids.set(key, id)
  }
}

/**
 * The attempt's notes, plus one when the service replayed an earlier answer (Idempotent-Replayed),
 * or the flag when this successful answer names another object than the first answer to its key.
 */
export function answerNotes(input: {
  firstAnswers: FirstAnswers
  method: string
  status: number | null
  idempotencyKey: string | undefined
  headers: HttpAttemptResult['headers']
  /** The parsed answer of a success, else undefined. */
  value: unknown
  notes: string[]
}): string[] {
  const { method, status, idempotencyKey, notes } = input
  if (status === null || status >= 300) return notes
  const answeredId = (input.value as { id?: unknown } | undefined)?.id
  const firstId =
    idempotencyKey && typeof answeredId === 'string' ? input.firstAnswers.check(idempotencyKey, answeredId) : null
  const replayed = input.headers?.['idempotent-replayed']
  const hint = idempotencyHint({
    method,
    status,
    idempotencyKey,
    replayed: (Array.isArray(replayed) ? replayed[0] : replayed) === 'true',
    replayDiffers: firstId !== null && typeof answeredId === 'string' ? { firstId, id: answeredId } : null,
  })
  return hint ? [...notes, hint] : notes
}
