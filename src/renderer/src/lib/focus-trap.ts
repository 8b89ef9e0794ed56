import type React from 'react'

/** Keeps Tab and Shift+Tab inside a modal: from its last focusable element back to its first, and back. */
export function trapTab(event: React.KeyboardEvent, container: HTMLElement | null, focusable: string): void {
  if (event.key !== 'Tab') return
  const items = [...(container?.querySelectorAll<HTMLElement>(focusable) ?? [])]
  const first = items[0]
  const last = items[items.length - 1]
  if (event.shiftKey && document.activeElement === first) {
    event.preventDefault()
    last?.focus()
  } else if (!event.shiftKey && document.activeElement === last) {
    event.preventDefault()
    first?.focus()
  }
}
