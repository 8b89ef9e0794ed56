import { createHash, randomUUID } from 'node:crypto'
import type { RecordStore } from '../../src/main/team/record-store'
import type {
  ActionRecordEntry,
  CaseState,
  RecordChange,
  RecordNote,
  RecordObjectRef,
  TeamRecordStatus,
} from '../../src/shared/team-record'

/**
 * A RecordStore in memory, for unit tests of one piece only (the record service, the handlers). One
 * `MemoryRecord` is the shared record; `storeFor(login, desk)` is one desk's view of it, so two desks
 * see each other's notes and cases as on one team database. `failAppends` makes the next appends throw.
 */
export interface MemoryRecord {
  storeFor(login: string, desk: string): RecordStore
  readonly actions: ActionRecordEntry[]
  readonly notes: RecordNote[]
  failAppends(count: number): void
}

const same = (a: RecordObjectRef, b: RecordObjectRef) => a.kind === b.kind && a.id === b.id

export function createMemoryRecord(): MemoryRecord {
  const actions: ActionRecordEntry[] = []
  const notes: RecordNote[] = []
  const cases: CaseState[] = []
  const listeners = new Set<(change: RecordChange) => void>()
  let failing = 0
  const emit = (change: RecordChange) => {
    for (const listener of listeners) listener(change)
  }

  function storeFor(login: string, desk: string): RecordStore {
    const own = new Set<(change: RecordChange) => void>()
    const setCase = (next: CaseState): CaseState => {
      const at = cases.findIndex((c) => same(c.object, next.object))
      if (at >= 0) cases[at] = next
      else cases.push(next)
      emit({ kind: 'case', object: next.object })
      return next
    }
    const stamp = (object: RecordObjectRef, change: Partial<CaseState>): CaseState => {
      const before = cases.find((c) => same(c.object, object))
      return setCase({
        object,
        owner: null,
        state: 'open',
        ticket: before?.ticket ?? null,
        ...change,
        changedAt: new Date().toISOString(),
        changedBy: login,
      })
    }
    return {
      async appendAction(row) {
        if (failing > 0) {
          failing--
          throw new Error('the record store is unavailable')
        }
        const prevHash = actions.at(-1)?.hash ?? '0'.repeat(64)
        const entry = {
          ...row,
          id: randomUUID(),
          seq: actions.length + 1,
          at: new Date().toISOString(),
          agent: login,
          desk,
        }
        const hash = createHash('sha256').update(prevHash).update(JSON.stringify(entry)).digest('hex')
        const full: ActionRecordEntry = { ...entry, prevHash, hash }
        actions.push(full)
        emit({ kind: 'action', object: row.object })
        return full
      },
      actionsFor: async (object) => actions.filter((a) => same(a.object, object)),
      actionsOn: async (objects) => actions.filter((a) => objects.some((o) => same(a.object, o))),
      async writeNote(object, text, noteId) {
        const earlier = noteId ? notes.filter((n) => n.noteId === noteId) : []
        const id = randomUUID()
        const note: RecordNote = {
          id,
          object,
          noteId: noteId ?? id,
          version: earlier.length + 1,
          author: login,
          at: new Date().toISOString(),
          text,
        }
        notes.push(note)
        emit({ kind: 'note', object })
        return note
      },
      async notesFor(object) {
        const latest = new Map<string, RecordNote>()
        for (const n of notes) if (same(n.object, object)) latest.set(n.noteId, n)
        return [...latest.values()].reverse()
      },
      async takeCase(object, ticket) {
        const before = cases.find((c) => same(c.object, object))
        if (before?.state === 'open' && before.owner !== null && before.owner !== login) return before
        return stamp(object, { owner: login, ticket: ticket ?? before?.ticket ?? null })
      },
      handOver: async (object, to) => stamp(object, { owner: to }),
      closeCase: async (object) => stamp(object, { owner: null, state: 'closed' }),
      caseOf: async (object) => cases.find((c) => same(c.object, object)) ?? null,
      openCases: async (whose) =>
        cases.filter((c) => c.state === 'open' && c.owner !== null && (whose === 'team' || c.owner === login)),
      async findByTicket(ticket) {
        const found = [...cases.filter((c) => c.ticket === ticket), ...actions.filter((a) => a.ticket === ticket)]
        const refs: RecordObjectRef[] = []
        for (const { object } of found) if (!refs.some((r) => same(r, object))) refs.push(object)
        return refs
      },
      colleagues: async () => [],
      status(): TeamRecordStatus {
        return {
          home: 'desk',
          state: 'connected',
          login,
          colleaguesOnline: 0,
          waitingToSync: 0,
          sentence: `Working on this desk's own record as ${login}.`,
        }
      },
      subscribe(listener) {
        own.add(listener)
        listeners.add(listener)
        return () => {
          own.delete(listener)
          listeners.delete(listener)
        }
      },
      async close() {
        for (const listener of own) listeners.delete(listener)
      },
    }
  }

  return {
    storeFor,
    actions,
    notes,
    failAppends(count) {
      failing = count
    },
  }
}
