// Object ids (choice documented in docs/SANDBOX.md): `<prefix>_` + a fixed-width base-62 sequence
// number + a random suffix. The alphabet is in ASCII order, so comparing ids as strings compares
// their creation order: cursor pagination (spec 4.3) can then binary-search on the id itself.

import type { IdPrefix } from '../shared/service/ids'

export const BASE62 = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz'
const SEQUENCE_WIDTH = 8
const SUFFIX_WIDTH = 4

/** Deterministic PRNG (mulberry32): the same seed gives the same data set. */
export function createRandom(seed: number): () => number {
  let state = seed >>> 0
  return () => {
    state = (state + 0x6d2b79f5) >>> 0
    let t = state
    t = Math.imul(t ^ (t >>> 15), t | 1)
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61)
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296
  }
}

export function randomBase62(random: () => number, length: number): string {
  let out = ''
  for (let i = 0; i < length; i++) out += BASE62[Math.floor(random() * 62)]
  return out
}

export function encodeSequence(n: number): string {
  let out = ''
  let rest = n
  for (let i = 0; i < SEQUENCE_WIDTH; i++) {
    out = BASE62[rest % 62] + out
    rest = Math.floor(rest / 62)
  }
  if (rest > 0) throw new Error('id sequence exhausted')
  return out
}

/** One shared, monotonically increasing sequence for all prefixes of one sandbox. */
export class IdFactory {
  private sequence = 0

  constructor(private readonly random: () => number) {}

  next(prefix: IdPrefix): string {
    this.sequence += 1
    return `${prefix}_${encodeSequence(this.sequence)}${randomBase62(this.random, SUFFIX_WIDTH)}`
  }
}
