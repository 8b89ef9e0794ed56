// The agent's theme choice: follow the OS (the default), or always light, or always dark. A display
// preference only (nothing sensitive), kept in the window's localStorage and applied as `data-theme`
// on <html>, which styles.css reads.

export type ThemeChoice = 'system' | 'light' | 'dark'

export const THEME_KEY = 'paydesk.theme'

export function readTheme(storage: Pick<Storage, 'getItem'> | undefined = globalThis.localStorage): ThemeChoice {
  const value = storage?.getItem(THEME_KEY)
  return value === 'light' || value === 'dark' ? value : 'system'
}

/** What applyTheme needs of <html> (its dataset), so this module also runs without a DOM. */
interface ThemeRoot {
  dataset: Record<string, string | undefined>
}

function documentRoot(): ThemeRoot | undefined {
  return (globalThis as { document?: { documentElement: ThemeRoot } }).document?.documentElement
}

export function applyTheme(choice: ThemeChoice, root: ThemeRoot | undefined = documentRoot()): void {
  if (!root) return
  if (choice === 'system') delete root.dataset['theme']
  else root.dataset['theme'] = choice
}

export function saveTheme(
  choice: ThemeChoice,
  storage: Pick<Storage, 'setItem' | 'removeItem'> | undefined = globalThis.localStorage,
): void {
  if (choice === 'system') storage?.removeItem(THEME_KEY)
  else storage?.setItem(THEME_KEY, choice)
  applyTheme(choice)
}
