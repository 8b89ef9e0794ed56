import { create } from 'zustand'
import type { BucketSnapshot } from '../../../shared/api-events'
import type {
  RequestLogAppended,
  RequestLogEntry,
  RequestLogFilter,
  RequestLogSummary,
} from '../../../shared/request-log-types'
import { call, errorMessage, subscribe } from '../lib/ipc-client'

/** Rows kept in the renderer: the same bound as the stored log. */
export const MAX_ROWS = 20_000

export type LoadStatus = 'idle' | 'loading' | 'ready' | 'error'

interface InspectorState {
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
}

let bodyTimer: ReturnType<typeof setTimeout> | null = null
let bodySeq = 0
let detailSeq = 0
let feedsStarted = false
let pendingDuringLoad: RequestLogAppended[] | null = null

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
  const merged =
    fresh.length && updated.length && fresh[fresh.length - 1].seq < updated[0].seq
      ? [...fresh, ...updated].sort((a, b) => b.seq - a.seq)
      : [...fresh, ...updated]
  return merged.length > MAX_ROWS ? merged.slice(0, MAX_ROWS) : merged
}

export const useInspectorStore = create<InspectorState>((set, get) => ({
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
    startInspectorFeeds()
    set({ status: 'loading', error: null })
    pendingDuringLoad = []
    try {
      const view = await call('requestLog.list')
      let rows = view.entries
      for (const p of pendingDuringLoad ?? []) rows = p.cleared ? p.entries : mergeRows(rows, p.entries)
      set({ rows, status: 'ready', notice: view.notice, persisted: view.persisted })
    } catch (error) {
      set({ status: 'error', error: errorMessage(error) })
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
    if (get().bodyText.trim()) scheduleBodySearch(get().bodyText, 500)
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
      if (bodyTimer) clearTimeout(bodyTimer)
      bodySeq++
      set({ bodyMatches: null, bodySearching: false, bodyError: null })
      return
    }
    scheduleBodySearch(text, 200)
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
    call('requestLog.get', { id }).then(
      (detail) => {
        if (seq === detailSeq) set({ detail, detailStatus: 'ready' })
      },
      (error: unknown) => {
        if (seq === detailSeq) set({ detail: null, detailStatus: 'error', detailError: errorMessage(error) })
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
}))

function scheduleBodySearch(text: string, delayMs: number): void {
  if (bodyTimer) clearTimeout(bodyTimer)
  useInspectorStore.setState({ bodySearching: true })
  bodyTimer = setTimeout(() => {
    bodyTimer = null
    const seq = ++bodySeq
    call('requestLog.search', { text: text.trim().slice(0, 500) }).then(
      ({ ids }) => {
        if (seq === bodySeq)
          useInspectorStore.setState({ bodyMatches: new Set(ids), bodySearching: false, bodyError: null })
      },
      (error: unknown) => {
        if (seq === bodySeq) useInspectorStore.setState({ bodySearching: false, bodyError: errorMessage(error) })
      },
    )
  }, delayMs)
}

/**
 * Subscribes once, for the whole session, to the log's and the rate limiter's events: the status
 * bar shows the buckets on every screen, and the list stays current while another screen is open.
 */
export function startInspectorFeeds(): void {
  if (feedsStarted) return
  feedsStarted = true
  subscribe('requestLog.appended', (payload) => useInspectorStore.getState().applyAppended(payload))
  subscribe('rateLimit.changed', (buckets) => useInspectorStore.setState({ buckets }))
  call('rateLimit.state').then(
    (buckets) => useInspectorStore.setState({ buckets }),
    () => {
      // The status bar stays empty until the first change arrives; nothing to tell the user.
    },
  )
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
