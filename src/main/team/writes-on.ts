// The writes recorded on many objects (issue 50, gap b: the customer view lists what was done on the
// customer's payments and orders): the rows of all of them in one read of the record's store (one
// query, not one per object: the view names up to 101 objects), newest first.
import type { ActionRecordEntry, RecordObjectRef } from '../../shared/team-record'
import type { RecordService } from './record-service'

/** Newest first: by time, then by the store's order (two writes in one millisecond). */
function newestFirst(a: ActionRecordEntry, b: ActionRecordEntry): number {
  return Date.parse(b.at) - Date.parse(a.at) || b.seq - a.seq
}

/** Every row recorded on any of `objects`, newest first. */
export async function writesOn(
  record: Pick<RecordService, 'actionsOn'>,
  objects: readonly RecordObjectRef[],
): Promise<ActionRecordEntry[]> {
  const unique = new Map(objects.map((o) => [`${o.kind}:${o.id}`, o]))
  return (await record.actionsOn([...unique.values()])).sort(newestFirst)
}
