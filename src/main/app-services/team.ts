import os from 'node:os'
import { join } from 'node:path'
import { DeskRecordStore } from '../team/desk-store'
import { createRecordService, type RecordIdentity, type RecordServiceOptions } from '../team/record-service'
import { createTeamSettings } from '../team/team-settings'
import { openTeamRecordStore } from '../team/team-store'
import { tryTeamConnection } from '../team/team-trial'
import type { Foundation } from './foundation'
import type { AppDeps } from './types'

export type TeamWiring = ReturnType<typeof createTeamWiring>

/** The agent and the desk when nothing else names them: the OS user on this machine. */
function defaultIdentity(): RecordIdentity {
  return { login: os.userInfo().username, desk: os.hostname() }
}

/**
 * The record's files in the data folder: the desk's own record, and the team database's copy on this
 * desk (its outbox while offline). Two files, so a desk that joins a team keeps its own record apart.
 */
function recordFiles(dataDir: string) {
  return { desk: join(dataDir, 'record', 'desk.sqlite'), teamCopy: join(dataDir, 'record', 'team-copy.sqlite') }
}

/** The stores of the app: the desk's encrypted SQLite store, and the team's PostgreSQL database. */
function appStores(deps: AppDeps, f: Foundation): Pick<RecordServiceOptions, 'openDeskStore' | 'openTeamStore'> {
  const files = recordFiles(deps.dataDir)
  return {
    openDeskStore: async ({ login, desk }) =>
      new DeskRecordStore({ file: files.desk, key: await f.getDataKey(), login, desk }),
    openTeamStore: async (config, { desk }) =>
      openTeamRecordStore({
        url: config.connectionString,
        password: config.password,
        file: files.teamCopy,
        key: await f.getDataKey(),
        desk,
      }),
  }
}

/** The record service over the desk's own store or the team database, and the team database's settings. */
export function createTeamWiring(deps: AppDeps, f: Foundation) {
  const settings = createTeamSettings({
    dataDir: deps.dataDir,
    secretStore: deps.secretStore,
    remember: f.scrubber.remember,
  })
  const stores = appStores(deps, f)
  const record = createRecordService({
    identity: deps.team?.identity ?? defaultIdentity(),
    openDeskStore: deps.team?.openDeskStore ?? stores.openDeskStore,
    openTeamStore: deps.team?.openTeamStore ?? stores.openTeamStore,
    tryTeamDatabase: tryTeamConnection,
    settings,
    emit: (change) => f.events.emit('team.changed', change),
    retryDelayMs: deps.team?.retryDelayMs,
    onRecordError: (error) => console.error('The shared record could not be written:', error),
  })
  return { record, settings }
}
