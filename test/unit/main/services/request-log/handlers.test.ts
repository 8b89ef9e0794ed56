// The request log's export channel names its default file by what it holds (threat: the file is
// passed on, and its name and contents are all the reader has).
import { describe, expect, it } from 'vitest'
import type { RequestLogService } from '../../../../../src/main/services/request-log'
import { createRequestLogHandlers } from '../../../../../src/main/services/request-log/handlers'
import type { RateLimitFeed } from '../../../../../src/main/services/request-log/rate-limit'

function exportWith(answer: number) {
  const names: string[] = []
  const log = {
    exportTo: async (_ids: string[], _format: 'har' | 'json', file: string, personalData: 'left-out' | 'included') => ({
      saved: true as const,
      path: file,
      count: 1,
      personalData,
    }),
  } as unknown as RequestLogService
  const handlers = createRequestLogHandlers(log, {} as Pick<RateLimitFeed, 'state'>, {
    ask: async () => answer,
    chooseSavePath: async ({ defaultName }) => (names.push(defaultName), `/x/${defaultName}`),
  })
  return {
    names,
    run: (format: 'har' | 'json') => handlers['requestLog.export']({ ids: ['a'], format }, { senderUrl: '' }),
  }
}

describe('requestLog.export', () => {
  it('adds -with-personal-data to the default name only when personal data is included', async () => {
    const left = exportWith(0)
    await left.run('har')
    expect(left.names).toEqual([expect.stringMatching(/^paydesk-requests-[\d-]+\.har$/)])
    const included = exportWith(1)
    await included.run('json')
    await included.run('har')
    expect(included.names).toEqual([
      expect.stringMatching(/^paydesk-requests-[\d-]+-with-personal-data\.json$/),
      expect.stringMatching(/^paydesk-requests-[\d-]+-with-personal-data\.har$/),
    ])
  })
})
