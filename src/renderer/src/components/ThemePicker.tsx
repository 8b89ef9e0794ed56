import { useState } from 'react'
import { readTheme, saveTheme, type ThemeChoice } from '../lib/theme'
import './theme-picker.css'

/** Theme: follow the OS, or always light or dark (status bar). */
export function ThemePicker(): React.JSX.Element {
  const [choice, setChoice] = useState<ThemeChoice>(readTheme)
  return (
    <label className="statusbar-item theme-picker">
      <span className="visually-hidden">Theme</span>
      <select
        className="input theme-select"
        value={choice}
        aria-label="Theme"
        data-testid="theme-picker"
        onChange={(e) => {
          const next = e.target.value as ThemeChoice
          setChoice(next)
          saveTheme(next)
        }}
      >
        <option value="system">Theme: as the system</option>
        <option value="light">Theme: light</option>
        <option value="dark">Theme: dark</option>
      </select>
    </label>
  )
}
