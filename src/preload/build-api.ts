type Invoke = (channel: string, input: unknown) => Promise<unknown>
export type SubscribeAll = (listener: (message: { event: string; payload: unknown }) => void) => () => void

/**
 * Builds `window.paydesk` from the contract's channel and event names: one named function per
 * channel (`paydesk.orders.create(input)`), grouped by domain, and `on(event, listener)` returning
 * an unsubscribe. Used by the preload (over ipcRenderer) and by the e2e harness (over a Playwright
 * binding), which injects this very function's source, so it must not reference anything outside
 * itself.
 */
export function buildPaydeskApi(
  channelNames: readonly string[],
  eventNames: readonly string[],
  invoke: Invoke,
  subscribeAll: SubscribeAll,
): Record<string, unknown> {
  const api: Record<string, Record<string, (input?: unknown) => Promise<unknown>>> = {}
  for (const name of channelNames) {
    const dot = name.indexOf('.')
    const domain = name.slice(0, dot)
    const action = name.slice(dot + 1)
    const group = (api[domain] ??= {})
    group[action] = (input?: unknown) => invoke(name, input)
  }
  for (const group of Object.values(api)) Object.freeze(group)

  const allowed = new Set(eventNames)
  const listeners = new Map<string, Set<(payload: unknown) => void>>()
  let unsubscribeAll: (() => void) | null = null

  function on(event: string, listener: (payload: unknown) => void): () => void {
    if (!allowed.has(event)) throw new Error(`Unknown Paydesk event "${event}"`)
    if (typeof listener !== 'function') throw new Error('A listener must be a function')
    let set = listeners.get(event)
    if (!set) listeners.set(event, (set = new Set()))
    set.add(listener)
    unsubscribeAll ??= subscribeAll((message) => {
      const targets = listeners.get(message.event)
      if (targets) for (const target of [...targets]) target(message.payload)
    })
    return () => {
      set.delete(listener)
      let remaining = 0
      for (const s of listeners.values()) remaining += s.size
      if (remaining === 0 && unsubscribeAll) {
        unsubscribeAll()
        unsubscribeAll = null
      }
    }
  }

  return Object.freeze({ ...api, on })
}
