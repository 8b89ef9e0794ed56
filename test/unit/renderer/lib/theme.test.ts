// The theme choice: system by default, light or dark when chosen, anything else read as system.
import { describe, expect, it } from 'vitest'
import { readTheme, resolveTheme, saveTheme, THEME_KEY } from '../../../../src/renderer/src/lib/theme'

function memoryStorage(initial: Record<string, string> = {}) {
  const data = new Map(Object.entries(initial))
  return {
    data,
    getItem: (k: string) => data.get(k) ?? null,
    setItem: (k: string, v: string) => void data.set(k, v),
    removeItem: (k: string) => void data.delete(k),
  }
}

describe('theme choice', () => {
  it('reads system unless light or dark was chosen', () => {
    expect(readTheme(memoryStorage())).toBe('system')
    expect(readTheme(memoryStorage({ [THEME_KEY]: 'dark' }))).toBe('dark')
    expect(readTheme(memoryStorage({ [THEME_KEY]: 'light' }))).toBe('light')
    expect(readTheme(memoryStorage({ [THEME_KEY]: 'neon' }))).toBe('system')
    expect(readTheme(undefined)).toBe('system')
  })

  it('stores light and dark, and forgets the choice for system', () => {
    const storage = memoryStorage()
    saveTheme('dark', storage)
    expect(storage.data.get(THEME_KEY)).toBe('dark')
    saveTheme('system', storage)
    expect(storage.data.has(THEME_KEY)).toBe(false)
  })

  it('resolves "system" by the OS and keeps a chosen theme whatever the OS says', () => {
    expect(resolveTheme('system', true)).toBe('dark')
    expect(resolveTheme('system', false)).toBe('light')
    expect(resolveTheme('light', true)).toBe('light')
    expect(resolveTheme('dark', false)).toBe('dark')
  })
})
