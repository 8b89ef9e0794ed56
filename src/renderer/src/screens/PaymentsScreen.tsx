import { useEffect, useMemo, useRef, useState } from 'react'
import { useStore } from 'zustand'
import type { useAppStores } from '../stores/window-stores'
import { useColumnFit } from '../features/payments/use-column-fit'
import { ErrorBanner } from '../components/ErrorBanner'
import { FilterBar } from '../features/payments/FilterBar'
import { fitColumns } from '../features/payments/fit-columns'
import { PaymentDetail } from './PaymentDetail'
import { PaymentsTable } from '../features/payments/PaymentsTable'
import { ExportStatus, PaymentsFooter, PaymentsToolbar } from '../features/payments/PaymentsToolbar'
import { RateLimitGauge } from '../features/payments/RateLimitGauge'
import { usePaymentsScreen } from '../features/payments/use-payments-list'
import '../features/payments/payments.css'

/** An element's content width, kept current by a ResizeObserver (0 until measured). */
function useElementWidth(ref: React.RefObject<HTMLElement | null>): number {
  const [width, setWidth] = useState(0)
  useEffect(() => {
    const el = ref.current
    if (!el) return
    const observer = new ResizeObserver((entries) => setWidth(Math.round(entries[0]?.contentRect.width ?? 0)))
    observer.observe(el)
    return () => observer.disconnect()
  }, [ref])
  return width
}

/** The open payment's detail, drawn from its own part of the store. */
function OpenPaymentDetail({
  store,
}: {
  store: ReturnType<typeof useAppStores>['payments']
}): React.JSX.Element | null {
  const detail = useStore(store, (st) => st.detail)
  const { closeDetail, refreshDetail } = store.getState()
  if (!detail) return null
  return <PaymentDetail detail={detail} onClose={closeDetail} onRefresh={() => void refreshDetail()} />
}

export function PaymentsScreen(): React.JSX.Element {
  const findRef = useRef<HTMLInputElement>(null)
  const [filterOpen, setFilterOpen] = useState(false)
  const { store, s, list } = usePaymentsScreen(findRef)
  const { loadedTotal, filterActive, compiled, filtered, totalRows, rowCount, shownAt, currencies } = list
  const { openIndex, onRange, onVisible } = list
  // The filter's fields show while it is on or asked for; otherwise one button stands for them.
  const filterShown = filterOpen || filterActive

  // The columns that fit the list's width, dropped by priority (mode, method, description first), so
  // the list stays readable with the detail open or in a narrow or zoomed window.
  const listRef = useRef<HTMLDivElement>(null)
  const listWidth = useElementWidth(listRef)
  const fit = useColumnFit(listRef, s.prefs.density)
  const hiddenColumns = useMemo(
    () => fitColumns(s.prefs.hiddenColumns, listWidth, fit.widths),
    [s.prefs.hiddenColumns, listWidth, fit],
  )

  return (
    <section className="screen pay-screen" aria-labelledby="payments-title">
      <header className="screen-header">
        <h1 id="payments-title">Payments</h1>
        <RateLimitGauge busy={s.pending.length > 0} onCancel={() => void s.cancelPending()} />
      </header>
      <PaymentsToolbar
        s={s}
        findRef={findRef}
        filterActive={filterActive}
        filterShown={filterShown}
        onToggleFilter={() => setFilterOpen((v) => !v)}
        exportIds={list.exportIds}
        filtered={filtered !== null}
      />
      <ExportStatus s={s} />
      {filterShown && (
        <FilterBar
          filter={s.filter}
          onChange={s.setFilter}
          onClear={s.clearFilter}
          active={filterActive}
          loadedCount={loadedTotal}
          matchCount={filtered?.length ?? 0}
          error={compiled.ok ? null : compiled.error}
          currencies={currencies}
        />
      )}

      {s.error && (
        <ErrorBanner
          error={s.error}
          context="The payments list could not be loaded."
          testId="payments-error"
          onRetry={() => void s.loadFirst()}
        />
      )}

      <div className={s.detailOpen ? 'pay-body with-detail' : 'pay-body'}>
        <div className="pay-list" ref={listRef}>
          {s.loading && s.slots.length === 0 ? (
            <div className="empty-state" role="status" data-testid="payments-loading">
              <span className="spinner" aria-hidden="true" /> Loading payments…
            </div>
          ) : rowCount === 0 && !s.error && s.started ? (
            <div className="empty-state" data-testid="payments-empty">
              {filtered ? 'No loaded payment matches the filter.' : 'No payments in this list yet.'}
            </div>
          ) : (
            <PaymentsTable
              rowCount={rowCount}
              rowAt={shownAt}
              density={s.prefs.density}
              hiddenColumns={hiddenColumns}
              fit={fit}
              selectedIndex={s.selectedIndex}
              onSelect={s.select}
              onOpen={openIndex}
              onRangeChange={onRange}
              onVisibleChange={onVisible}
              version={s.slots}
              listId={s.listId}
            />
          )}
          <PaymentsFooter
            s={s}
            store={store}
            rowCount={rowCount}
            totalRows={totalRows}
            keptRows={loadedTotal}
            filtered={filtered !== null}
          />
        </div>
        <OpenPaymentDetail store={store} />
      </div>
    </section>
  )
}
