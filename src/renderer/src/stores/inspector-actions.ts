import type { BucketSnapshot } from '../../../shared/api-events'
import type { ChannelOutput } from '../../../shared/ipc/contract'
import type {
  RequestLogAppended,
  RequestLogEntry,
  RequestLogExportFormat,
  RequestLogFilter,
  RequestLogSummary,
} from '../../../shared/request-log-types'
import type { StoreTimers } from './clock'
import { toErrorView } from './error-view'
import type { StoreContext } from './store-context'

// The Inspector store's state and actions (inspector-store.ts creates it): each action takes the
// store's context.

/** What the Inspector asks main and hears from it. A rejected call throws ipc-client's IpcError. */
export interface InspectorPort {
  list(): Promise<ChannelOutput<'requestLog.list'>>
  get(id: string): Promise<ChannelOutput<'requestLog.get'>>
  search(text: string): Promise<ChannelOutput<'requestLog.search'>>
  rateLimitState(): Promise<ChannelOutput<'rateLimit.state'>>
  /** A cURL command for one attempt of an entry (the key as an environment variable). */
  curl(id: string, attempt?: number): Promise<ChannelOutput<'requestLog.curl'>>
  /** Adds (or removes) a case id on entries. */
  tag(ids: string[], tag: string, remove: boolean): Promise<ChannelOutput<'requestLog.tag'>>
  /** Writes the entries, redacted, to a file the agent picks in main's save dialog. */
  export(ids: string[], format: RequestLogExportFormat): Promise<ChannelOutput<'requestLog.export'>>
  /** Clears the whole log once the agent confirmed in main's own dialog (else 'canceled'). */
  clear(): Promise<ChannelOutput<'requestLog.clear'>>
  /** Main's new and updated log entries; returns the unsubscribe. */
  onAppended(listener: (payload: RequestLogAppended) => void): () => void
  /** The client limiter's buckets after a change; returns the unsubscribe. */
  onRateLimitChanged(listener: (buckets: BucketSnapshot[]) => void): () => void
}

/** Quiet time after the last keystroke in the body search before main is asked. */
export const BODY_SEARCH_DELAY_MS = 200
/** A running body search is refreshed this long after new rows arrive. */
export const BODY_REFRESH_DELAY_MS = 500

/** Rows kept in the renderer: the same bound as the stored log. */
export const MAX_ROWS = 20_000

type LoadStatus = 'idle' | 'loading' | 'ready' | 'error'

export interface InspectorState {
  rows: RequestLogSummary[] // newest first
  status: LoadStatus
  error: string | null
  notice: string | null
  persisted: boolean
  filter: RequestLogFilter
  /** Body search text and the ids main found for it (null: no body search active). */
  bodyText: string
  bodyMatches: Set<string> | null
  bodySearching: boolean
  bodyError: string | null
  selectedId: string | null
  /** Bumped to ask the list to scroll the selected row into view. */
  scrollRequest: number
  checked: Set<string>
  detail: RequestLogEntry | null
  detailStatus: LoadStatus
  detailError: string | null
  buckets: BucketSnapshot[]
  load(): Promise<void>
  applyAppended(payload: RequestLogAppended): void
  setFilter(patch: Partial<RequestLogFilter>): void
  resetFilter(): void
  setBodyText(text: string): void
  select(id: string | null, options?: { scroll?: boolean }): void
  toggleChecked(id: string): void
  setChecked(ids: string[]): void
  replaceTags(ids: string[], tag: string, remove: boolean): void
  /**
   * Subscribes once, for the whole session, to the log's and the rate limiter's events: the status
   * bar shows the buckets on every screen, and the list stays current while another screen is open.
   */
  startFeeds(): void
  /** The cURL command of an attempt. */
  curlCommand(id: string, attempt?: number): Promise<string>
  /** Tags (or untags) entries in main, then here; answers how many main changed. */
  tag(ids: string[], tag: string, remove: boolean): Promise<number>
  exportEntries(ids: string[], format: RequestLogExportFormat): Promise<ChannelOutput<'requestLog.export'>>
  /** Clears the log (main asks the agent first) and reads it again; answers how many were cleared. */
  clearLog(): Promise<number>
}

/** The state's functions (the rest is data). */
type InspectorAction = {
  [K in keyof InspectorState]: InspectorState[K] extends (...args: never[]) => unknown ? K : never
}[keyof InspectorState]

/** Newest first by seq; rows already present are replaced in place. */
function mergeRows(rows: RequestLogSummary[], incoming: RequestLogSummary[]): RequestLogSummary[] {
  if (incoming.length === 0) return rows
  const byId = new Map(incoming.map((r) => [r.id, r]))
  let replaced = 0
  const updated = rows.map((r) => {
    const next = byId.get(r.id)
    if (!next) return r
    byId.delete(r.id)
    replaced++
    return next
  })
  const fresh = [...byId.values()].sort((a, b) => b.seq - a.seq)
  if (fresh.length === 0 && replaced === 0) return rows
  // Fresh rows are newer than everything listed except in a race with load(); sort only then.
  const oldestFresh = fresh.at(-1)
  const newestListed = updated[0]
  const merged =
    oldestFresh && newestListed && oldestFresh.seq < newestListed.seq
      ? [...fresh, ...updated].sort((a, b) => b.seq - a.seq)
      : [...fresh, ...updated]
  return merged.length > MAX_ROWS ? merged.slice(0, MAX_ROWS) : merged
}

/** What the store's actions share: its state, its port and timers, and its private counters. */
export interface InspectorStoreContext extends StoreContext<InspectorState, InspectorPort> {
  timers: StoreTimers
  bodyTimer: unknown
  /** Only the newest body search and the newest detail answer may write. */
  bodySeq: number
  detailSeq: number
  feedsStarted: boolean
  /** Events that arrive while the list loads, applied on top of its answer. */
  pendingDuringLoad: RequestLogAppended[] | null
}

export async function readLog(ctx: InspectorStoreContext): Promise<void> {
  const { set, get, port } = ctx
  get().startFeeds()
  set({ status: 'loading', error: null })
  ctx.pendingDuringLoad = []
  try {
    const view = await port.list()
    let rows = view.entries
    for (const p of ctx.pendingDuringLoad ?? []) rows = p.cleared ? p.entries : mergeRows(rows, p.entries)
    set({ rows, status: 'ready', notice: view.notice, persisted: view.persisted })
  } catch (error) {
    set({ status: 'error', error: toErrorView(error).message })
  } finally {
    ctx.pendingDuringLoad = null
  }
}

export function applyAppended(ctx: InspectorStoreContext, payload: RequestLogAppended): void {
  const { set, get } = ctx
  if (ctx.pendingDuringLoad) {
    ctx.pendingDuringLoad.push(payload)
    return
  }
  if (get().status !== 'ready') return
  if (payload.cleared) {
    set({
      rows: payload.entries,
      checked: new Set(),
      selectedId: null,
      detail: null,
      detailStatus: 'idle',
      bodyMatches: get().bodyText ? new Set() : null,
    })
    return
  }
  set({ rows: mergeRows(get().rows, payload.entries) })
  // A running body search does not see new rows until it runs again: refresh it.
  if (get().bodyText.trim()) scheduleBodySearch(ctx, get().bodyText, BODY_REFRESH_DELAY_MS)
}

export function setBodyText(ctx: InspectorStoreContext, text: string): void {
  ctx.set({ bodyText: text })
  if (text.trim() === '') {
    if (ctx.bodyTimer !== null) ctx.timers.clearTimeout(ctx.bodyTimer)
    ctx.bodyTimer = null
    ctx.bodySeq++
    ctx.set({ bodyMatches: null, bodySearching: false, bodyError: null })
    return
  }
  scheduleBodySearch(ctx, text, BODY_SEARCH_DELAY_MS)
}

function scheduleBodySearch(ctx: InspectorStoreContext, text: string, delayMs: number): void {
  const { set, timers, port } = ctx
  if (ctx.bodyTimer !== null) timers.clearTimeout(ctx.bodyTimer)
  set({ bodySearching: true })
  ctx.bodyTimer = timers.setTimeout(() => {
    ctx.bodyTimer = null
    const seq = ++ctx.bodySeq
    port.search(text.trim().slice(0, 500)).then(
      ({ ids }) => {
        if (seq === ctx.bodySeq) set({ bodyMatches: new Set(ids), bodySearching: false, bodyError: null })
      },
      (error: unknown) => {
        if (seq === ctx.bodySeq) set({ bodySearching: false, bodyError: toErrorView(error).message })
      },
    )
  }, delayMs)
}

export function selectEntry(ctx: InspectorStoreContext, id: string | null, options?: { scroll?: boolean }): void {
  const { set, get, port } = ctx
  const seq = ++ctx.detailSeq
  set({
    selectedId: id,
    scrollRequest: options?.scroll ? get().scrollRequest + 1 : get().scrollRequest,
    detailStatus: id ? 'loading' : 'idle',
    detailError: null,
    ...(id === null ? { detail: null } : {}),
  })
  if (!id) return
  port.get(id).then(
    (detail) => {
      if (seq === ctx.detailSeq) set({ detail, detailStatus: 'ready' })
    },
    (error: unknown) => {
      if (seq === ctx.detailSeq) set({ detail: null, detailStatus: 'error', detailError: toErrorView(error).message })
    },
  )
}

function withTag(tags: string[], tag: string, remove: boolean): string[] {
  if (remove) return tags.filter((t) => t !== tag)
  return tags.includes(tag) ? tags : [...tags, tag]
}

export function replaceTags(ctx: InspectorStoreContext, ids: string[], tag: string, remove: boolean): void {
  const { set, get } = ctx
  const wanted = new Set(ids)
  set({
    rows: get().rows.map((r) => {
      if (!wanted.has(r.id)) return r
      const has = r.tags.includes(tag)
      if (remove === !has) return r
      return { ...r, tags: remove ? r.tags.filter((t) => t !== tag) : [...r.tags, tag] }
    }),
  })
  const detail = get().detail
  if (detail && wanted.has(detail.id)) set({ detail: { ...detail, tags: withTag(detail.tags, tag, remove) } })
}

export function startFeeds(ctx: InspectorStoreContext): void {
  const { set, get, port } = ctx
  if (ctx.feedsStarted) return
  ctx.feedsStarted = true
  port.onAppended((payload) => get().applyAppended(payload))
  port.onRateLimitChanged((buckets) => set({ buckets }))
  port.rateLimitState().then(
    (buckets) => set({ buckets }),
    () => {
      // The status bar stays empty until the first change arrives; nothing to tell the user.
    },
  )
}

export function toggleChecked(ctx: InspectorStoreContext, id: string): void {
  const checked = new Set(ctx.get().checked)
  if (checked.has(id)) checked.delete(id)
  else checked.add(id)
  ctx.set({ checked })
}

export const INITIAL: Omit<InspectorState, InspectorAction> = {
  rows: [],
  status: 'idle',
  error: null,
  notice: null,
  persisted: true,
  filter: {},
  bodyText: '',
  bodyMatches: null,
  bodySearching: false,
  bodyError: null,
  selectedId: null,
  scrollRequest: 0,
  checked: new Set(),
  detail: null,
  detailStatus: 'idle',
  detailError: null,
  buckets: [],
}
