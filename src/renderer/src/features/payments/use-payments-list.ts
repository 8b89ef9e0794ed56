// The payments screen's list, apart from its markup: which rows are in it (all pages with their
// placeholders, or the loaded rows a filter keeps), the callbacks the virtualized table calls (stable,
// so its memoized rows are not drawn again), what an export would write, and the screen's keyboard.
import { useCallback, useEffect, useLayoutEffect, useMemo } from 'react'
import { useStore, type StoreApi } from 'zustand'
import { useShallow } from 'zustand/react/shallow'
import type { Payment } from '../../../../shared/api-types'
import { benchMark } from '../../lib/bench-marks'
import { isControlKey, isTyping } from '../../lib/keyboard'
import type { PageRows } from '../../lib/page-rows'
import type { ListedPayment } from '../../../../shared/payments-page'
import {
  loadedCount,
  loadedCurrencies,
  loadedRows,
  pageStampOf,
  rowAt as slotRowAt,
  rowOffsets,
  shownRowAt,
} from '../../lib/page-window'
import { compileFilter, isFilterActive } from '../../lib/payment-filters'
import type { PaymentsState } from '../../stores/payments-store'
import { useAppStore, useAppStores } from '../../stores/window-stores'
import { newerThan } from '../../stores/entities'
import { exportIdsOf, listKeyEffect, requestIdOfRow } from './payments-list'

/** The store as the screen reads it: not the rows in view, and of the open payment only whether there is one. */
export type ScreenState = Omit<PaymentsState, 'view' | 'detail'> & { detailOpen: boolean }

/**
 * Everything the screen draws but the rows in view and the open payment: the rows change on every
 * frame of a scroll, and only the position text (PositionText) follows them; the open payment
 * changes when its fresh copy arrives, and only the detail (OpenPaymentDetail) follows it.
 */
function screenState({ view: _view, detail, ...rest }: PaymentsState): ScreenState {
  return { ...rest, detailOpen: detail !== null }
}

/** The payments screen's store, its state as the screen reads it, its list, its life and its keys. */
export function usePaymentsScreen(findRef: React.RefObject<HTMLInputElement | null>) {
  const store = useAppStores().payments
  const s = useStore(store, useShallow(screenState))
  const takeFocus = useAppStore((a) => a.takeFocus)
  const pendingFocus = useAppStore((a) => a.pendingFocus)
  usePaymentsScreenLife(store, takeFocus, pendingFocus)
  const list = usePaymentsList(store, s)
  usePaymentsKeys(store, list.rowCount, list.openIndex, findRef)
  return { store, s, list }
}

/** The rows the list shows and the callbacks its table calls. */
function usePaymentsList(store: StoreApi<PaymentsState>, s: ScreenState) {
  const offsets = useMemo(() => rowOffsets(s.slots), [s.slots])
  const filterActive = isFilterActive(s.filter)
  // The rows are parsed for a filter only (without one, a row is parsed when it is drawn), each page
  // once while the filter is on; turned off, the parsed pages are let go.
  const parsedPages = useMemo(() => (filterActive ? new WeakMap<PageRows, Payment[]>() : null), [filterActive])
  const loaded = useMemo(() => (parsedPages ? loadedRows(s.slots, parsedPages) : []), [parsedPages, s.slots])
  const loadedTotal = useMemo(() => loadedCount(s.slots), [s.slots])
  const compiled = useMemo(() => compileFilter(s.filter), [s.filter])
  const filtered = useMemo<Payment[] | null>(
    () => (filterActive && compiled.ok ? loaded.filter(compiled.test) : null),
    [filterActive, compiled, loaded],
  )
  const totalRows = offsets[offsets.length - 1] ?? 0
  const rowCount = filtered ? filtered.length : totalRows
  const rowAt = useCallback(
    (i: number): Payment | null => (filtered ? (filtered[i] ?? null) : slotRowAt(s.slots, offsets, i)),
    [filtered, s.slots, offsets],
  )
  // What a row drawn shows: its listed fields only (a row is opened with the whole payment, rowAt), or
  // the payment as the window read it after the row's page (the cache: a refund's answer, the open
  // payment's read), so a payment changed in its view shows changed in its row.
  const cached = useStore(useAppStores().entities, (e) => e.payments)
  const shownAt = useCallback(
    (i: number): ListedPayment | null => {
      if (!filtered) return shownRowAt(s.slots, offsets, i, (id, stamp) => newerThan(cached, id, stamp))
      const row = filtered[i] ?? null
      return row && (newerThan(cached, row.id, pageStampOf(s.slots, row.id)) ?? row)
    },
    [filtered, s.slots, offsets, cached],
  )
  const currencies = useMemo(() => loadedCurrencies(s.slots), [s.slots])

  // Bench: mark when the list's rows are committed, then at the next frame (see bench/ui).
  useLayoutEffect(() => {
    benchMark('payments.commit')
  }, [s.slots])

  const openIndex = useCallback(
    (i: number) => {
      const p = rowAt(i)
      if (p) void store.getState().openDetail(p.id, { payment: p, requestId: requestIdOfRow(s.slots, p.id) })
    },
    [rowAt, s.slots, store],
  )
  const onRange = useCallback(
    (first: number, last: number) => {
      if (!filtered) store.getState().ensureWindow(first, last)
    },
    [filtered, store],
  )
  const onVisible = useCallback((first: number, last: number) => store.getState().setView(first, last), [store])
  const exportIds = useMemo(() => exportIdsOf(s.slots, filtered), [filtered, s.slots])
  return {
    loadedTotal,
    filterActive,
    compiled,
    filtered,
    totalRows,
    rowCount,
    shownAt,
    currencies,
    openIndex,
    onRange,
    onVisible,
    exportIds,
  }
}

/** First page on first visit, a payment another screen asked to open, export progress; leaving cancels waiting requests. */
function usePaymentsScreenLife(
  store: StoreApi<PaymentsState>,
  takeFocus: (screen: 'payments') => { paymentId: string } | null,
  pendingFocus: unknown,
): void {
  // First page on first visit (the store survives screen switches).
  useEffect(() => {
    if (!store.getState().started) void store.getState().loadFirst()
  }, [store])
  // Cross-screen requests: open a payment's detail.
  useEffect(() => {
    const focus = takeFocus('payments')
    if (focus) void store.getState().openDetail(focus.paymentId)
  }, [pendingFocus, takeFocus, store])
  // Export progress; leaving the screen cancels waiting requests. (Rate limits: RateLimitGauge.)
  useEffect(() => {
    const offExport = store.getState().listenExport()
    return () => {
      offExport()
      void store.getState().cancelPending()
    }
  }, [store])
}

/** Keyboard: j/k ↑/↓ select, Enter opens, ] loads more, / find, Esc closes the detail. */
function usePaymentsKeys(
  store: StoreApi<PaymentsState>,
  rowCount: number,
  openIndex: (i: number) => void,
  findRef: React.RefObject<HTMLInputElement | null>,
): void {
  useEffect(() => {
    function onKey(e: KeyboardEvent): void {
      if (e.ctrlKey || e.metaKey || e.altKey) return
      const st = store.getState()
      if (e.key === 'Escape') {
        if (isTyping(e.target)) (e.target as HTMLElement).blur()
        else if (st.detail) st.closeDetail()
        return
      }
      // Enter/Space on a focused control (Refund…, Open order) is that control's, never the list's.
      if (isTyping(e.target) || isControlKey(e)) return
      const effect = listKeyEffect(e.key, st.selectedIndex, rowCount)
      if (!effect) return
      e.preventDefault()
      if (effect.kind === 'select') st.select(effect.index)
      else if (effect.kind === 'open') openIndex(effect.index)
      else if (effect.kind === 'more') void st.loadMore()
      else {
        findRef.current?.focus()
        findRef.current?.select()
      }
    }
    window.addEventListener('keydown', onKey)
    return () => window.removeEventListener('keydown', onKey)
  }, [rowCount, openIndex, store, findRef])
}
