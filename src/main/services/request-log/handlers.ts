import type { HandlersFor } from '../../../shared/ipc/define'
import type { requestLogChannels } from '../../../shared/ipc/request-log'
import type { DialogPort } from '../ports'
import { UserFacingError } from '../../errors'
import { askMain, choosePersonalData, clearLogQuestion } from '../main-questions'
import { exportFileName } from '../personal-data'
import type { RequestLogService } from './service'
import type { RateLimitFeed } from './rate-limit'

/** The `requestLog.*` and `rateLimit.state` IPC handlers: thin, the rules live in the services. */
export function createRequestLogHandlers(
  log: RequestLogService,
  rateLimits: Pick<RateLimitFeed, 'state'>,
  dialogs: DialogPort,
): HandlersFor<typeof requestLogChannels> {
  return {
    'requestLog.list': () => log.list(),
    'requestLog.get': ({ id }) => log.get(id),
    'requestLog.search': async ({ text, ids }) => ({ ids: await log.search(text, ids) }),
    'requestLog.tag': ({ ids, tag, remove }) => log.tag(ids, tag, remove ?? false),
    // Clearing cannot be undone and would erase the trace of what a page sent: main asks the person.
    'requestLog.clear': async () => {
      const { entries } = await log.list()
      if (entries.length === 0) return { cleared: 0 }
      if ((await askMain(dialogs, clearLogQuestion(entries.length))) !== 1) {
        throw new UserFacingError('canceled', 'The request log was not cleared.')
      }
      return log.clear()
    },
    'requestLog.curl': async ({ id, attempt }) => ({ command: await log.curl(id, attempt) }),
    'requestLog.export': async ({ ids, format }) => {
      const personalData = await choosePersonalData(dialogs, 'the exported requests')
      if (personalData === null) return { saved: false }
      const stamp = new Date().toISOString().slice(0, 19).replace(/[:T]/g, '-')
      const file = await dialogs.chooseSavePath({
        title: format === 'har' ? 'Export requests as HAR' : 'Export requests as JSON',
        defaultName: exportFileName(`paydesk-requests-${stamp}`, format === 'har' ? 'har' : 'json', personalData),
        filters:
          format === 'har' ? [{ name: 'HTTP Archive', extensions: ['har'] }] : [{ name: 'JSON', extensions: ['json'] }],
      })
      if (file === null) return { saved: false }
      return log.exportTo(ids, format, file, personalData)
    },
    'rateLimit.state': () => rateLimits.state(),
  }
}
