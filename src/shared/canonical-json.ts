// JSON text with object keys sorted at every level, so equal values give equal text whatever the
// order their keys were set in: the sandbox's idempotency check (a repeated key with the same body)
// and the builder's "nothing entered yet" (shared/draft-kind.ts) compare values this way.

/** JSON text with object keys sorted at every level: equal for equal parsed values. */
export function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`
  if (typeof value === 'object' && value !== null) {
    const entries = Object.keys(value)
      .sort()
      .map((k) => `${JSON.stringify(k)}:${canonicalJson((value as Record<string, unknown>)[k])}`)
    return `{${entries.join(',')}}`
  }
  return JSON.stringify(value) ?? 'null'
}
