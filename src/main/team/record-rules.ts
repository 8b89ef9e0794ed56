// What both homes of the record decide alike: a note's text is checked before it is kept, a case
// refused says why in a sentence, and the store's listeners hear every change.
import { noteTextProblem, type CaseState, type RecordChange, type RecordObjectRef } from '../../shared/team-record'
import { UserFacingError } from '../errors'

/** A refused note or case change, in the agent's words. */
export function caseRefusal(code: 'invalid-input' | 'conflict', sentence: string): UserFacingError {
  return new UserFacingError(code, sentence)
}

/** Throws the reason a note's text cannot be kept (shared/team-record.ts), if there is one. */
export function checkNote(text: string): void {
  const problem = noteTextProblem(text)
  if (problem !== null) throw caseRefusal('invalid-input', problem)
}

export function sameObject(a: RecordObjectRef, b: RecordObjectRef): boolean {
  return a.kind === b.kind && a.id === b.id
}

/** An open case held by `owner`. */
export function openCaseState(
  object: RecordObjectRef,
  owner: string,
  ticket: string | null,
  at: string,
  by: string,
): CaseState {
  return { object: { kind: object.kind, id: object.id }, owner, state: 'open', ticket, changedAt: at, changedBy: by }
}

/** The store's subscribers; a listener that throws does not stop the others. */
export class Listeners {
  private readonly set = new Set<(change: RecordChange) => void>()

  add(listener: (change: RecordChange) => void): () => void {
    this.set.add(listener)
    return () => {
      this.set.delete(listener)
    }
  }

  emit(change: RecordChange): void {
    for (const listener of [...this.set]) {
      try {
        listener(change)
      } catch {
        // A view's listener failing is the view's problem, never the store's.
      }
    }
  }
}
