import { useEffect, useState } from 'react'
import { StatusBar } from './screens/StatusBar'
import { ShortcutSheet } from './components/ShortcutSheet'
import { HelpGuide } from './components/HelpGuide'
import { SearchBox } from './features/search/SearchBox'
import { BuilderStoresContext } from './features/builder/builder-context'
import { SearchStoreContext } from './features/search/search-context'
import { newAppStores, newBuilderStores, newSearchStore } from './app-stores'
import { AppStoresContext, useAppStore } from './stores/window-stores'
import { SCREENS } from './stores/app-store'
import { ScreenView } from './screens/ScreenView'

/** The window's stores, created once with their ports onto main and handed down by context. */
export function App(): React.JSX.Element {
  const [appStores] = useState(newAppStores)
  const [searchStore] = useState(newSearchStore)
  const [builderStores] = useState(() => newBuilderStores(appStores.entities))
  return (
    <AppStoresContext.Provider value={appStores}>
      <SearchStoreContext.Provider value={searchStore}>
        <BuilderStoresContext.Provider value={builderStores}>
          <Shell />
        </BuilderStoresContext.Provider>
      </SearchStoreContext.Provider>
    </AppStoresContext.Provider>
  )
}

function Shell(): React.JSX.Element {
  const screen = useAppStore((s) => s.screen)
  const setScreen = useAppStore((s) => s.setScreen)
  const loadInfo = useAppStore((s) => s.loadInfo)

  useEffect(() => {
    void loadInfo()
  }, [loadInfo])

  // Ctrl/Cmd+0..5 (each screen's shortcut) switch screens from anywhere, also while typing in a field.
  useEffect(() => {
    function onKey(event: KeyboardEvent): void {
      if (!(event.ctrlKey || event.metaKey) || event.altKey || event.shiftKey) return
      const target = SCREENS.find((s) => s.shortcut === event.key)
      if (target) {
        event.preventDefault()
        setScreen(target.id)
      }
    }
    window.addEventListener('keydown', onKey)
    return () => window.removeEventListener('keydown', onKey)
  }, [setScreen])

  return (
    <div className="app">
      <nav className="sidebar" aria-label="Sections">
        <div className="brand">
          <span className="brand-mark" aria-hidden="true">
            P
          </span>
          Paydesk
        </div>
        <ul>
          {SCREENS.map((s) => (
            <li key={s.id}>
              <button
                type="button"
                className={s.id === screen ? 'nav-item active' : 'nav-item'}
                aria-current={s.id === screen ? 'page' : undefined}
                onClick={() => setScreen(s.id)}
                title={`${s.label} (Ctrl+${s.shortcut})`}
              >
                {s.label}
                <kbd>{s.shortcut}</kbd>
              </button>
            </li>
          ))}
        </ul>
      </nav>
      <header className="app-header">
        <SearchBox />
      </header>
      <main className="content" id="main">
        <ScreenView screen={screen} />
      </main>
      <StatusBar />
      <ShortcutSheet />
      <HelpGuide />
    </div>
  )
}
