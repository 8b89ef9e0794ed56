import { useEffect, useRef, useState } from 'react'
import { trapTab } from '../lib/focus-trap'
import { dialogOpen, isTyping, SHORTCUTS } from '../lib/keyboard'

// `?` anywhere (not while typing): the keys of the app in one list. Esc or Close returns focus to
// where the agent was.

export function ShortcutSheet(): React.JSX.Element | null {
  const [open, setOpen] = useState(false)
  const opener = useRef<HTMLElement | null>(null)
  const dialogRef = useRef<HTMLDivElement>(null)
  const closeRef = useRef<HTMLButtonElement>(null)

  useEffect(() => {
    function onKey(event: KeyboardEvent): void {
      if (event.key !== '?' || event.ctrlKey || event.metaKey || event.altKey) return
      if (isTyping(event.target) || dialogOpen()) return
      event.preventDefault()
      opener.current = document.activeElement instanceof HTMLElement ? document.activeElement : null
      setOpen(true)
    }
    window.addEventListener('keydown', onKey)
    return () => window.removeEventListener('keydown', onKey)
  }, [])
  useEffect(() => {
    if (open) closeRef.current?.focus()
  }, [open])

  function close(): void {
    setOpen(false)
    requestAnimationFrame(() => opener.current?.isConnected && opener.current.focus())
  }

  if (!open) return null
  return (
    <div className="dialog-backdrop" onClick={(e) => e.target === e.currentTarget && close()}>
      <div
        ref={dialogRef}
        className="dialog"
        role="dialog"
        aria-modal="true"
        aria-labelledby="shortcut-sheet-title"
        data-testid="shortcut-sheet"
        onKeyDown={(event) => {
          event.stopPropagation()
          if (event.key === 'Escape') {
            event.preventDefault()
            close()
          } else trapTab(event, dialogRef.current, 'button')
        }}
      >
        <h2 id="shortcut-sheet-title">Keyboard shortcuts</h2>
        <table className="data">
          <thead>
            <tr>
              <th scope="col">Key</th>
              <th scope="col">What it does</th>
              <th scope="col">Where</th>
            </tr>
          </thead>
          <tbody>
            {SHORTCUTS.map((s) => (
              <tr key={s.keys}>
                <td>
                  <kbd>{s.keys}</kbd>
                </td>
                <td>{s.what}</td>
                <td>{s.where}</td>
              </tr>
            ))}
          </tbody>
        </table>
        <p className="muted">Letter keys act on the payment or order shown, never while you type in a field.</p>
        <div className="dialog-actions">
          <button ref={closeRef} type="button" className="btn" onClick={close}>
            Close
          </button>
        </div>
      </div>
    </div>
  )
}
