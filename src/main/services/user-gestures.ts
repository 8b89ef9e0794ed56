// Whether the person just did something in the window: main writes to the clipboard only within a
// short time after a key press or a click it saw itself. The Electron shell (window.ts) notes every
// real input event of the app window here ('before-input-event', 'before-mouse-event'); these
// come from the operating system, so a page script cannot make one. A compromised page that calls
// `app.copy` on its own, between the person's actions, writes nothing.

/**
 * How long after a gesture a copy is let through: as long as a browser's transient user activation
 * (5 seconds in Chromium), the rule the web's own clipboard API follows.
 */
export const GESTURE_WINDOW_MS = 5_000

/** The input events that count as a gesture (Electron's Input and MouseInputEvent `type`). */
const GESTURE_TYPES: ReadonlySet<string> = new Set(['keyDown', 'keyUp', 'mouseDown', 'mouseUp'])

/** True for a key press or a click; moving, entering, leaving or scrolling is no gesture. */
export function isUserGesture(type: string): boolean {
  return GESTURE_TYPES.has(type)
}

export interface UserGestures {
  /** The shell saw a key press or a click in the app window. */
  note(): void
  /**
   * True when a gesture was seen within GESTURE_WINDOW_MS and not used yet; uses it, so one gesture
   * lets one copy through.
   */
  take(): boolean
}

export function createUserGestures(now: () => number = Date.now): UserGestures {
  let last: number | null = null
  return {
    note() {
      last = now()
    },
    take() {
      if (last === null) return false
      const age = now() - last
      const fresh = age >= 0 && age <= GESTURE_WINDOW_MS
      last = null
      return fresh
    },
  }
}
