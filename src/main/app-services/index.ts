import type { EventName, PaydeskEvents } from '../../shared/ipc/events'
import type { ClipboardPort, DialogPort } from '../services/ports'
import { createConnectionsWiring } from './connections'
import { createDomainServices } from './domain'
import { createFoundation } from './foundation'
import { buildHandlers } from './handlers'
import { shareQuestionLane } from '../services/question-lane'
import { createTeamWiring } from './team'
import { createDeskCredentialGuard, grantedWith } from '../team/desk-credential'
import { openTeamIndex } from '../team/team-index'
import { SANDBOX_CONNECTION_ID } from '../services/connections/types'
import type { AppDeps, AppServices } from './types'

// The composition root of main's logic, in parts: foundation.ts (scrubber, events, request log,
// data key), connections.ts (the connections and their observed API clients), domain.ts (the
// services over the active connection), handlers.ts (every domain's IPC handlers, put together),
// types.ts (deps, services).

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
  const { connections } = wiring
  // Team mode (issue 51): the desk's credential checked before use, and the team's shared index.
  const inTeamMode = async () => (await team.settings.read()) !== null
  const guard = createDeskCredentialGuard({
    teamMode: inTeamMode,
    exempt: (id) => id === SANDBOX_CONNECTION_ID,
    // Asked with the token itself, seen in the request log under its connection; not guarded itself.
    grantedOf: (connectionId, baseUrl, credential) =>
      grantedWith(
        wiring.createObservedClient({ connectionId, baseUrl, getCredential: async () => credential, unguarded: true }),
      ),
  })
  wiring.setGuard(guard)
  const teamIndex = await openTeamIndex({
    settings: team.settings,
    client: () => connections.getActiveClient(),
    everyMs: deps.search?.autoSync === false ? 0 : (deps.search?.syncEveryMs ?? 300_000),
    onError: (error) => console.error('The team index could not be synced:', error),
  })
  f.events.subscribe((event, payload) => {
    if (event !== 'team.changed' || (payload as { kind?: string }).kind !== 'status') return
    guard.reset()
    void teamIndex.reload()
  })
  const d = createDomainServices(deps, f, wiring, team, teamIndex)
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
      await teamIndex.close() // ends the index lock's session: another desk takes the walk over
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
