import type { HandlersFor } from '../../shared/ipc/define'
import type { requestLogChannels } from '../../shared/ipc/request-log'
import type { DialogPort } from '../app-services'
import type { RequestLogService } from './request-log'
import type { RateLimitFeed } from './request-log-rate-limit'

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
    'requestLog.clear': () => log.clear(),
    'requestLog.curl': async ({ id, attempt }) => ({ command: await log.curl(id, attempt) }),
    'requestLog.export': async ({ ids, format }) => {
      const stamp = new Date().toISOString().slice(0, 19).replace(/[:T]/g, '-')
      const file = await dialogs.chooseSavePath({
        title: format === 'har' ? 'Export requests as HAR' : 'Export requests as JSON',
        defaultName: `paydesk-requests-${stamp}.${format === 'har' ? 'har' : 'json'}`,
        filters:
          format === 'har' ? [{ name: 'HTTP Archive', extensions: ['har'] }] : [{ name: 'JSON', extensions: ['json'] }],
      })
      if (file === null) return { saved: false }
      return log.exportTo(ids, format, file)
    },
    'rateLimit.state': () => rateLimits.state(),
  }
}
