// The payments list's decisions apart from React: what a key does in the list, which request a row
// came from (for its Inspector link), and which ids an export writes. use-payments-list.ts carries
// them out.
import type { Payment } from '../../../../shared/api-types'
import type { PageSlot } from '../../lib/page-window'

type ListKeyEffect =
  { kind: 'select'; index: number } | { kind: 'open'; index: number } | { kind: 'more' } | { kind: 'find' }

/** j/k ↑/↓ select (within the rows), Enter opens the selected row, ] loads more, / finds; null: not the list's. */
export function listKeyEffect(key: string, selectedIndex: number, rowCount: number): ListKeyEffect | null {
  const last = rowCount - 1
  switch (key) {
    case 'j':
    case 'ArrowDown':
      return { kind: 'select', index: Math.min(last, selectedIndex + 1) }
    case 'k':
    case 'ArrowUp':
      return { kind: 'select', index: Math.max(0, selectedIndex - 1) }
    case 'Enter':
      return selectedIndex >= 0 ? { kind: 'open', index: selectedIndex } : null
    case ']':
      return { kind: 'more' }
    case '/':
      return { kind: 'find' }
    default:
      return null
  }
}

/** The request that brought a loaded row (the Inspector entry its detail links to). */
export function requestIdOfRow(slots: readonly PageSlot[], id: string): string | null {
  return slots.find((slot) => slot.rows && slot.ids.includes(id))?.requestId ?? null
}

/** What an export writes: the rows a filter keeps, else every page's ids (dropped rows included). */
export function exportIdsOf(slots: readonly PageSlot[], filtered: readonly Payment[] | null): string[] {
  return filtered ? filtered.map((p) => p.id) : slots.flatMap((slot) => slot.ids)
}
