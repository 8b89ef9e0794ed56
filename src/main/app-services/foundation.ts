import type { AttemptEvent } from '../../shared/api-events'
import { createEventBus } from '../services/event-bus'
import { createExternalLinks } from '../services/external-links'
import { createRequestLogService } from '../services/request-log'
import { createRateLimitFeed } from '../services/request-log/rate-limit'
import { createSecretScrubber } from '../services/secret-scrubber'
import { getOrCreateDataKey } from '../storage/encryption'
import type { AppDeps } from './types'

/** What every other part of the app is built on: the scrubber, events, the request log, the data key. */
export type Foundation = ReturnType<typeof createFoundation>

export function createFoundation(deps: AppDeps) {
  // Every secret main has handled, masked in any reply or event that would carry it.
  const scrubber = createSecretScrubber()
  const events = createEventBus({ transform: scrubber.scrub })
  const externalLinks = createExternalLinks(deps.shell)

  // Every attempt of every API client fans out from here: to the request log, and to services
  // that tie a call to its request id (the inspector entry), such as the payments browser.
  const attemptListeners = new Set<(event: AttemptEvent) => void>()
  const observeAttempts = (listener: (event: AttemptEvent) => void) => {
    attemptListeners.add(listener)
    return () => void attemptListeners.delete(listener)
  }
  const observeRequestIds = (listener: (requestId: string) => void) =>
    observeAttempts((event) => listener(event.requestId))

  const dataKeyStore = deps.dataKeyStore ?? deps.secretStore
  const getDataKey = () => getOrCreateDataKey(dataKeyStore, { dataDir: deps.dataDir, legacyStore: deps.secretStore })

  const requestLog = createRequestLogService({
    dataDir: deps.dataDir,
    getKey: getDataKey,
    secretValues: () => scrubber.values(),
    emit: (payload) => events.emit('requestLog.appended', payload),
    app: { name: deps.appInfo.name, version: deps.appInfo.version },
  })
  const rateLimits = createRateLimitFeed({ emit: (snapshots) => events.emit('rateLimit.changed', snapshots) })
  return {
    scrubber,
    events,
    externalLinks,
    attemptListeners,
    observeRequestIds,
    dataKeyStore,
    getDataKey,
    requestLog,
    rateLimits,
  }
}
