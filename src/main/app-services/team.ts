import os from 'node:os'
import type { RecordStore } from '../team/record-store'
import { createRecordService, type RecordIdentity } from '../team/record-service'
import { createTeamSettings } from '../team/team-settings'
import type { Foundation } from './foundation'
import type { AppDeps } from './types'

export type TeamWiring = ReturnType<typeof createTeamWiring>

/** The agent and the desk when nothing else names them: the OS user on this machine. */
function defaultIdentity(): RecordIdentity {
  return { login: os.userInfo().username, desk: os.hostname() }
}

async function noDeskStore(): Promise<RecordStore> {
  throw new Error('This build has no desk record store.')
}

/** The record service over the desk's own store or the team database, and the team database's settings. */
export function createTeamWiring(deps: AppDeps, f: Foundation) {
  const settings = createTeamSettings({
    dataDir: deps.dataDir,
    secretStore: deps.secretStore,
    remember: f.scrubber.remember,
  })
  const record = createRecordService({
    identity: deps.team?.identity ?? defaultIdentity(),
    openDeskStore: deps.team?.openDeskStore ?? noDeskStore,
    openTeamStore: deps.team?.openTeamStore,
    settings,
    emit: (change) => f.events.emit('team.changed', change),
    retryDelayMs: deps.team?.retryDelayMs,
    onRecordError: (error) => console.error('The shared record could not be written:', error),
  })
  return { record, settings }
}
