import type { z } from 'zod'

/**
 * One IPC channel: the runtime schema of its input and the (type-only) shape of its output.
 * `output` is never read at run time; it carries the type so the preload, the renderer and the
 * main-process handlers all derive their signatures from the same declaration.
 */
interface ChannelDef<I extends z.ZodType = z.ZodType, O = unknown> {
  readonly input: I
  readonly output: O
}

/** `defineChannel<Output>()(inputSchema)`: curried so the output type can be given explicitly. */
export function defineChannel<O>() {
  return <I extends z.ZodType>(input: I): ChannelDef<I, O> => ({ input, output: undefined as O })
}

type ChannelMap = Record<string, ChannelDef>

/** What a handler receives besides its validated input. */
export interface CallContext {
  /** The URL of the frame that called, already checked by the dispatcher. */
  readonly senderUrl: string
}

type HandlerFor<D extends ChannelDef> = (
  input: z.output<D['input']>,
  ctx: CallContext,
) => Promise<D['output']> | D['output']

/** The handlers of one domain's channel map. */
export type HandlersFor<M extends ChannelMap> = { [C in keyof M]: HandlerFor<M[C]> }

/** Every invoke answers with this envelope; the renderer's ipc-client turns `ok: false` into a throw. */
export type IpcResult<T> = { ok: true; value: T } | { ok: false; error: IpcErrorView }

export type IpcErrorCode =
  | 'forbidden-sender'
  | 'unknown-channel'
  | 'invalid-input'
  | 'api-error'
  | 'keychain-unavailable'
  | 'not-found'
  | 'conflict'
  | 'canceled'
  | 'internal'

/** A plain, serializable error. Never holds a secret (see SECURITY.md). */
export interface IpcErrorView {
  code: IpcErrorCode
  message: string
  /** For invalid-input: which part of the payload failed and why. */
  issues?: { path: string; message: string }[]
  /** For api-error: the API client's error view (spec 7 fields, attempts, rate-limit state). */
  api?: unknown
}
