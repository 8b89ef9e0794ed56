// What the index remembers besides its rows: where each sync walk stands (encrypted markers) and
// which account the rows belong to.
import { decryptJson, encryptJson } from '../../storage/encryption'
import { PAYMENT_CAP_CHOICES } from '../../../shared/search/index-cap'
import type { IndexContext } from './context'
import type { MarkerKind, SyncMarker } from '../sync-target'

/** The marker of a list never walked. */
export const EMPTY_MARKER: Readonly<SyncMarker> = {
  newestId: null,
  newestCreatedMs: null,
  nextLink: null,
  walkTopId: null,
  walkTopCreatedMs: null,
  full: false,
  lastCompletedAt: null,
  walked: 0,
  olderNotKept: false,
}

function markerAad(ctx: IndexContext, kind: MarkerKind): string {
  return `search-sync:2:${ctx.connectionId}:${kind}`
}

export function readMarker(ctx: IndexContext, kind: MarkerKind): SyncMarker {
  const row = ctx.stmt(`SELECT state FROM sync_state WHERE kind = ?`).get(kind) as { state: string } | undefined
  const empty = EMPTY_MARKER
  if (!row) return empty
  try {
    // Encrypted and bound to the connection and list: a marker edited, or copied from another
    // index, does not decrypt, and the walk starts again from the newest object.
    const state = decryptJson<Partial<SyncMarker>>(ctx.key, Buffer.from(row.state, 'base64'), markerAad(ctx, kind))
    return { ...empty, ...state }
  } catch {
    return empty
  }
}

/** Saves a marker; call inside `upsert`'s `after` to commit it with the page. */
export function saveMarker(ctx: IndexContext, kind: MarkerKind, marker: SyncMarker): void {
  ctx
    .stmt(`INSERT INTO sync_state (kind, state) VALUES (?, ?) ON CONFLICT(kind) DO UPDATE SET state = excluded.state`)
    .run(kind, Buffer.from(encryptJson(ctx.key, marker, markerAad(ctx, kind))).toString('base64'))
}

/** The account the rows belong to (`profileId|mode` of the first row), or null when empty. */
export function readScope(ctx: IndexContext): string | null {
  const v = ctx.stmt(`SELECT value FROM meta WHERE key = 'scope'`).get() as { value: string } | undefined
  return v?.value ?? null
}

export function saveScope(ctx: IndexContext, scope: string): void {
  ctx
    .stmt(`INSERT INTO meta (key, value) VALUES ('scope', ?) ON CONFLICT(key) DO UPDATE SET value = excluded.value`)
    .run(scope)
}

/**
 * The agent's choice of how many payments this index keeps, or null when never chosen. Only one of the
 * offered choices counts: an edited value in the data folder falls back to the default.
 */
export function readPaymentCap(ctx: IndexContext): number | null {
  const v = ctx.stmt(`SELECT value FROM meta WHERE key = 'payment-cap'`).get() as { value: string } | undefined
  return PAYMENT_CAP_CHOICES.find((n) => String(n) === v?.value) ?? null
}

export function savePaymentCap(ctx: IndexContext, cap: number): void {
  ctx
    .stmt(
      `INSERT INTO meta (key, value) VALUES ('payment-cap', ?) ON CONFLICT(key) DO UPDATE SET value = excluded.value`,
    )
    .run(String(cap))
}
