import { useEffect, useRef, useState } from 'react'
import { useStore } from 'zustand'
import type { StoreApi } from 'zustand/vanilla'
import { orderStory } from '../../../../shared/story/order-story'
import { useAppStore, useAppStores, useOrder } from '../../stores/window-stores'
import { newOrderStore } from '../../stores/view-stores'
import { onStale } from '../../stores/entities'
import { useLinkErrands } from '../../components/use-link-errands'
import { useShortcutKeys } from '../../lib/keyboard'
import type { OrderState } from '../../stores/order-store'
import { userLocale } from '../../lib/format'
import { backScreen, isRefreshKey, orderToRead } from './order-view'

// The order view's logic: its store, the order asked for (read fresh on each ask), F5 / Ctrl+R and
// L, and the order's story in the agent's words.

export function useOrderView() {
  const { entities } = useAppStores()
  const [store] = useState<StoreApi<OrderState>>(() => newOrderStore(entities))
  const orderId = useAppStore((s) => s.orderId)
  const takeFocus = useAppStore((s) => s.takeFocus)
  const navigate = useAppStore((s) => s.navigate)
  const setScreen = useAppStore((s) => s.setScreen)
  const previousScreen = useAppStore((s) => s.previousScreen)
  const pendingFocus = useAppStore((s) => s.pendingFocus)
  const state = useStore(store)
  const { notice, copy, open: openExternal } = useLinkErrands()
  const locale = userLocale()

  // Open the order asked for: a fresh read each time the view is asked to show one, and on arrival.
  const arrived = useRef(false)
  useEffect(() => {
    const id = orderToRead(takeFocus('order'), !arrived.current, orderId)
    arrived.current = true
    if (id) void store.getState().open(id)
  }, [store, takeFocus, orderId, pendingFocus])

  // An action marked this order stale (a cancel answered without its payments): read it again.
  useEffect(
    () =>
      onStale(
        entities,
        'orders',
        () => store.getState().order?.id ?? null,
        () => void store.getState().refresh(),
      ),
    [entities, store],
  )

  useEffect(() => {
    function onKey(event: KeyboardEvent): void {
      if (isRefreshKey(event)) {
        event.preventDefault()
        void store.getState().refresh()
      }
    }
    window.addEventListener('keydown', onKey)
    return () => window.removeEventListener('keydown', onKey)
  }, [store])

  // The order as the cache holds it (its last read, or what an action on it answered); the store's
  // copy only while the cache has none of this order.
  const cached = useOrder(state.order ? state.order.id : null)
  const o = cached ?? state.order
  // L copies this order's payment link (the checkout), as its button does.
  const checkoutHref = o?._links.checkout?.href ?? null
  useShortcutKeys({ l: checkoutHref ? () => void copy(checkoutHref, 'Payment link') : null })

  const back = backScreen(previousScreen)
  // The order told in the agent's words: state, headline, timeline (with the Sandbox's webhook calls).
  const story = o ? orderStory(o, { deliveries: state.deliveries ?? [], words: { locale } }) : null
  return { store, state, o, story, locale, back, notice, copy, openExternal, navigate, setScreen }
}
