import type { HandlersFor } from '../../shared/ipc/define'
import type { TeamDatabaseView, teamChannels } from '../../shared/ipc/team'
import type { teamWritesChannels } from '../../shared/ipc/team-writes'
import type { RecordService } from './record-service'
import type { TeamSettings } from './team-settings'
import { writesOn } from './writes-on'

/** The `team.*` IPC handlers: thin, the record service decides (author, time, desk, what is recorded). */
export function createTeamHandlers(record: RecordService, settings: TeamSettings): HandlersFor<typeof teamChannels> {
  const database = async (): Promise<TeamDatabaseView> => {
    const [view, status] = await Promise.all([settings.view(), record.status()])
    return { ...view, status }
  }
  return {
    'team.object': async ({ object }) => {
      const [found, notes, actions, colleagues] = await Promise.all([
        record.caseOf(object),
        record.notesFor(object),
        record.actionsFor(object),
        record.colleagues().catch(() => []),
      ])
      return { object, case: found, notes, actions, me: record.login(), colleagues }
    },
    'team.writeNote': ({ object, text, noteId }) => record.writeNote(object, text, noteId),
    'team.takeCase': ({ object, ticket }) => record.takeCase(object, ticket ?? null),
    'team.handOver': ({ object, to }) => record.handOver(object, to),
    'team.closeCase': ({ object }) => record.closeCase(object),
    'team.openCases': async () => {
      const [mine, team] = await Promise.all([record.openCases('mine'), record.openCases('team')])
      return { mine, team, me: record.login() }
    },
    'team.database': database,
    'team.connect': async (input) => {
      await record.connect(input)
      return database()
    },
    'team.test': (input) => record.test(input),
    'team.disconnect': async () => {
      await record.disconnect()
      return database()
    },
  }
}

/** `team.writesOn`: the writes recorded on a customer's payments and orders, one list (writes-on.ts). */
export function createWritesOnHandlers(
  record: Pick<RecordService, 'actionsOn' | 'login'>,
): HandlersFor<typeof teamWritesChannels> {
  return {
    'team.writesOn': async ({ objects }) => ({ writes: await writesOn(record, objects), me: record.login() }),
  }
}
