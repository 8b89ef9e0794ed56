// The order view's decisions apart from React: which order to read on an arrival, where Back goes,
// and which keys read the order again. use-order-view.ts carries them out.
import type { ScreenId } from '../../stores/app-store'

/**
 * The order to read: the one another screen asked for now, else (on the view's first arrival only)
 * the one the app was opened on; null when there is nothing new to read.
 */
export function orderToRead(
  asked: { orderId: string } | null,
  firstArrival: boolean,
  orderId: string | null,
): string | null {
  return asked?.orderId ?? (firstArrival ? orderId : null)
}

/** Back returns to the screen the agent came from; from the order view itself, Home. */
export function backScreen(previousScreen: ScreenId): ScreenId {
  return previousScreen === 'order' ? 'home' : previousScreen
}

/** F5, Ctrl+R or Cmd+R read the order again. */
export function isRefreshKey(event: { key: string; ctrlKey: boolean; metaKey: boolean }): boolean {
  return event.key === 'F5' || ((event.ctrlKey || event.metaKey) && event.key.toLowerCase() === 'r')
}
