// The agent's theme choice: follow the OS (the default), or always light, or always dark. A display
// preference only (nothing sensitive), kept in the window's localStorage. The resolved theme is set
// as `data-theme` ("light" or "dark") on <html>, which styles.css reads; with "system" it follows
// prefers-color-scheme, also when the OS switches while Paydesk is open.

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

const DARK_QUERY = '(prefers-color-scheme: dark)'

function systemPrefersDark(): boolean {
  const match = (globalThis as { matchMedia?: (q: string) => { matches: boolean } }).matchMedia
  return match?.(DARK_QUERY).matches ?? false
}

/** The theme to show for a choice: the choice itself, or the OS's for "system". */
export function resolveTheme(choice: ThemeChoice, prefersDark: boolean = systemPrefersDark()): 'light' | 'dark' {
  return choice === 'system' ? (prefersDark ? 'dark' : 'light') : choice
}

export function applyTheme(choice: ThemeChoice, root: ThemeRoot | undefined = documentRoot()): void {
  if (!root) return
  root.dataset['theme'] = resolveTheme(choice)
}

/** Follows the OS's scheme while the choice is "system"; returns the unsubscribe. */
export function followSystemTheme(): () => void {
  const match = (
    globalThis as {
      matchMedia?: (q: string) => {
        addEventListener(type: 'change', fn: () => void): void
        removeEventListener(type: 'change', fn: () => void): void
      }
    }
  ).matchMedia
  const query = match?.(DARK_QUERY)
  if (!query) return () => {}
  const onChange = () => {
    if (readTheme() === 'system') applyTheme('system')
  }
  query.addEventListener('change', onChange)
  return () => query.removeEventListener('change', onChange)
}

export function saveTheme(
  choice: ThemeChoice,
  storage: Pick<Storage, 'setItem' | 'removeItem'> | undefined = globalThis.localStorage,
): void {
  if (choice === 'system') storage?.removeItem(THEME_KEY)
  else storage?.setItem(THEME_KEY, choice)
  applyTheme(choice)
}
