import type { EventName, PaydeskEvents } from '../../shared/ipc/events'

type EventListener = <E extends EventName>(event: E, payload: PaydeskEvents[E]) => void

/** Main-side fan-out of events to whoever forwards them to the renderer (Electron or the harness). */
export interface EventBus {
  emit<E extends EventName>(event: E, payload: PaydeskEvents[E]): void
  subscribe(listener: EventListener): () => void
  clear(): void
}

/** `transform` runs once per event before fan-out (the secret scrubber). */
export function createEventBus(options: { transform?: <T>(value: T) => T } = {}): EventBus {
  const listeners = new Set<EventListener>()
  const transform = options.transform ?? (<T>(value: T) => value)
  return {
    emit(event, payload) {
      if (listeners.size === 0) return
      const delivered = transform(payload)
      for (const listener of listeners) listener(event, delivered)
    },
    subscribe(listener) {
      listeners.add(listener)
      return () => listeners.delete(listener)
    },
    clear() {
      listeners.clear()
    },
  }
}
