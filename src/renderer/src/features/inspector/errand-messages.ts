// What the Inspector's errands apply to and the one line of feedback each leaves (tag with a case id,
// export, clear), apart from React: use-inspector-tools.ts runs the errands and shows these.
import type { RequestLogExportResult } from '../../../../shared/request-log-types'
import { errorMessage, toErrorView } from '../../stores/error-view'

export interface InspectorMessage {
  tone: 'ok' | 'error'
  text: string
}

const requests = (n: number) => `${n} request${n === 1 ? '' : 's'}`

/** The errands apply to the ticked rows, or to the open one when none is ticked. */
export function errandTargets(checked: ReadonlySet<string>, selectedId: string | null): string[] {
  return checked.size > 0 ? [...checked] : selectedId ? [selectedId] : []
}

/** An export's outcome: where it went and whether it holds customers' personal data, or that nothing was written. */
export function exportedMessage(result: RequestLogExportResult): InspectorMessage {
  if (!result.saved) return { tone: 'ok', text: 'Export canceled; nothing was written.' }
  const personal =
    result.personalData === 'included'
      ? 'customers’ personal data included as you chose.'
      : 'customers’ personal data left out.'
  return { tone: 'ok', text: `Exported ${requests(result.count)} to ${result.path}: no keys or tokens, ${personal}` }
}

export function exportFailedMessage(error: unknown): InspectorMessage {
  return { tone: 'error', text: `Export failed: ${errorMessage(error)}. Choose another folder and try again.` }
}

export function taggedMessage(updated: number, caseId: string): InspectorMessage {
  return { tone: 'ok', text: `Tagged ${requests(updated)} with ${caseId}.` }
}

export function clearedMessage(cleared: number): InspectorMessage {
  return { tone: 'ok', text: `Cleared ${requests(cleared)} from this computer.` }
}

/** A clear the agent declined in main's dialog is no failure: the log was kept. */
export function clearFailedMessage(error: unknown): InspectorMessage {
  if (toErrorView(error).code === 'canceled') {
    return { tone: 'ok', text: 'The request log was kept: nothing was cleared.' }
  }
  return { tone: 'error', text: `The log could not be cleared: ${errorMessage(error)}` }
}
