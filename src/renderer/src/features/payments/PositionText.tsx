import { useStore } from 'zustand'
import type { StoreApi } from 'zustand/vanilla'
import type { PaymentsState } from '../../stores/payments-store'
import { formatCount } from '../../../../shared/count'

/** "Rows 1–24 of 250 loaded": where the view is in what has been loaded. */
function positionText(
  view: { first: number; last: number },
  rowCount: number,
  loaded: number,
  filtered: boolean,
): string {
  const total = `${formatCount(loaded)} loaded`
  if (rowCount === 0) return filtered ? `No match in ${total}` : total
  const first = Math.min(Math.max(0, view.first), rowCount - 1) + 1
  const last = Math.min(Math.max(view.last, view.first), rowCount - 1) + 1
  const of = filtered ? `${formatCount(rowCount)} matches in ${total}` : total
  return `Rows ${formatCount(first)}–${formatCount(last)} of ${of}`
}

/**
 * The position text, the one part of the screen that follows the rows in view: it subscribes to
 * them itself, so a scroll draws this text again, not the toolbar, filter and footer around it.
 */
export function PositionText(props: {
  store: StoreApi<PaymentsState>
  rowCount: number
  loaded: number
  filtered: boolean
}): React.JSX.Element {
  const view = useStore(props.store, (s) => s.view)
  return <>{positionText(view, props.rowCount, props.loaded, props.filtered)}</>
}
