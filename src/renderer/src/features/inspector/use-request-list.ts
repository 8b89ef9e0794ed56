import { useVirtualizer } from '@tanstack/react-virtual'
import { useEffect, useRef } from 'react'
import type { RequestLogSummary } from '../../../../shared/request-log-types'
import { useInspectorStore } from '../../stores/window-stores'

/** One row's height in pixels: the virtualizer's estimate and the row's own height. */
export const REQUEST_ROW_HEIGHT = 30

/** The list's state apart from its markup: the virtualizer, the selected row kept in view, its keys. */
export function useRequestList(rows: RequestLogSummary[]) {
  const selectedId = useInspectorStore((s) => s.selectedId)
  const scrollRequest = useInspectorStore((s) => s.scrollRequest)
  const checked = useInspectorStore((s) => s.checked)
  const select = useInspectorStore((s) => s.select)
  const toggleChecked = useInspectorStore((s) => s.toggleChecked)
  const setChecked = useInspectorStore((s) => s.setChecked)
  const scrollRef = useRef<HTMLDivElement>(null)

  const virtualizer = useVirtualizer({
    count: rows.length,
    getScrollElement: () => scrollRef.current,
    estimateSize: () => REQUEST_ROW_HEIGHT,
    overscan: 12,
    getItemKey: (index) => rows[index]?.id ?? index,
  })

  // Scroll the selected row into view when asked (jump from another screen, keyboard moves), once
  // per ask: at once, or when the row appears in the list; not again when newer requests arrive
  // (the agent may have scrolled away from it since).
  const served = useRef(0)
  useEffect(() => {
    if (!selectedId || scrollRequest === served.current) return
    const index = rows.findIndex((r) => r.id === selectedId)
    if (index < 0) return
    served.current = scrollRequest
    virtualizer.scrollToIndex(index, { align: 'auto' })
  }, [scrollRequest, selectedId, rows, virtualizer])

  function onKeyDown(event: React.KeyboardEvent<HTMLDivElement>): void {
    if (rows.length === 0) return
    const index = rows.findIndex((r) => r.id === selectedId)
    let next = -1
    if (event.key === 'ArrowDown') next = Math.min(rows.length - 1, index + 1)
    else if (event.key === 'ArrowUp') next = Math.max(0, index < 0 ? 0 : index - 1)
    else if (event.key === 'Home') next = 0
    else if (event.key === 'End') next = rows.length - 1
    else if (event.key === 'PageDown') next = Math.min(rows.length - 1, Math.max(0, index) + 15)
    else if (event.key === 'PageUp') next = Math.max(0, index - 15)
    else if (event.key === ' ' && selectedId) {
      event.preventDefault()
      toggleChecked(selectedId)
      return
    }
    const target = rows[next]
    if (target === undefined) return
    event.preventDefault()
    select(target.id, { scroll: true })
  }

  return { selectedId, checked, toggleChecked, setChecked, select, scrollRef, virtualizer, onKeyDown }
}
