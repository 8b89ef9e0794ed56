import type { EventName, PaydeskEvents } from '../../shared/ipc/events'
import type { ClipboardPort, DialogPort } from '../ports'
import { createConnectionsWiring } from './connections'
import { createDomainServices } from './domain'
import { createFoundation } from './foundation'
import { buildHandlers } from './handlers'
import { shareQuestionLane } from '../services/question-lane'
import { createTeamWiring } from './team'
import type { AppDeps, AppServices } from './types'

// The composition root of main's logic, in parts: foundation.ts (scrubber, events, request log,
// data key), connections.ts (the connections and their observed API clients), domain.ts (the
// services over the active connection), handlers.ts (every IPC channel), types.ts (deps, services).

export async function createAppServices(deps: AppDeps): Promise<AppServices> {
  // One native question at a time, live writes and main's other questions alike.
  shareQuestionLane(deps.dialogs, deps.liveWrites)
  const f = createFoundation(deps)
  const wiring = createConnectionsWiring(deps, f)
  const team = createTeamWiring(deps, f)
  // A bucket over its quota names the team's other desks online (issue 46 item 7); null off a team.
  f.rateLimits.countOtherDesks(async () => {
    const s = await team.record.status()
    return s.home === 'team' && s.state === 'connected' ? s.colleaguesOnline : null
  })
  const d = createDomainServices(deps, f, wiring, team)
  const { connections } = wiring
  return {
    scrubSecrets: f.scrubber.scrub,
    handlers: buildHandlers(deps, f, wiring, d, team),
    events: f.events,
    externalLinks: f.externalLinks,
    connections,
    payments: d.payments,
    requestLog: f.requestLog,
    orders: d.orders,
    drafts: d.drafts,
    search: d.search,
    record: team.record,
    async dispose() {
      d.payments.dispose() // aborts waiting list requests
      d.actions.dispose()
      await d.search.dispose() // stops the sync, closes the index
      await connections.dispose() // closes the clients and the sandbox it started
      await team.record.close() // writes the record rows still waiting, then closes the stores
      f.rateLimits.dispose()
      await f.requestLog.dispose() // writes what is pending, after the clients' last attempts
      f.attemptListeners.clear()
      f.events.clear()
    },
  }
}

export type { AppDeps, AppServices } from './types'
export type { ClipboardPort, DialogPort, EventName, PaydeskEvents }
