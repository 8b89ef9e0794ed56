import { useEffect, useRef, useState } from 'react'
import { useAppStore, useConnectionStore } from '../../stores/window-stores'

/** The switcher's state apart from its markup: the connections, the focused item, closing on a click elsewhere. */
export function useConnectionSwitcher(onClose: (refocus: boolean) => void) {
  const connections = useConnectionStore((s) => s.connections)
  const activeId = useConnectionStore((s) => s.activeId)
  const error = useConnectionStore((s) => s.error)
  const switchError = useConnectionStore((s) => s.switchError)
  const setActive = useConnectionStore((s) => s.setActive)
  const clearSwitchError = useConnectionStore((s) => s.clearSwitchError)
  const setScreen = useAppStore((s) => s.setScreen)
  const menuRef = useRef<HTMLDivElement>(null)
  // Items: every connection, then "Manage connections…".
  const count = connections.length + 1
  const [focused, setFocused] = useState(() =>
    Math.max(
      0,
      connections.findIndex((c) => c.id === activeId),
    ),
  )

  useEffect(() => {
    menuRef.current?.querySelectorAll<HTMLElement>('[role^="menuitem"]')[focused]?.focus()
  }, [focused])

  // A click anywhere else closes the menu (without stealing focus back).
  useEffect(() => {
    function onPointer(event: PointerEvent): void {
      const root = menuRef.current?.parentElement
      if (root && !root.contains(event.target as Node)) onClose(false)
    }
    document.addEventListener('pointerdown', onPointer)
    return () => document.removeEventListener('pointerdown', onPointer)
  }, [onClose])

  const choose = async (connectionId: string) => {
    if (await setActive(connectionId)) onClose(true)
  }
  const manage = () => {
    onClose(false)
    setScreen('connections')
  }

  return {
    connections,
    activeId,
    error,
    switchError,
    clearSwitchError,
    menuRef,
    count,
    focused,
    setFocused,
    choose,
    manage,
  }
}
