import { describe, expect, it, vi } from 'vitest'
import type { AppHandlers } from '../../../../src/main/app-services/types'
import { createDispatcher, type SenderInfo } from '../../../../src/main/ipc/dispatcher'
import { UserFacingError } from '../../../../src/main/errors'
import { CHANNEL_NAMES, contract } from '../../../../src/shared/ipc/contract'

const ORIGIN = 'app://paydesk'
const trusted: SenderInfo = { frameUrl: `${ORIGIN}/index.html`, isAppWindow: true }

/** Handlers that record calls; the dispatcher must never reach them for rejected calls. */
function recordingHandlers() {
  const calls: string[] = []
  const handlers = Object.fromEntries(
    CHANNEL_NAMES.map((name) => [
      name,
      vi.fn(async () => {
        calls.push(name)
        return { handled: name }
      }),
    ]),
  ) as unknown as AppHandlers
  return { handlers, calls }
}

// Every channel's schema must reject all of these: strict objects (or undefined) only.
const JUNK: [string, unknown][] = [
  ['a number', 42],
  ['a string', 'text'],
  ['an array', []],
  ['null', null],
  ['an object with an unknown key', { __unexpected: true }],
  ['a prototype-polluting key', JSON.parse('{"__proto__": {"polluted": true}}')],
]

describe('IPC dispatcher (every channel of the contract)', () => {
  it('has channels to check', () => {
    expect(CHANNEL_NAMES.length).toBeGreaterThan(0)
  })

  describe.each(CHANNEL_NAMES)('%s', (channel) => {
    it.each<[string, SenderInfo]>([
      ['another origin', { frameUrl: 'https://evil.example/index.html', isAppWindow: true }],
      ['a frame that is not the app window', { frameUrl: `${ORIGIN}/index.html`, isAppWindow: false }],
      ['no frame URL', { frameUrl: undefined, isAppWindow: true }],
      ['a malformed URL', { frameUrl: 'not a url', isAppWindow: true }],
      ['a look-alike host', { frameUrl: 'app://paydesk.evil/index.html', isAppWindow: true }],
      [
        'a URL with a user name (app://user@paydesk/)',
        { frameUrl: 'app://user@paydesk/index.html', isAppWindow: true },
      ],
      ['a URL with a password', { frameUrl: 'app://:pw@paydesk/index.html', isAppWindow: true }],
    ])('rejects a sender from %s', async (_label, sender) => {
      const { handlers, calls } = recordingHandlers()
      const dispatcher = createDispatcher({ handlers, trustedOrigins: [ORIGIN] })
      const result = await dispatcher.invoke(sender, channel, undefined)
      expect(result).toMatchObject({ ok: false, error: { code: 'forbidden-sender' } })
      expect(calls).toEqual([])
    })

    it.each(JUNK)('answers %s with a typed invalid-input error', async (_label, junk) => {
      const { handlers, calls } = recordingHandlers()
      const dispatcher = createDispatcher({ handlers, trustedOrigins: [ORIGIN] })
      const result = await dispatcher.invoke(trusted, channel, junk)
      expect(result.ok).toBe(false)
      if (!result.ok) {
        expect(result.error.code).toBe('invalid-input')
        expect(result.error.issues?.length).toBeGreaterThan(0)
      }
      expect(calls).toEqual([])
    })
  })

  it('rejects channels that are not in the contract', async () => {
    const { handlers } = recordingHandlers()
    const dispatcher = createDispatcher({ handlers, trustedOrigins: [ORIGIN] })
    for (const name of ['nope', 'app.info.extra', '__proto__', 'constructor', 'toString']) {
      const result = await dispatcher.invoke(trusted, name, undefined)
      expect(result).toMatchObject({ ok: false, error: { code: 'unknown-channel' } })
    }
  })

  it('passes valid input to the handler and returns its value', async () => {
    const { handlers, calls } = recordingHandlers()
    const dispatcher = createDispatcher({ handlers, trustedOrigins: [ORIGIN] })
    expect(contract['app.info'].input.safeParse(undefined).success).toBe(true)
    const result = await dispatcher.invoke(trusted, 'app.info', undefined)
    expect(result).toEqual({ ok: true, value: { handled: 'app.info' } })
    expect(calls).toEqual(['app.info'])
  })

  it('turns a thrown user-facing error into its code and message', async () => {
    const { handlers } = recordingHandlers()
    handlers['app.info'] = () => {
      throw new UserFacingError('not-found', 'No such thing.')
    }
    const dispatcher = createDispatcher({ handlers, trustedOrigins: [ORIGIN] })
    await expect(dispatcher.invoke(trusted, 'app.info', undefined)).resolves.toEqual({
      ok: false,
      error: { code: 'not-found', message: 'No such thing.' },
    })
  })

  it('hides unexpected failures behind a generic message and reports them', async () => {
    const { handlers } = recordingHandlers()
    handlers['app.info'] = () => {
      throw new Error('ENOENT /home/someone/secret_live_abc')
    }
    const reported: unknown[] = []
    const dispatcher = createDispatcher({
      handlers,
      trustedOrigins: [ORIGIN],
      onInternalError: (_channel, error) => reported.push(error),
    })
    const result = await dispatcher.invoke(trusted, 'app.info', undefined)
    expect(result).toMatchObject({ ok: false, error: { code: 'internal' } })
    expect(JSON.stringify(result)).not.toContain('secret_live_abc')
    expect(reported).toHaveLength(1)
  })

  it('accepts the dev server and harness origins it is given', async () => {
    const { handlers } = recordingHandlers()
    const dispatcher = createDispatcher({ handlers, trustedOrigins: ['http://localhost:5173/'] })
    const ok = await dispatcher.invoke(
      { frameUrl: 'http://localhost:5173/#/orders', isAppWindow: true },
      'app.info',
      undefined,
    )
    expect(ok.ok).toBe(true)
    const other = await dispatcher.invoke(
      { frameUrl: 'http://localhost:5174/', isAppWindow: true },
      'app.info',
      undefined,
    )
    expect(other).toMatchObject({ ok: false, error: { code: 'forbidden-sender' } })
  })
})

describe('IPC dispatcher scrubbing', () => {
  it('passes every reply, success or failure, through the scrubber', async () => {
    const { handlers } = recordingHandlers()
    const secret = 'live_Xy7Qk2Lm9Pz4Tb1Wn3a1b2'
    handlers['app.info'] = () => {
      throw new UserFacingError('not-found', `echo ${secret}`)
    }
    const dispatcher = createDispatcher({
      handlers,
      trustedOrigins: [ORIGIN],
      scrub: <T>(value: T) => JSON.parse(JSON.stringify(value).split(secret).join('[masked]')) as T,
    })
    const result = await dispatcher.invoke(trusted, 'app.info', undefined)
    expect(JSON.stringify(result)).not.toContain(secret)
    expect(result).toMatchObject({ ok: false, error: { message: 'echo [masked]' } })
  })
})
