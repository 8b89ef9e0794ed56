import type { EventName, PaydeskEvents } from '../../shared/ipc/events'

export type EventListener = <E extends EventName>(event: E, payload: PaydeskEvents[E]) => void

/** Main-side fan-out of events to whoever forwards them to the renderer (Electron or the harness). */
export interface EventBus {
  emit<E extends EventName>(event: E, payload: PaydeskEvents[E]): void
  subscribe(listener: EventListener): () => void
  clear(): void
}

export function createEventBus(): EventBus {
  const listeners = new Set<EventListener>()
  return {
    emit(event, payload) {
      for (const listener of listeners) listener(event, payload)
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
