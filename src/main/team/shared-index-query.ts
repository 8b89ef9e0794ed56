// A search box query over the team's shared index (issue 51 item 3): the query the desk parsed
// (shared/search/query.ts) as one SQL statement per table with every value a bound parameter, newest
// first. A word is looked up in the words' GIN index (`search_tsv`, the start of a word: "ann" finds
// "Anna"); a term with punctuation in it (a part of an e-mail, "anna.b", "@example.c") in the
// trigram index of the whole text, as a substring; an amount by its exact key; a status, method or
// day range by their columns. The hits are the desk's own hit rows (SearchHit), so the search box
// shows them unchanged.
import type { Pool } from 'pg'
import type { HomeSummary, SearchHit, SyncKind } from '../../shared/ipc/search'
import { amountKey, type ParsedQuery } from '../../shared/search/query'
import { amountAlsoText, customerLine, searchableLength } from '../search/index-db/hits'
import { HITS_PER_GROUP } from '../search/index-db'
import type { IndexSearchResult } from '../search/index-db/query'
import { FTS_COLUMNS, MATCH_LABELS, type PersonalFields } from '../search/rows'

interface SharedRow {
  id: string
  created_ms: string
  status: string
  method: string | null
  currency: string
  value: string
  order_id: string | null
  email: string
  name: string
  address: string
  description: string
  order_number: string
  metadata: string
  facts: string
  state: string | null
  latest_payment_id: string | null
}

/** The words of a term as the index splits them (at every character that is not a letter or digit). */
function wordsOf(term: string): string[] {
  return term
    .toLowerCase()
    .split(/[^\p{L}\p{N}]+/u)
    .filter(Boolean)
}

/** A LIKE pattern that finds `text` anywhere, its wildcards taken literally. */
function containsPattern(text: string): string {
  return `%${text.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`
}

class Params {
  readonly values: unknown[] = []
  add(value: unknown): string {
    this.values.push(value)
    return `$${this.values.length}`
  }
}

/** The condition one free-text term puts on a row (null: nothing searchable in it). */
function termCondition(term: string, p: Params): string | null {
  const words = wordsOf(term)
  if (words.length === 0 || !searchableLength(term)) return null
  // Plain words: prefix lexemes in the words' index ("anna" finds anna.berg@…, "ber" finds Berg).
  if (words.length === 1 && words[0] === term.toLowerCase()) {
    return `search_tsv @@ to_tsquery('simple', ${p.add(`${words[0]}:*`)})`
  }
  // With punctuation: the term as typed, anywhere in the text (trigram index).
  return `search_text LIKE ${p.add(containsPattern(term))}`
}

function whereOf(q: ParsedQuery, p: Params): string[] {
  const where: string[] = []
  for (const term of q.terms) {
    const condition = termCondition(term, p)
    if (condition !== null) where.push(condition)
  }
  if (q.amount) {
    let amount = `amount_key = ANY(${p.add(q.amount.keys)}::text[])`
    if (q.amount.currency) amount += ` AND currency = ${p.add(q.amount.currency)}`
    // A bare whole number may also be an order number or any word (shared/search/query.ts).
    const asText = amountAlsoText(q) ? termCondition(q.amount.raw, p) : null
    where.push(asText === null ? `(${amount})` : `((${amount}) OR ${asText})`)
  }
  if (q.statuses.length) where.push(`status = ANY(${p.add(q.statuses)}::text[])`)
  if (q.methods.length) where.push(`method = ANY(${p.add(q.methods)}::text[])`)
  if (q.range) where.push(`created_ms >= ${p.add(q.range.fromMs)} AND created_ms < ${p.add(q.range.toMs)}`)
  return where
}

const fold = (s: string) => s.normalize('NFKD').replace(/\p{M}/gu, '').toLowerCase()

function matchedLabels(r: SharedRow, q: ParsedQuery): string[] {
  const matched: string[] = []
  const terms = q.terms.map(fold)
  if (amountAlsoText(q) && q.amount) terms.push(q.amount.raw)
  const fields: PersonalFields = { ...r, orderNumber: r.order_number, state: r.state ?? undefined }
  for (const column of FTS_COLUMNS) {
    const text = fold(fields[column])
    if (terms.some((t) => text.includes(t) || wordsOf(t).every((w) => text.includes(w)))) {
      matched.push(MATCH_LABELS[column])
    }
  }
  if (
    q.amount &&
    q.amount.keys.includes(amountKey(r.value)) &&
    (!q.amount.currency || q.amount.currency === r.currency)
  )
    matched.push('Amount')
  if (q.statuses.length) matched.push('Status')
  if (q.methods.length) matched.push('Method')
  if (q.range) matched.push('Date')
  return matched
}

function toHit(kind: SyncKind, r: SharedRow, q: ParsedQuery): SearchHit {
  return {
    kind: kind === 'payments' ? 'payment' : 'order',
    id: r.id,
    createdAt: new Date(Number(r.created_ms)).toISOString(),
    status: r.status,
    state: r.state || r.status,
    method: r.method,
    amount: { currency: r.currency, value: r.value },
    orderId: r.order_id,
    title: (kind === 'orders' ? r.order_number : r.description) || r.id,
    customer: customerLine(r.name, r.email),
    matched: matchedLabels(r, q),
    latestPaymentId: r.latest_payment_id,
  }
}

/**
 * The newest rows the first look reads, in order, before the search looks at all of them. A query
 * whose matches are common (a name, a status, a domain: any that holds for 1 row in 1,000 or more)
 * finds its newest hits there, and stops; one whose matches are rare reads them all through the
 * indexes and keeps the newest. One plan cannot do both: PostgreSQL's planner, asked for the
 * newest 11 of a condition it misjudges (a word and a status it takes as independent, a number that
 * is also an amount), walks the whole table newest first (bench:team-index: 0.5-0.9 s of 1,000,000
 * rows for a match that was not there).
 */
const RECENT_WINDOW = 10_000

/**
 * One table's search as one statement (one round trip): the newest rows' look (`recent`) and, only
 * when it found less than a page and the table holds more rows than it read (the count the writes
 * keep), the look at all matches (`all`). Each look is planned on its own; the second one's condition
 * does not depend on its rows, so PostgreSQL decides once whether to run it and otherwise never
 * starts it. A table that fits in the window (a small merchant, every team's first weeks) is thus
 * read once per search, not twice (issue 51: 50 desks' lookups).
 */
function searchStatement(kind: SyncKind, q: ParsedQuery, limit: number): { text: string; values: unknown[] } | null {
  const p = new Params()
  const where = whereOf(q, p)
  // Nothing to search by (only words too short to mean anything): no hits rather than every row.
  if (where.length === 0) return null
  const condition = where.join(' AND ')
  const window = p.add(RECENT_WINDOW)
  const page = p.add(limit + 1)
  const latest =
    kind === 'orders'
      ? `(SELECT p.id FROM paydesk.index_payments p WHERE p.order_id = t.id ORDER BY p.created_ms DESC LIMIT 1)`
      : 'NULL'
  const columns = `id, created_ms, status, method, currency, value, order_id, email, name, address,
        description, order_number, metadata, facts, state, ${latest} AS latest_payment_id`
  // All matches: ordered by an expression no index gives, so the planner reads the matches through
  // the indexes and sorts them instead of walking the table newest first.
  const text = `WITH recent AS MATERIALIZED (
      SELECT 'recent' AS look, ${columns}
        FROM (SELECT * FROM paydesk.index_${kind} ORDER BY created_ms DESC, id DESC LIMIT ${window}) t
       WHERE ${condition} ORDER BY created_ms DESC, id DESC LIMIT ${page})
    SELECT * FROM recent
    UNION ALL
    SELECT * FROM (
      SELECT 'all' AS look, ${columns}
        FROM paydesk.index_${kind} t
       WHERE ${condition} ORDER BY (created_ms + 0) DESC, id DESC LIMIT ${page}) a
     WHERE (SELECT count(*) FROM recent) < ${page}
       AND (SELECT n FROM paydesk.index_counts WHERE kind = '${kind}') > ${window}`
  return { text, values: p.values }
}

/** The newest hits of one table for a parsed query. */
export async function searchShared(
  pool: Pool,
  kind: SyncKind,
  q: ParsedQuery,
  limit = HITS_PER_GROUP,
): Promise<IndexSearchResult> {
  const statement = searchStatement(kind, q, limit)
  if (statement === null) return { hits: [], more: false, broad: false }
  const answer = (await pool.query<SharedRow & { look: 'recent' | 'all' }>(statement)).rows
  // The look at all matches, when it ran, has the newest hits (the window's are among them).
  const look = answer.some((r) => r.look === 'all') ? 'all' : 'recent'
  const rows = answer.filter((r) => r.look === look)
  return { hits: rows.slice(0, limit).map((r) => toHit(kind, r, q)), more: rows.length > limit, broad: false }
}

/** The day ranges Home counts (local midnight today, six days before it, and tomorrow's midnight). */
interface SummaryRanges {
  todayFrom: number
  weekFrom: number
  until: number
}

/**
 * Home's summary from the shared index (a desk in team mode walks no index of its own): payments by
 * status today and in the last 7 days, today's failed, expired and canceled ones (the newest 20), and
 * what the index holds. Two round trips, both through the created_ms index.
 */
export async function sharedSummary(pool: Pool, ranges: SummaryRanges): Promise<HomeSummary> {
  const counts = await pool.query<{ status: string; today: string; week: string }>(
    `SELECT status, count(*) FILTER (WHERE created_ms >= $1) AS today, count(*) AS week
       FROM paydesk.index_payments WHERE created_ms >= $2 AND created_ms < $3 GROUP BY status`,
    [ranges.todayFrom, ranges.weekFrom, ranges.until],
  )
  const failures = await pool.query<SharedRow>(
    `SELECT id, created_ms, status, method, currency, value, order_id, email, name, address, description,
            order_number, metadata, facts, state, NULL AS latest_payment_id
       FROM paydesk.index_payments
      WHERE created_ms >= $1 AND created_ms < $2 AND status IN ('failed', 'expired', 'canceled')
      ORDER BY created_ms DESC LIMIT 20`,
    [ranges.todayFrom, ranges.until],
  )
  const totals = await pool.query<{ payments: string | null; orders: string | null }>(
    `SELECT (SELECT n FROM paydesk.index_counts WHERE kind = 'payments') AS payments,
            (SELECT n FROM paydesk.index_counts WHERE kind = 'orders') AS orders`,
  )
  const today: Record<string, number> = {}
  const last7Days: Record<string, number> = {}
  for (const r of counts.rows) {
    if (Number(r.today) > 0) today[r.status] = Number(r.today)
    last7Days[r.status] = Number(r.week)
  }
  const none: ParsedQuery = { statuses: [], methods: [], terms: [], chips: [], warnings: [] }
  return {
    today,
    last7Days,
    failuresToday: failures.rows.map((r) => toHit('payments', r, none)),
    payments: Number(totals.rows[0]?.payments ?? 0),
    orders: Number(totals.rows[0]?.orders ?? 0),
  }
}
