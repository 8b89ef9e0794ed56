// How many records each request-log segment held when Paydesk last wrote (issue 22 item 7). A
// record is bound to its place (store.ts), which shows records replayed, reordered or cut
// from the middle; what that cannot show is records cut from the END of a segment. This small file,
// encrypted with the data key and written after every append, holds the counts, so on load a segment
// with fewer records than it had is reported. A crash between an append and this write leaves a
// segment with MORE records than counted, which is not reported. What it cannot show: the segments
// and this file put back together from an older copy (SECURITY.md).
import path from 'node:path'
import { z } from 'zod'
import { DecryptionError, decryptJson, encryptJson } from '../../storage/encryption'
import { writeFileAtomic } from '../../storage/atomic-file'
import { readFileNoFollow } from '../../storage/no-follow'

export const MANIFEST_FILE = 'segments.seal'
const AAD = 'paydesk-request-log-manifest:1'
const manifestSchema = z.object({ v: z.literal(1), counts: z.record(z.string(), z.number().int().min(0)) }).strict()

type SegmentCounts = Map<number, number>

/** The counts as last written; null when there is no manifest, 'unreadable' when it does not decrypt. */
export async function readManifest(dir: string, key: Uint8Array): Promise<SegmentCounts | null | 'unreadable'> {
  let bytes: Buffer
  try {
    bytes = await readFileNoFollow(path.join(dir, MANIFEST_FILE))
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null
    throw error
  }
  try {
    const parsed = manifestSchema.safeParse(decryptJson(key, bytes, AAD))
    if (!parsed.success) return 'unreadable'
    return new Map(Object.entries(parsed.data.counts).map(([index, count]) => [Number(index), count]))
  } catch (error) {
    if (error instanceof DecryptionError) return 'unreadable'
    throw error
  }
}

export async function writeManifest(dir: string, key: Uint8Array, counts: SegmentCounts): Promise<void> {
  const value = { v: 1 as const, counts: Object.fromEntries([...counts].map(([i, n]) => [String(i), n])) }
  await writeFileAtomic(path.join(dir, MANIFEST_FILE), encryptJson(key, value, AAD), { mode: 0o600 })
}

/**
 * Records missing from the end of segments, by comparing what the segments hold now with the counts
 * written last. Segments older than the oldest one present were rotated away and do not count.
 */
export function recordsCutFromEnd(
  counted: SegmentCounts,
  present: readonly { index: number; records: number }[],
): number {
  const oldest = present[0]?.index ?? Number.POSITIVE_INFINITY
  let cut = 0
  for (const [index, count] of counted) {
    if (index < oldest) continue
    const segment = present.find((s) => s.index === index)
    // A segment missing altogether is reported as out of place by the store (a gap in the numbers),
    // except the newest: counted here as all of its records cut.
    if (!segment) {
      if (index > (present[present.length - 1]?.index ?? 0)) cut += count
      continue
    }
    if (segment.records < count) cut += count - segment.records
  }
  return cut
}
