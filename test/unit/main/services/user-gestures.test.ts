/**
 * The gesture rule behind `app.copy` on its own, with a clock the test moves (threat: a compromised
 * page writes to the clipboard on its own, between the person's actions).
 */
import { describe, expect, it } from 'vitest'
import { createUserGestures, GESTURE_WINDOW_MS, isUserGesture } from '../../../../src/main/services/user-gestures'

describe('user gestures', () => {
  it('counts key presses and clicks, not moves, scrolling or entering', () => {
    for (const type of ['keyDown', 'keyUp', 'mouseDown', 'mouseUp']) expect(isUserGesture(type), type).toBe(true)
    for (const type of ['mouseMove', 'mouseWheel', 'mouseEnter', 'mouseLeave', 'contextMenu', 'char', '']) {
      expect(isUserGesture(type), type).toBe(false)
    }
  })

  it('lets one copy through within the window after a gesture, none before one or after the window', () => {
    let now = 1_000_000
    const gestures = createUserGestures(() => now)
    expect(gestures.take()).toBe(false)
    gestures.note()
    now += GESTURE_WINDOW_MS
    expect(gestures.take()).toBe(true)
    // Used: the next copy needs a new gesture.
    expect(gestures.take()).toBe(false)
    gestures.note()
    now += GESTURE_WINDOW_MS + 1
    expect(gestures.take()).toBe(false)
    // A clock that went back is no proof of a recent gesture either.
    gestures.note()
    now -= 60_000
    expect(gestures.take()).toBe(false)
  })
})
