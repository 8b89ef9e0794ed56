import { createStore, type StoreApi } from 'zustand/vanilla'
import { failedDespite2xx, type RequestLogFilter, type RequestLogSummary } from '../../../shared/request-log-types'
import type { StoreTimers } from './clock'
import {
  applyAppended,
  INITIAL,
  readLog,
  replaceTags,
  selectEntry,
  setBodyText,
  startFeeds,
  toggleChecked,
  type InspectorPort,
  type InspectorState,
  type InspectorStoreContext,
} from './inspector-actions'

export { BODY_REFRESH_DELAY_MS, BODY_SEARCH_DELAY_MS, MAX_ROWS } from './inspector-actions'
export type { InspectorPort, InspectorState } from './inspector-actions'

// The Inspector's state: the request log's rows (kept current by main's events on every screen),
// the filters and the body search, the open entry and the rate-limit buckets the status bar shows.
// Created with the IPC port and the timers it uses (no module state), so its transitions are
// unit-tested without a browser.
// Its actions: inspector-actions.ts.

export function createInspectorStore(port: InspectorPort, timers: StoreTimers): StoreApi<InspectorState> {
  return createStore<InspectorState>((set, get) => {
    const ctx: InspectorStoreContext = {
      set,
      get,
      port,
      timers,
      bodyTimer: null,
      bodySeq: 0,
      detailSeq: 0,
      feedsStarted: false,
      pendingDuringLoad: null,
    }
    return {
      ...INITIAL,
      checked: new Set(),
      load: () => readLog(ctx),
      applyAppended: (payload) => applyAppended(ctx, payload),
      setFilter: (patch) => set({ filter: { ...get().filter, ...patch } }),
      resetFilter: () => set({ filter: {}, bodyText: '', bodyMatches: null, bodyError: null, bodySearching: false }),
      setBodyText: (text) => setBodyText(ctx, text),
      select: (id, options) => selectEntry(ctx, id, options),
      toggleChecked: (id) => toggleChecked(ctx, id),
      setChecked: (ids) => set({ checked: new Set(ids) }),
      replaceTags: (ids, tag, remove) => replaceTags(ctx, ids, tag, remove),
      startFeeds: () => startFeeds(ctx),
      curlCommand: async (id, attempt) => (await port.curl(id, attempt)).command,
      async tag(ids, tag, remove) {
        const { updated } = await port.tag(ids, tag, remove)
        replaceTags(ctx, ids, tag, remove)
        return updated
      },
      exportEntries: (ids, format) => port.export(ids, format),
      async clearLog() {
        const { cleared } = await port.clear()
        await get().load()
        return cleared
      },
    }
  })
}

/** The quick filters (everything but the body search), applied to summary rows. */
function matchesFilter(row: RequestLogSummary, filter: RequestLogFilter, pathNeedle: string): boolean {
  if (filter.errorsOnly && row.outcome === 'success') return false
  if (filter.statusClass && filter.statusClass !== 'all' && row.statusClass !== filter.statusClass) return false
  // "2xx success" lists answers that succeeded, as the list's status cell shows them.
  if (filter.statusClass === '2xx' && failedDespite2xx(row)) return false
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
