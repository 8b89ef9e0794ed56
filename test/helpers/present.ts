// Tests read arrays, records and nullable fields; under noUncheckedIndexedAccess an index read may
// be undefined. `present` fails the test right there, naming what was missing, where a `!` would
// let it go on with undefined and fail somewhere else, or not at all.

/** `value`, or a test failure naming `what` when it is undefined or null. */
export function present<T>(value: T | undefined | null, what = 'a value'): T {
  if (value === undefined || value === null) throw new Error(`Expected ${what}, got ${String(value)}.`)
  return value
}
