import { useCallback, useEffect, useId, useRef } from 'react'
import { useAppStore } from '../../stores/window-stores'
import { flatHits, ticketObjects } from '../../stores/search-store'
import { customerOffer, type CustomerOffer } from './customer-offer'
import { activeRow, boxKeyEffect, screenFor, type OpenTarget } from './search-box-keys'
import { useSearch, useSearchStore } from './search-context'

// The search box's logic: Ctrl/Cmd+K, the keys in the box (arrows, Enter, Shift+Enter, Esc), and
// opening a hit, an id or a customer with the keyboard going to what was opened.

/** Opens a hit or an id: a payment in the payments browser's detail, an order in the order view. */
export function useOpenTarget(): (target: OpenTarget) => void {
  const navigate = useAppStore((s) => s.navigate)
  return useCallback((target: OpenTarget) => navigate(screenFor(target)), [navigate])
}

/**
 * After a result opens (or a payment from its order's view), the keyboard goes to what was opened
 * (its heading), not back to the search box or the page's top: the view's keys (R refund, C cancel…) then act at once. The view may take a moment to load;
 * if the agent presses a key or clicks meanwhile (Ctrl+K again, another field), the keyboard stays
 * where they put it.
 */
export function focusOpenedView(id: string, frames = 60): void {
  const since = performance.now()
  let moved = false
  // The key or click that opened the result happened before `since`.
  const onInput = (event: Event) => {
    if (event.timeStamp > since) moved = true
  }
  const stop = () => {
    window.removeEventListener('keydown', onInput, true)
    window.removeEventListener('pointerdown', onInput, true)
  }
  window.addEventListener('keydown', onInput, true)
  window.addEventListener('pointerdown', onInput, true)
  const attempt = (framesLeft: number) =>
    requestAnimationFrame(() => {
      if (moved) return stop()
      const heading = [...document.querySelectorAll<HTMLElement>('#pay-detail-title, #order-title')].find((el) =>
        el.textContent?.includes(id),
      )
      if (!heading) {
        if (framesLeft > 0) attempt(framesLeft - 1)
        else stop()
        return
      }
      stop()
      heading.tabIndex = -1
      heading.focus()
    })
  attempt(frames)
}

/** Ctrl/Cmd+K anywhere focuses the box and selects its text. */
function useFocusKey(inputRef: React.RefObject<HTMLInputElement | null>): void {
  useEffect(() => {
    function onKey(event: KeyboardEvent): void {
      if ((event.ctrlKey || event.metaKey) && !event.altKey && !event.shiftKey && event.key.toLowerCase() === 'k') {
        event.preventDefault()
        inputRef.current?.focus()
        inputRef.current?.select()
      }
    }
    window.addEventListener('keydown', onKey)
    return () => window.removeEventListener('keydown', onKey)
  }, [inputRef])
}

/** The keys in the box: arrows move, Enter opens (or searches), Shift+Enter opens the customer, Esc closes then clears. */
function boxKeys(b: {
  store: ReturnType<typeof useSearchStore>
  inputRef: React.RefObject<HTMLInputElement | null>
  openHit: (target: OpenTarget) => void
  openCustomer: (offer: CustomerOffer) => void
}): (event: React.KeyboardEvent<HTMLInputElement>) => void {
  const { store, inputRef, openHit, openCustomer } = b
  return (event) => {
    const s = store.getState()
    const effect = boxKeyEffect(s, event.key, event.shiftKey)
    if (!effect) return
    event.preventDefault()
    switch (effect.kind) {
      case 'customer':
        if (effect.offer) openCustomer(effect.offer)
        break
      case 'move':
        s.move(effect.by)
        break
      case 'open':
        openHit(effect.target)
        break
      case 'open-hit':
        openHit(effect.hit)
        break
      case 'search':
        void s.run()
        break
      case 'close':
        s.close()
        break
      case 'clear':
        s.setText('')
        inputRef.current?.blur()
        break
    }
  }
}

export function useSearchBox() {
  const store = useSearchStore()
  const text = useSearch((s) => s.text)
  const open = useSearch((s) => s.open)
  const result = useSearch((s) => s.result)
  const error = useSearch((s) => s.error)
  const loading = useSearch((s) => s.loading)
  const selected = useSearch((s) => s.selected)
  const inputRef = useRef<HTMLInputElement>(null)
  const listId = useId()
  const openTarget = useOpenTarget()
  const navigate = useAppStore((s) => s.navigate)
  const setScreen = useAppStore((s) => s.setScreen)
  const openPayments = useCallback(() => setScreen('payments'), [setScreen])

  useFocusKey(inputRef)

  const hits = flatHits(result)
  // A hit, an id or a ticket's object, by key or click: the list closes and the keyboard goes to the
  // opened payment or order (the customer view puts it on its heading itself).
  const openHit = useCallback(
    (target: OpenTarget) => {
      openTarget(target)
      store.getState().close()
      if (target.kind !== 'customer') focusOpenedView(target.id)
    },
    [openTarget, store],
  )

  // A search by e-mail (or one whose best hit names a customer) offers that customer's view first.
  const offer = customerOffer(result)
  const openCustomer = useCallback(
    (o: CustomerOffer) => {
      navigate({ screen: 'customer', email: o.email })
      store.getState().close()
    },
    [navigate, store],
  )

  const onKeyDown = boxKeys({ store, inputRef, openHit, openCustomer })

  // Only while the list is shown: a closed list's option is gone, and pointing at it is an error.
  const tickets = ticketObjects(result)
  const row = activeRow({ result, selected, open })
  const activeId = row === null ? undefined : `${listId}-${row}`
  return {
    store,
    text,
    open,
    result,
    error,
    loading,
    selected,
    inputRef,
    listId,
    hits,
    tickets,
    offer,
    openHit,
    openCustomer,
    openPayments,
    onKeyDown,
    activeId,
  }
}

export type SearchBoxModel = ReturnType<typeof useSearchBox>
