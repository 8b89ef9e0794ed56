// The search service: one index open at a time (the active connection's), its background sync, the
// search box's queries and the home screen's summary. Free of Electron; built in app-services.ts.
// The parts take one context (service-context.ts): the index and its sync over time are
// service-lifecycle.ts, the answers service-query.ts.
import path from 'node:path'
import { idleProgress, type SearchContext, type SearchService, type SearchServiceDeps } from './service-context'
import { dispose, ensureIndex, forgetConnection, startSync, startSyncTimer, whenIdle } from './service-lifecycle'
import { homeView, noteFetched, runQuery, setPaymentCap } from './service-query'

export type { SearchService, SearchServiceDeps } from './service-context'

export function createSearchService(deps: SearchServiceDeps): SearchService {
  const ctx: SearchContext = {
    deps,
    dir: path.join(deps.dataDir, 'search-index'),
    now: deps.now ?? Date.now,
    current: null,
    opening: null,
    progress: idleProgress(''),
    running: null,
    again: false,
    following: null,
    timer: null,
    retryTimer: null,
    disposed: false,
    sweptOrphans: false,
    queryGeneration: 0,
  }
  startSyncTimer(ctx)
  return {
    query: (text) => runQuery(ctx, text),
    home: () => homeView(ctx),
    sync(options) {
      const full = options?.full ?? false
      // Team mode: "Sync now" asks for a round of the team's walk (the desk walks only if elected).
      if (deps.walksOwnIndex?.() === false && deps.teamRound) {
        deps.teamRound({ full }).catch((error: unknown) => console.error('The team index round failed:', error))
      }
      return startSync(ctx, full)
    },
    cancelSync() {
      ctx.running?.controller.abort()
      return { ...ctx.progress }
    },
    status: () => ({ ...ctx.progress }),
    whenIdle: () => whenIdle(ctx),
    noteFetched: (connectionId, kind, object) => noteFetched(ctx, connectionId, kind, object),
    removeConnection: (connectionId) => forgetConnection(ctx, connectionId),
    setPaymentCap: (cap) => setPaymentCap(ctx, cap),
    currentIndex: async () => (await ensureIndex(ctx)).index,
    dispose: () => dispose(ctx),
  }
}
