import { useEffect } from 'react'
import { InfoDialog, useInfoDialog } from './InfoDialog'
import { dialogOpen, isTyping } from '../lib/keyboard'
import { SHORTCUTS } from '../lib/shortcuts'

// `?` anywhere (not while typing): the keys of the app in one list. Esc or Close returns focus to
// where the agent was.

export function ShortcutSheet(): React.JSX.Element | null {
  const dialog = useInfoDialog()
  const { show } = dialog
  useEffect(() => {
    function onKey(event: KeyboardEvent): void {
      if (event.key !== '?' || event.ctrlKey || event.metaKey || event.altKey) return
      if (isTyping(event.target) || dialogOpen()) return
      event.preventDefault()
      show()
    }
    window.addEventListener('keydown', onKey)
    return () => window.removeEventListener('keydown', onKey)
  }, [show])

  return (
    <InfoDialog state={dialog} title="Keyboard shortcuts" titleId="shortcut-sheet-title" testId="shortcut-sheet">
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
    </InfoDialog>
  )
}
