import type { z } from 'zod'
import { contract, type ChannelName } from '../../shared/ipc/contract'
import type { CallContext, IpcErrorView, IpcResult } from '../../shared/ipc/define'
import type { AppHandlers } from '../app-services/types'
import { toIpcError } from '../errors'

/** Who called: the URL of the calling frame, and whether it is the app window's top frame. */
export interface SenderInfo {
  frameUrl: string | null | undefined
  isAppWindow: boolean
}

interface DispatcherOptions {
  handlers: AppHandlers
  /** Origins the app's own content is served from (app://paydesk, the dev server, the e2e harness). */
  trustedOrigins: readonly string[]
  /** Where unexpected handler failures are reported (never to the renderer in full). */
  onInternalError?: (channel: string, error: unknown) => void
  /** Applied to every reply before it leaves main (the secret scrubber). */
  scrub?: <T>(value: T) => T
}

export interface Dispatcher {
  invoke(sender: SenderInfo, channel: string, rawInput: unknown): Promise<IpcResult<unknown>>
}

function originOf(url: string | null | undefined): string | null {
  if (!url) return null
  try {
    const parsed = new URL(url)
    // `app://user@paydesk/` is not the app's origin: a URL with a user name or password never is.
    if (parsed.username !== '' || parsed.password !== '') return null
    // Custom schemes (app://paydesk) have an opaque `origin` ("null") in WHATWG URL; compare scheme+host.
    return parsed.origin !== 'null' ? parsed.origin : `${parsed.protocol}//${parsed.host}`
  } catch {
    return null
  }
}

function fail(error: IpcErrorView): IpcResult<never> {
  return { ok: false, error }
}

function describeIssues(error: z.ZodError): { path: string; message: string }[] {
  return error.issues.map((issue) => ({
    path: issue.path.map(String).join('.') || '(input)',
    message: issue.message,
  }))
}

/**
 * The single wrapper every IPC call goes through, in Electron and in the e2e harness alike:
 * (a) the sender must be the app's own window and origin, (b) the channel must be in the contract,
 * (c) the input must match its schema. Handler failures become typed errors, never a crash.
 */
export function createDispatcher(options: DispatcherOptions): Dispatcher {
  const scrub = options.scrub ?? (<T>(value: T) => value)
  const trusted = new Set(options.trustedOrigins.map((o) => originOf(o)).filter((o): o is string => !!o))

  return {
    async invoke(sender, channel, rawInput) {
      const origin = originOf(sender.frameUrl)
      if (!sender.isAppWindow || !origin || !trusted.has(origin)) {
        return fail({ code: 'forbidden-sender', message: 'This request did not come from the Paydesk window.' })
      }
      if (!Object.prototype.hasOwnProperty.call(contract, channel)) {
        return fail({ code: 'unknown-channel', message: `There is no channel named "${String(channel)}".` })
      }
      const name = channel as ChannelName
      const parsed = contract[name].input.safeParse(rawInput)
      if (!parsed.success) {
        return fail({
          code: 'invalid-input',
          message: `The request to ${name} was not valid.`,
          issues: describeIssues(parsed.error),
        })
      }
      const ctx: CallContext = { senderUrl: sender.frameUrl ?? '' }
      try {
        const handler = options.handlers[name] as (input: unknown, ctx: CallContext) => unknown
        const value = await handler(parsed.data, ctx)
        return scrub({ ok: true, value })
      } catch (error) {
        const view = toIpcError(error)
        if (view.code === 'internal') options.onInternalError?.(name, error)
        return scrub(fail(view))
      }
    },
  }
}
