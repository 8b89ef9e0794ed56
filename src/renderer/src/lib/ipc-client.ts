import type { ChannelInput, ChannelName, ChannelOutput, PaydeskApi } from '../../../shared/ipc/contract'
import type { IpcErrorCode, IpcErrorView, IpcResult } from '../../../shared/ipc/define'
import type { EventName, PaydeskEvents } from '../../../shared/ipc/events'

/**
 * The renderer's only door to the main process, used by the stores' ports (stores/ipc-ports.ts);
 * a failed call throws an IpcError carrying the typed view (code, message, issues, API error).
 */
class IpcError extends Error {
  readonly code: IpcErrorCode
  readonly view: IpcErrorView
  constructor(view: IpcErrorView) {
    super(view.message)
    this.name = 'IpcError'
    this.code = view.code
    this.view = view
  }
}

function bridge(): PaydeskApi {
  const api = (window as { paydesk?: PaydeskApi }).paydesk
  if (!api) throw new Error('The Paydesk bridge is missing: the preload script did not run.')
  return api
}

export async function call<C extends ChannelName>(
  channel: C,
  ...args: undefined extends ChannelInput<C> ? [input?: ChannelInput<C>] : [input: ChannelInput<C>]
): Promise<ChannelOutput<C>> {
  const dot = channel.indexOf('.')
  const domain = channel.slice(0, dot) as keyof PaydeskApi
  const member = channel.slice(dot + 1)
  const group = bridge()[domain] as unknown as Record<string, (input?: unknown) => Promise<IpcResult<unknown>>>
  const fn = group?.[member]
  if (!fn) throw new IpcError({ code: 'unknown-channel', message: `Unknown channel ${channel}` })
  const result = await fn(args[0])
  if (!result.ok) throw new IpcError(result.error)
  return result.value as ChannelOutput<C>
}

export function subscribe<E extends EventName>(event: E, listener: (payload: PaydeskEvents[E]) => void): () => void {
  return bridge().on(event, listener)
}
