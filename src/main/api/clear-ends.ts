// Clear ends for the client's calls (issue 27 item 6): what a call says when it ends in a way the
// plain status handling would leave vague or crash on.

/** Deeper JSON than this is no answer of the service (spec 4: resources nest a few levels). */
export const MAX_JSON_DEPTH = 64

/** Nesting depth of a parsed JSON value, counted without recursion (a deep value must not overflow the stack). */
export function jsonDepthExceeds(value: unknown, max = MAX_JSON_DEPTH): boolean {
  const stack: [unknown, number][] = [[value, 1]]
  while (stack.length > 0) {
    const [v, depth] = stack.pop() as [unknown, number]
    if (typeof v !== 'object' || v === null) continue
    if (depth > max) return true
    for (const child of Array.isArray(v) ? v : Object.values(v)) {
      if (typeof child === 'object' && child !== null) stack.push([child, depth + 1])
    }
  }
  return false
}

/** A 3xx answer: never followed (the credential would travel with it); the message says so. */
export function redirectMessage(status: number, location: string | undefined): string {
  const to = location ? ` to ${location.slice(0, 200)}` : ''
  return `The service answered with a redirect (${status}${to}); Paydesk does not follow redirects, so nothing more was sent. Check the connection's base URL.`
}

const RESOURCE_WORDS: Record<string, string> = {
  '/payments': 'payment',
  '/orders': 'order',
  '/refunds': 'refund',
}

/** The object a write acts on, in words ("payment", "refund"), from its path. */
function objectWord(path: string): string {
  if (/\/refunds(\/|$)/.test(path)) return RESOURCE_WORDS['/refunds'] ?? 'object'
  if (/^\/orders\/[^/]+\/payments/.test(path)) return 'payment'
  if (path.startsWith('/orders')) return RESOURCE_WORDS['/orders'] ?? 'object'
  if (path.startsWith('/payments')) return RESOURCE_WORDS['/payments'] ?? 'object'
  return 'object'
}

/**
 * A write whose answer never arrived (network fault or timeout after it was sent): it may have been
 * done. Says so, and how to find out without acting twice.
 */
export function lostAnswerSentence(method: string, path: string, idempotencyKey: string | undefined): string {
  const what = objectWord(path)
  const done =
    method === 'POST'
      ? `the ${what} may have been created`
      : method === 'DELETE'
        ? `the ${what} may have been canceled`
        : `the ${what} may have been changed`
  const key = idempotencyKey
    ? ` Sending it again with the same idempotency key (${idempotencyKey}) returns the first result instead of acting twice.`
    : ''
  return `The answer was lost, so ${done}. Look it up before sending it again.${key}`
}

/** A 4xx to a resent cancel that says the object is already canceled: the first attempt did it. */
export function isAlreadyCanceled(status: number | null, detail: string | null): boolean {
  return status !== null && status >= 400 && status < 500 && /already\s+(been\s+)?cancel/i.test(detail ?? '')
}

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

export function replayDiffersNote(firstId: string, id: string): string {
  return `The service replayed an answer for this idempotency key that names ${id}, but the first answer named ${firstId}: check both; this is not a plain replay.`
}
