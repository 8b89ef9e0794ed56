// The search service's answers: the search box's query over the open index (within a time budget,
// giving way to a newer keystroke), the home screen's summary, and a fetched object's row refreshed.
import type { Order, Payment } from '../../shared/api-types'
import type {
  HomeSummary,
  HomeView,
  IndexFreshness,
  SearchGroup,
  SearchResult,
  SyncKind,
} from '../../shared/ipc/search'
import { parseSearchQuery, type ParsedQuery } from '../../shared/search/query'
import { UserFacingError } from '../errors'
import { orderRow, paymentRow } from './index-db'
import { idleProgress, type OpenIndex, type SearchContext } from './service-context'
import { ensureIndex, startSync } from './service-lifecycle'

/**
 * How long one table's search may take on main's thread (orders and payments each; a query holds the
 * thread for at most about twice this, plus reading the rows shown).
 */
const QUERY_BUDGET_MS = 20

/** A query that held main's thread this long for the orders gives way before the payments. */
const GIVE_WAY_AFTER_MS = 4

type Group = { hits: SearchGroup['hits']; more: boolean; broad: boolean; stopped?: boolean; dropped?: string[] }

function stripStopped(group: Group): SearchGroup {
  return { hits: group.hits, more: group.more, broad: group.broad }
}

function freshness(c: OpenIndex): IndexFreshness {
  const completed = (['payments', 'orders'] as const).map((k) => c.index.marker(k).lastCompletedAt)
  const syncedAt = completed.every((t) => t !== null) ? Math.min(...completed) : null
  return {
    connectionId: c.connectionId,
    payments: c.index.count('payments'),
    orders: c.index.count('orders'),
    syncedAt: syncedAt === null ? null : new Date(syncedAt).toISOString(),
    notice: c.notice,
    cap: { payments: c.index.limit('payments'), orders: c.index.limit('orders') },
    keptSince: { payments: keptSince(c, 'payments'), orders: keptSince(c, 'orders') },
  }
}

/** The oldest creation time the index keeps, when the service holds older objects; else null. */
function keptSince(c: OpenIndex, kind: SyncKind): string | null {
  if (!c.index.marker(kind).olderNotKept) return null
  const oldest = c.index.oldestCreatedMs(kind)
  return oldest === null ? null : new Date(oldest).toISOString()
}

export async function runQuery(ctx: SearchContext, text: string): Promise<SearchResult> {
  const started = performance.now()
  const generation = ++ctx.queryGeneration
  const parsed = parseSearchQuery(text, ctx.now())
  if (!parsed.ok) throw new UserFacingError('invalid-input', parsed.message)
  const c = await ensureIndex(ctx)
  const q = parsed.query
  const direct = q.direct ? { kind: q.direct.kind, id: q.direct.id } : null
  const empty: Group = { hits: [], more: false, broad: false }
  // A newer keystroke's query replaces this one: checked before each table (a newer query can
  // arrive while this one waits for the index, or gives way between the tables).
  const superseded = () => {
    if (generation !== ctx.queryGeneration) throw new UserFacingError('canceled', 'A newer search replaced this one.')
  }
  const within = (kind: SyncKind): Group => {
    superseded()
    c.index.setSearchDeadline(performance.now() + QUERY_BUDGET_MS)
    try {
      return c.index.search(kind, q)
    } finally {
      c.index.setSearchDeadline(null)
    }
  }
  const shared = direct ? null : await askShared(ctx, q, c)
  if (shared?.answered) {
    superseded()
    return {
      text,
      chips: q.chips,
      warnings: queryWarnings(q, shared.orders, shared.payments),
      direct,
      orders: stripStopped(shared.orders),
      payments: stripStopped(shared.payments),
      index: shared.index,
      tookMs: Math.round((performance.now() - started) * 10) / 10,
    }
  }
  const ordersFrom = performance.now()
  const orders = direct ? empty : within('orders')
  // When the orders took a while, a turn of the event loop: the I/O waiting (a newer query's IPC
  // message, another screen's request) is handled before the payments are searched. A quick half
  // goes straight on: the turn itself cost a millisecond or more of the agent's wait per keystroke.
  if (!direct && performance.now() - ordersFrom > GIVE_WAY_AFTER_MS) {
    await new Promise<void>((resolve) => setImmediate(resolve))
  }
  const payments = direct ? empty : within('payments')
  const result: SearchResult = {
    text,
    chips: q.chips,
    warnings: [...queryWarnings(q, orders, payments), ...(shared?.answered === false ? [shared.notice] : [])],
    direct,
    orders: stripStopped(orders),
    payments: stripStopped(payments),
    index: freshness(c),
    tookMs: 0,
  }
  result.tookMs = Math.round((performance.now() - started) * 10) / 10
  return result
}

type SharedAnswer =
  { answered: true; orders: Group; payments: Group; index: IndexFreshness } | { answered: false; notice: string }

/**
 * In team mode the team's shared index answers (issue 51 item 3); when it cannot (the database down,
 * slow, or refusing the login), the desk's own index does, and the result says so in a sentence.
 */
async function askShared(ctx: SearchContext, q: ParsedQuery, c: OpenIndex): Promise<SharedAnswer | null> {
  const shared = ctx.deps.shared?.() ?? null
  if (shared === null) return null
  try {
    const [orders, payments, team] = await Promise.all([
      shared.search('orders', q),
      shared.search('payments', q),
      shared.freshness(),
    ])
    return { answered: true, orders, payments, index: withTeamFigures(freshness(c), team) }
  } catch (error) {
    return {
      answered: false,
      notice: `${shared.whyNot(error)} These results are from this desk's own index, which may be older than the team's.`,
    }
  }
}

/** The parser's warnings, then words left out as too common and a search stopped early. */
function queryWarnings(q: ParsedQuery, orders: Group, payments: Group): string[] {
  const stopped = Boolean(orders.stopped || payments.stopped)
  const dropped = [...new Set([...(orders.dropped ?? []), ...(payments.dropped ?? [])])]
  const warnings = [...q.warnings]
  if (dropped.length > 0) {
    warnings.push(
      `Left out because almost everything contains ${dropped.length === 1 ? 'it' : 'them'}: ${dropped.join(', ')}.`,
    )
  }
  if (stopped) {
    warnings.push(
      'These words match so much that the search stopped early and shows the newest matches. ' +
        'Add a word, a status or a date to narrow it.',
    )
  }
  return warnings
}

/** The sentence Home shows in team mode beside the shared index's figures. */
const TEAM_INDEX_NOTICE =
  "This desk searches the team's shared index; the team runner (or one desk, when no runner runs) keeps it in step with the service."

/** The desk's freshness with the shared index's figures in its place. */
function withTeamFigures(
  own: IndexFreshness,
  team: { payments: number; orders: number; syncedAt: number | null },
): IndexFreshness {
  return {
    ...own,
    payments: team.payments,
    orders: team.orders,
    syncedAt: team.syncedAt === null ? null : new Date(team.syncedAt).toISOString(),
    notice: TEAM_INDEX_NOTICE,
    keptSince: { payments: null, orders: null },
  }
}

/**
 * In team mode the figures are the shared index's (the desk's own is not walked then); the desk's
 * own when the team database cannot answer now.
 */
async function teamFreshness(ctx: SearchContext, c: OpenIndex): Promise<IndexFreshness> {
  const own = freshness(c)
  const shared = ctx.deps.shared?.() ?? null
  if (shared === null) return own
  try {
    return withTeamFigures(own, await shared.freshness())
  } catch (error) {
    return { ...own, notice: `${shared.whyNot(error)} The figures are this desk's own index's.` }
  }
}

/**
 * Home's counts: in team mode from the shared index (the desk walks none of its own there); the desk's
 * own index when there is no team, or when the team database cannot answer (the freshness line then
 * says whose figures they are).
 */
async function teamSummary(
  ctx: SearchContext,
  c: OpenIndex,
  ranges: { todayFrom: number; weekFrom: number; until: number },
): Promise<HomeSummary> {
  const shared = ctx.deps.shared?.() ?? null
  if (shared === null) return c.index.summary(ranges)
  try {
    return await shared.summary(ranges)
  } catch {
    return c.index.summary(ranges)
  }
}

export async function homeView(ctx: SearchContext): Promise<Omit<HomeView, 'recentErrors' | 'practice'>> {
  const c = await ensureIndex(ctx)
  const t = ctx.now()
  const d = new Date(t)
  const todayFrom = new Date(d.getFullYear(), d.getMonth(), d.getDate()).getTime()
  const weekFrom = new Date(d.getFullYear(), d.getMonth(), d.getDate() - 6).getTime()
  const until = new Date(d.getFullYear(), d.getMonth(), d.getDate() + 1).getTime()
  const ranges = { todayFrom, weekFrom, until }
  return {
    summary: await teamSummary(ctx, c, ranges),
    index: await teamFreshness(ctx, c),
    sync: ctx.progress.connectionId === c.connectionId ? { ...ctx.progress } : idleProgress(c.connectionId),
  }
}

/**
 * The agent's choice of how many payments the index keeps: a lower cap prunes the oldest now; a higher
 * one starts a full walk when older payments are missing (it walks only up to the new cap).
 */
export async function setPaymentCap(ctx: SearchContext, cap: number): Promise<IndexFreshness> {
  const c = await ensureIndex(ctx)
  const { fillByFullWalk } = c.index.setPaymentCap(cap)
  if (fillByFullWalk) await startSync(ctx, true)
  return freshness(c)
}

/** A payment or order was fetched by a view: its row is refreshed (best effort). */
export function noteFetched(ctx: SearchContext, connectionId: string, kind: SyncKind, object: Payment | Order): void {
  const current = ctx.current
  if (!current || current.connectionId !== connectionId) return
  const scope = `${object.profileId}|${object.mode}`
  const held = current.index.scope()
  if (held !== null && held !== scope) return
  try {
    const row = kind === 'payments' ? paymentRow(object as Payment) : orderRow(object as Order)
    current.index.upsert(kind, [row])
  } catch {
    // a refresh is best effort; the next sync brings it
  }
}
