import { useState } from 'react'
import { errorMessage } from '../../stores/error-view'

/**
 * A short note of how a button's task ended, shown beside the button: `done` when it worked (null to
 * clear the note), the error in words when it failed, after `failed: ` when that is given.
 */
export function useOutcomeNote(): [
  note: string | null,
  report: (task: Promise<unknown>, done: string | null, failed?: string) => void,
] {
  const [note, setNote] = useState<string | null>(null)
  const report = (task: Promise<unknown>, done: string | null, failed?: string): void =>
    void task.then(
      () => setNote(done),
      (error: unknown) => setNote(failed ? `${failed}: ${errorMessage(error)}` : errorMessage(error)),
    )
  return [note, report]
}
