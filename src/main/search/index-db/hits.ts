// A row of a query's result as the agent sees it (a hit: what it is, whose, which fields matched),
// and the home screen's summary, which shows hits too.
import type { HomeSummary, SearchHit, SyncKind } from '../../../shared/ipc/search'
import { amountKey, type ParsedQuery } from '../../../shared/search/query'
import { FTS_COLUMNS, MATCH_LABELS, type PersonalFields } from '../rows'
import { countRows, type HitRow, type IndexContext } from './context'

export type { HitRow } from './context'

/** Two characters or more, or one symbol/ideograph (an emoji, a CJK character). */
export function searchableLength(term: string): boolean {
  return [...term].length >= 2 || /[\p{So}\p{Lo}]/u.test(term)
}

export function amountAlsoText(q: ParsedQuery): boolean {
  return q.amount?.alsoText === true && searchableLength(q.amount.raw)
}

/** Lower case without accents, as the full-text tokenizer compares. */
const fold = (s: string) => s.normalize('NFKD').replace(/\p{M}/gu, '').toLowerCase()

/** The row's words, from the in-memory full-text table. */
function wordsOf(ctx: IndexContext, kind: SyncKind, r: HitRow): PersonalFields | undefined {
  const tkey =
    r.tkey ??
    (ctx.stmt(`SELECT tkey FROM mem.${kind}_keys WHERE rid = ?`).get(r.rid) as { tkey: number } | undefined)?.tkey
  return tkey === undefined
    ? undefined
    : (ctx.stmt(`SELECT ${FTS_COLUMNS.join(', ')}, state FROM mem.${kind}_fts WHERE rowid = ?`).get(tkey) as
        PersonalFields | undefined)
}

/** What of the row the query matched, in the labels a hit shows. */
function matchedLabels(r: HitRow, p: PersonalFields | undefined, q: ParsedQuery, terms: string[]): string[] {
  const matched: string[] = []
  if (p) {
    const folded = terms.map(fold)
    for (const column of FTS_COLUMNS) {
      const text = fold(p[column])
      if (folded.some((t) => text.includes(t)) || (amountAlsoText(q) && text.includes(q.amount?.raw ?? ''))) {
        matched.push(MATCH_LABELS[column])
      }
    }
  }
  if (
    q.amount &&
    q.amount.keys.includes(amountKey(r.value)) &&
    (!q.amount.currency || q.amount.currency === r.currency)
  ) {
    matched.push('Amount')
  }
  if (q.statuses.length) matched.push('Status')
  if (q.methods.length) matched.push('Method')
  if (q.range) matched.push('Date')
  return matched
}

/** A text that is one run of words said again and again ("Ann Lee Ann Lee") as that run, once. */
function onceOver(text: string): string {
  const words = text.split(/\s+/).filter(Boolean)
  for (let size = 1; size <= words.length / 2; size++) {
    if (words.length % size === 0 && words.every((w, i) => w === words[i % size])) {
      return words.slice(0, size).join(' ')
    }
  }
  return words.join(' ')
}

/**
 * Whose it is, as a hit shows it: "Sanne de Vries · sanne.devries@example.com". The index keeps every
 * name (consumer, card holder, billing, shipping) and both e-mails for the search, and they are most
 * often the same person twice: each is said once here.
 */
export function customerLine(name: string | undefined, email: string | undefined): string {
  const emails = [...new Set((email ?? '').split(/\s+/).filter(Boolean))]
  return [onceOver(name ?? ''), emails.join(', ')].filter(Boolean).join(' · ')
}

export function toHit(ctx: IndexContext, kind: SyncKind, r: HitRow, q: ParsedQuery, terms: string[]): SearchHit {
  const p = wordsOf(ctx, kind, r)
  return {
    kind: kind === 'payments' ? 'payment' : 'order',
    id: r.id,
    createdAt: new Date(r.created_ms).toISOString(),
    status: r.status,
    state: p?.state || r.status,
    method: r.method,
    amount: { currency: r.currency, value: r.value },
    orderId: r.order_id,
    title: kind === 'orders' ? p?.orderNumber || r.id : p?.description || r.id,
    customer: customerLine(p?.name, p?.email),
    matched: matchedLabels(r, p, q, terms),
    latestPaymentId:
      kind === 'orders'
        ? ((
            ctx
              .stmt(`SELECT id FROM payments WHERE order_id = ? ORDER BY created_ms DESC, id DESC LIMIT 1`)
              .get(r.id) as { id: string } | undefined
          )?.id ?? null)
        : null,
  }
}

/**
 * A payment of an order is the order's customer's: the order holds their address and e-mail (its
 * payment may carry a name at most). A failure that may need a call names them, so the agent knows
 * whom to call and at which address; the payment's own words stay when the order is not indexed.
 */
function withOrderCustomer(ctx: IndexContext, hit: SearchHit): SearchHit {
  if (!hit.orderId) return hit
  const order = ctx.stmt(`SELECT rid FROM orders WHERE id = ?`).get(hit.orderId) as { rid: number } | undefined
  const words = order ? wordsOf(ctx, 'orders', { rid: order.rid, tkey: null } as HitRow) : undefined
  const line = customerLine(words?.name, words?.email)
  return line ? { ...hit, customer: line } : hit
}

/** Counts by status in [fromMs, toMs) and the failures that may need a call. */
export function homeSummary(
  ctx: IndexContext,
  nowRanges: { todayFrom: number; weekFrom: number; until: number },
): HomeSummary {
  const byStatus = (from: number) =>
    Object.fromEntries(
      (
        ctx
          .stmt(`SELECT status, count(*) AS n FROM payments WHERE created_ms >= ? AND created_ms < ? GROUP BY status`)
          .all(from, nowRanges.until) as { status: string; n: number }[]
      ).map((r) => [r.status, r.n]),
    )
  const failures = ctx
    .stmt(
      `SELECT rid, id, created_ms, status, method, currency, value, order_id, NULL AS tkey FROM payments
       WHERE created_ms >= ? AND created_ms < ? AND status IN ('failed', 'expired', 'canceled')
       ORDER BY created_ms DESC LIMIT 20`,
    )
    .all(nowRanges.todayFrom, nowRanges.until) as unknown as HitRow[]
  const empty: ParsedQuery = { statuses: [], methods: [], terms: [], chips: [], warnings: [] }
  return {
    today: byStatus(nowRanges.todayFrom),
    last7Days: byStatus(nowRanges.weekFrom),
    failuresToday: failures.map((r) => withOrderCustomer(ctx, toHit(ctx, 'payments', r, empty, []))),
    payments: countRows(ctx, 'payments'),
    orders: countRows(ctx, 'orders'),
  }
}
