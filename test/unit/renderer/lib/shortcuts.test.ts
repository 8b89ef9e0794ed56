// The shortcut sheet (?) says the keys the app answers to.
import { describe, expect, it } from 'vitest'
import { SHORTCUTS } from '../../../../src/renderer/src/lib/shortcuts'
import { SCREENS } from '../../../../src/renderer/src/stores/app-store'

describe('the shortcut sheet', () => {
  it('names the range of screen shortcuts the app answers to', () => {
    const keys = SCREENS.map((s) => s.shortcut).sort()
    const line = SHORTCUTS.find((s) => s.what === 'Switch screens')
    expect(line?.keys).toBe(`Ctrl+${keys[0] ?? ''}…${keys.at(-1) ?? ''}`)
    // The range has no gaps: every key in it opens a screen.
    const numbers = keys.map(Number)
    expect(numbers).toEqual(numbers.map((_, i) => (numbers[0] ?? 0) + i))
  })
})
