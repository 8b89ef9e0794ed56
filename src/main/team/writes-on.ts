// The writes recorded on many objects (issue 50, gap b: the customer view lists what was done on the
// customer's payments and orders): each object's rows from the record service, one list, newest first.
import type { HandlersFor } from '../../shared/ipc/define'
import type { teamWritesChannels } from '../../shared/ipc/team-writes'
import type { ActionRecordEntry, RecordObjectRef } from '../../shared/team-record'
import type { RecordService } from './record-service'

/** Newest first: by time, then by the store's order (two writes in one millisecond). */
function newestFirst(a: ActionRecordEntry, b: ActionRecordEntry): number {
  return Date.parse(b.at) - Date.parse(a.at) || b.seq - a.seq
}

/** Every row recorded on any of `objects`, each once, newest first. */
export async function writesOn(
  record: Pick<RecordService, 'actionsFor'>,
  objects: readonly RecordObjectRef[],
): Promise<ActionRecordEntry[]> {
  const unique = new Map(objects.map((o) => [`${o.kind}:${o.id}`, o]))
  const lists = await Promise.all([...unique.values()].map((o) => record.actionsFor(o)))
  const byId = new Map<string, ActionRecordEntry>()
  for (const row of lists.flat()) byId.set(row.id, row)
  return [...byId.values()].sort(newestFirst)
}

export function createWritesOnHandlers(
  record: Pick<RecordService, 'actionsFor' | 'login'>,
): HandlersFor<typeof teamWritesChannels> {
  return {
    'team.writesOn': async ({ objects }) => ({ writes: await writesOn(record, objects), me: record.login() }),
  }
}
