import { useCallback, useEffect, useId, useRef, useState } from 'react'
import { useConnectionStore } from '../../stores/window-stores'
import { ModeBadge } from '../../components/ModeBadge'
import { useConnectionSwitcher } from './use-connection-switcher'
import './connections.css'

/**
 * The active connection and its mode in the status bar; a click (or Enter) opens a quick switcher
 * navigable with the arrow keys. The status bar is always rendered, so this is also where the
 * connection store starts (first load, and refresh on 'connections.changed').
 */
export function ConnectionStatus(): React.JSX.Element {
  const start = useConnectionStore((s) => s.start)
  const active = useConnectionStore((s) => s.active)
  const error = useConnectionStore((s) => s.error)
  const [open, setOpen] = useState(false)
  const buttonRef = useRef<HTMLButtonElement>(null)
  const menuId = useId()

  useEffect(() => start(), [start])

  const close = useCallback((refocus: boolean) => {
    setOpen(false)
    if (refocus) buttonRef.current?.focus()
  }, [])

  return (
    <span className={active?.isLive ? 'statusbar-item conn-status live' : 'statusbar-item conn-status'}>
      <button
        ref={buttonRef}
        type="button"
        className="conn-status-button"
        data-testid="connection-status"
        aria-haspopup="menu"
        aria-expanded={open}
        aria-controls={open ? menuId : undefined}
        title="Active connection: click to switch"
        onClick={() => setOpen((o) => !o)}
        onKeyDown={(event) => {
          if (event.key === 'ArrowUp' || event.key === 'ArrowDown') {
            event.preventDefault()
            setOpen(true)
          }
        }}
      >
        {active ? (
          <>
            <span className="conn-status-label" data-testid="connection-status-label">
              {active.label}
            </span>
            <ModeBadge mode={active.mode} testId="connection-status-mode" />
          </>
        ) : error ? (
          <span className="error">Connections unavailable</span>
        ) : (
          <span className="muted">Loading connection…</span>
        )}
      </button>
      {open && <ConnectionSwitcher id={menuId} onClose={close} />}
    </span>
  )
}

function ConnectionSwitcher({ id, onClose }: { id: string; onClose: (refocus: boolean) => void }): React.JSX.Element {
  const switcher = useConnectionSwitcher(onClose)
  const { connections, activeId, error, switchError, clearSwitchError } = switcher
  const { menuRef, count, focused, setFocused, choose, manage } = switcher
  return (
    <div
      ref={menuRef}
      id={id}
      className="floating conn-switcher"
      role="menu"
      aria-label="Switch connection"
      data-testid="connection-switcher"
      onKeyDown={(event) => {
        if (event.key === 'Escape') {
          event.preventDefault()
          clearSwitchError()
          onClose(true)
        } else if (event.key === 'ArrowDown') {
          event.preventDefault()
          setFocused((f) => (f + 1) % count)
        } else if (event.key === 'ArrowUp') {
          event.preventDefault()
          setFocused((f) => (f - 1 + count) % count)
        } else if (event.key === 'Home') {
          event.preventDefault()
          setFocused(0)
        } else if (event.key === 'End') {
          event.preventDefault()
          setFocused(count - 1)
        } else if (event.key === 'Tab') {
          onClose(false)
        }
      }}
    >
      {error && <div className="conn-switcher-error">{error.message}</div>}
      {switchError && (
        <div className="conn-switcher-error" role="alert">
          {switchError.message}
        </div>
      )}
      {connections.map((c, index) => (
        <button
          key={c.id}
          type="button"
          role="menuitemradio"
          aria-checked={c.id === activeId}
          tabIndex={index === focused ? 0 : -1}
          className="conn-switcher-item"
          data-testid={`switch-to-${c.id}`}
          onClick={() => void choose(c.id)}
          onFocus={() => setFocused(index)}
        >
          <span className="conn-switcher-check" aria-hidden="true">
            {c.id === activeId ? '✓' : ''}
          </span>
          <span className="conn-switcher-label">{c.label}</span>
          <span className="mono muted">{c.masked}</span>
          <ModeBadge mode={c.mode} />
        </button>
      ))}
      <button
        type="button"
        role="menuitem"
        tabIndex={focused === connections.length ? 0 : -1}
        className="conn-switcher-item conn-switcher-manage"
        onClick={manage}
        onFocus={() => setFocused(connections.length)}
      >
        Manage connections…
      </button>
    </div>
  )
}
