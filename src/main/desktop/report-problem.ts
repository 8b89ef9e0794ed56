import type { RequestLogExportResult } from '../../shared/request-log-types'
import type { DialogPort } from '../services/ports'
import { UserFacingError } from '../errors'
import { choosePersonalData } from '../services/main-questions'
import { exportFileName } from '../services/personal-data'
import type { RequestLogService } from '../services/request-log'

/**
 * Help → Report a Problem: the Inspector's export of the whole request log as HAR (redacted as
 * every export is: no key, no token), saved where the user chooses, to attach to a report.
 */
export async function reportProblem(deps: {
  requestLog: Pick<RequestLogService, 'list' | 'exportTo'>
  dialogs: DialogPort
  now?: () => Date
}): Promise<RequestLogExportResult | { saved: false; empty: true } | { saved: false; refused: string }> {
  const { entries } = await deps.requestLog.list()
  if (entries.length === 0) return { saved: false, empty: true }
  let personalData: Awaited<ReturnType<typeof choosePersonalData>>
  try {
    personalData = await choosePersonalData(deps.dialogs, 'the problem report')
  } catch (error) {
    // Another of main's questions is open (one at a time): said in a notice, not only in a log.
    if (error instanceof UserFacingError) return { saved: false, refused: error.message }
    throw error
  }
  if (personalData === null) return { saved: false }
  const stamp = (deps.now?.() ?? new Date()).toISOString().slice(0, 19).replace(/[:T]/g, '-')
  const file = await deps.dialogs.chooseSavePath({
    title: 'Report a problem: save the request log',
    defaultName: exportFileName(`paydesk-report-${stamp}`, 'har', personalData),
    filters: [{ name: 'HTTP Archive', extensions: ['har'] }],
  })
  if (file === null) return { saved: false }
  return deps.requestLog.exportTo(
    entries.map((entry) => entry.id),
    'har',
    file,
    personalData,
  )
}

/** What the app says afterwards (a native message box in index.ts). */
export function reportProblemMessage(result: Awaited<ReturnType<typeof reportProblem>>): string | null {
  if ('empty' in result) return 'There is nothing to report yet: the request log is empty.'
  if ('refused' in result) return result.refused
  if (!result.saved) return null
  const personal =
    result.personalData === 'included'
      ? 'It includes customers’ personal data (names, e-mail addresses, addresses, descriptions) as you chose: ' +
        'share it only with people who may see them.'
      : 'Customers’ personal data (names, e-mail addresses, phone numbers, addresses, bank and card holder ' +
        'details, descriptions, metadata values) is left out.'
  return (
    `Saved ${result.count} request${result.count === 1 ? '' : 's'} to ${result.path}. ` +
    `Attach this file to your report. API keys and tokens are not in it. ${personal}`
  )
}
