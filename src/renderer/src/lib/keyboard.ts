import { useEffect, useRef } from 'react'

// The keyboard rules every screen shares: a screen's own keys never act while the agent types in a
// field, never take Enter or Space from a focused control (the control acts on what it shows), and
// never act behind an open dialog.

/** True for a field the agent types in. */
export function isTyping(target: EventTarget | null): boolean {
  const el = target as HTMLElement | null
  return (
    !!el && (el.tagName === 'INPUT' || el.tagName === 'TEXTAREA' || el.tagName === 'SELECT' || el.isContentEditable)
  )
}

const CONTROL = 'button, a[href], input, select, textarea, summary, [role="button"], [role="link"], [role="menuitem"]'

/**
 * True when Enter or Space on `target` belongs to the target itself: a button, link or field, or
 * anything inside a dialog. A screen-wide Enter (open the selected row) must then stay out: it used
 * to take Enter from "Refund…" in a payment's detail and open the list's selected row instead.
 */
export function isControlKey(event: KeyboardEvent): boolean {
  if (event.key !== 'Enter' && event.key !== ' ') return false
  const el = event.target as HTMLElement | null
  return !!el && typeof el.closest === 'function' && el.closest(`${CONTROL}, [role="dialog"]`) !== null
}

/** True while a modal dialog is open (its own keys only). */
export function dialogOpen(): boolean {
  return document.querySelector('[role="dialog"][aria-modal="true"]') !== null
}

/** One-letter keys of a view: `r` refund, `c` cancel, `o` open order, `l` copy the link. */
type ShortcutKeys = Partial<Record<string, (() => void) | null | undefined>>

/**
 * Binds one-letter action keys on a view (no modifier, not while typing, not behind a dialog).
 * Handlers may change every render; the listener is bound once.
 */
export function useShortcutKeys(keys: ShortcutKeys): void {
  const current = useRef(keys)
  current.current = keys
  useEffect(() => {
    function onKey(event: KeyboardEvent): void {
      if (event.ctrlKey || event.metaKey || event.altKey || event.defaultPrevented) return
      if (isTyping(event.target) || dialogOpen()) return
      const handler = current.current[event.key.toLowerCase()]
      if (!handler || event.key.length !== 1) return
      event.preventDefault()
      handler()
    }
    window.addEventListener('keydown', onKey)
    return () => window.removeEventListener('keydown', onKey)
  }, [])
}
