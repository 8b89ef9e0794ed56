import { ConnectionStatus } from '../features/connections/ConnectionStatus'
import { RateLimitStatus } from '../features/inspector/RateLimitStatus'
import { SyncStatus } from '../features/search/SyncStatus'
import { useAppStore } from '../stores/window-stores'
import { ThemePicker } from '../components/ThemePicker'
import './status-bar.css'

export function StatusBar(): React.JSX.Element {
  const info = useAppStore((s) => s.info)
  const infoError = useAppStore((s) => s.infoError)
  return (
    // A landmark, not a live region: it holds controls (the theme), and each status inside speaks for itself.
    <footer className="statusbar" aria-label="Status">
      <ConnectionStatus />
      <RateLimitStatus />
      <SyncStatus />
      <span className="statusbar-spacer" />
      <ThemePicker />
      {infoError ? (
        <span className="statusbar-item error" data-testid="app-info-error">
          {infoError}
        </span>
      ) : (
        <span className="statusbar-item muted" data-testid="app-info">
          {info ? `Paydesk ${info.version} · ${info.platform}` : 'Loading…'}
        </span>
      )}
    </footer>
  )
}
