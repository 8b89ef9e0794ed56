import { createStore, type StoreApi } from 'zustand/vanilla'
import type { BucketSnapshot } from '../../../shared/api-events'
import type { ChannelOutput } from '../../../shared/ipc/contract'
import type {
  RequestLogAppended,
  RequestLogEntry,
  RequestLogFilter,
  RequestLogSummary,
} from '../../../shared/request-log-types'
import type { StoreTimers } from './clock'
import { toErrorView } from './error-view'

// The Inspector's state: the request log's rows (kept current by main's events on every screen),
// the filters and the body search, the open entry and the rate-limit buckets the status bar shows.
// Created with the IPC port and the timers it uses (no module state), so its transitions are
// unit-tested without a browser.

/** What the Inspector asks main and hears from it. A rejected call throws ipc-client's IpcError. */
export interface InspectorPort {
  list(): Promise<ChannelOutput<'requestLog.list'>>
  get(id: string): Promise<ChannelOutput<'requestLog.get'>>
  search(text: string): Promise<ChannelOutput<'requestLog.search'>>
  rateLimitState(): Promise<ChannelOutput<'rateLimit.state'>>
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

export type LoadStatus = 'idle' | 'loading' | 'ready' | 'error'

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
}

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

export function createInspectorStore(port: InspectorPort, timers: StoreTimers): StoreApi<InspectorState> {
  let bodyTimer: unknown = null
  // Only the newest body search and the newest detail answer may write.
  let bodySeq = 0
  let detailSeq = 0
  let feedsStarted = false
  // Events that arrive while the list loads, applied on top of its answer.
  let pendingDuringLoad: RequestLogAppended[] | null = null

  const store = createStore<InspectorState>((set, get) => ({
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

    async load() {
      get().startFeeds()
      set({ status: 'loading', error: null })
      pendingDuringLoad = []
      try {
        const view = await port.list()
        let rows = view.entries
        for (const p of pendingDuringLoad ?? []) rows = p.cleared ? p.entries : mergeRows(rows, p.entries)
        set({ rows, status: 'ready', notice: view.notice, persisted: view.persisted })
      } catch (error) {
        set({ status: 'error', error: toErrorView(error).message })
      } finally {
        pendingDuringLoad = null
      }
    },

    applyAppended(payload) {
      if (pendingDuringLoad) {
        pendingDuringLoad.push(payload)
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
      if (get().bodyText.trim()) scheduleBodySearch(get().bodyText, BODY_REFRESH_DELAY_MS)
    },

    setFilter(patch) {
      set({ filter: { ...get().filter, ...patch } })
    },

    resetFilter() {
      set({ filter: {}, bodyText: '', bodyMatches: null, bodyError: null, bodySearching: false })
    },

    setBodyText(text) {
      set({ bodyText: text })
      if (text.trim() === '') {
        if (bodyTimer !== null) timers.clearTimeout(bodyTimer)
        bodyTimer = null
        bodySeq++
        set({ bodyMatches: null, bodySearching: false, bodyError: null })
        return
      }
      scheduleBodySearch(text, BODY_SEARCH_DELAY_MS)
    },

    select(id, options) {
      const seq = ++detailSeq
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
          if (seq === detailSeq) set({ detail, detailStatus: 'ready' })
        },
        (error: unknown) => {
          if (seq === detailSeq) set({ detail: null, detailStatus: 'error', detailError: toErrorView(error).message })
        },
      )
    },

    toggleChecked(id) {
      const checked = new Set(get().checked)
      if (checked.has(id)) checked.delete(id)
      else checked.add(id)
      set({ checked })
    },

    setChecked(ids) {
      set({ checked: new Set(ids) })
    },

    replaceTags(ids, tag, remove) {
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
      if (detail && wanted.has(detail.id)) {
        const tags = remove
          ? detail.tags.filter((t) => t !== tag)
          : detail.tags.includes(tag)
            ? detail.tags
            : [...detail.tags, tag]
        set({ detail: { ...detail, tags } })
      }
    },

    startFeeds() {
      if (feedsStarted) return
      feedsStarted = true
      port.onAppended((payload) => get().applyAppended(payload))
      port.onRateLimitChanged((buckets) => set({ buckets }))
      port.rateLimitState().then(
        (buckets) => set({ buckets }),
        () => {
          // The status bar stays empty until the first change arrives; nothing to tell the user.
        },
      )
    },
  }))

  function scheduleBodySearch(text: string, delayMs: number): void {
    if (bodyTimer !== null) timers.clearTimeout(bodyTimer)
    store.setState({ bodySearching: true })
    bodyTimer = timers.setTimeout(() => {
      bodyTimer = null
      const seq = ++bodySeq
      port.search(text.trim().slice(0, 500)).then(
        ({ ids }) => {
          if (seq === bodySeq) store.setState({ bodyMatches: new Set(ids), bodySearching: false, bodyError: null })
        },
        (error: unknown) => {
          if (seq === bodySeq) store.setState({ bodySearching: false, bodyError: toErrorView(error).message })
        },
      )
    }, delayMs)
  }

  return store
}

/** The quick filters (everything but the body search), applied to summary rows. */
export function matchesFilter(row: RequestLogSummary, filter: RequestLogFilter, pathNeedle: string): boolean {
  if (filter.errorsOnly && row.outcome === 'success') return false
  if (filter.statusClass && filter.statusClass !== 'all' && row.statusClass !== filter.statusClass) return false
  if (filter.method && row.method !== filter.method) return false
  if (filter.connectionId && row.connectionId !== filter.connectionId) return false
  if (filter.from != null && row.startedAt < filter.from) return false
  if (filter.to != null && row.startedAt > filter.to) return false
  if (filter.tag && !row.tags.includes(filter.tag)) return false
  if (pathNeedle && !row.path.toLowerCase().includes(pathNeedle)) return false
  return true
}

export function filterRows(
  rows: RequestLogSummary[],
  filter: RequestLogFilter,
  bodyMatches: Set<string> | null,
): RequestLogSummary[] {
  const needle = (filter.pathText ?? '').trim().toLowerCase()
  const out: RequestLogSummary[] = []
  for (const row of rows) {
    if (bodyMatches && !bodyMatches.has(row.id)) continue
    if (matchesFilter(row, filter, needle)) out.push(row)
  }
  return out
}
