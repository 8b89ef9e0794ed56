import { useCallback, useEffect, useLayoutEffect, useMemo, useRef, useState } from 'react'
import { isControlKey, isTyping } from '../../lib/keyboard'
import type { Payment } from '../../../../shared/api-types'
import { isId } from '../../../../shared/service/ids'
import { useStore } from 'zustand'
import { useShallow } from 'zustand/react/shallow'
import { useAppStore, useAppStores } from '../../app-stores'
import { COLUMN_IDS, COLUMN_LABELS } from './columns'
import { ErrorBanner } from './ErrorBanner'
import { FilterBar } from './FilterBar'
import { compileFilter, isFilterActive } from '../../lib/payment-filters'
import { fitColumns } from './fit-columns'
import { loadedRows, rowAt as slotRowAt, rowOffsets } from '../../lib/page-window'
import { PageSizeInput } from './PageSizeInput'
import { PaymentDetail } from './PaymentDetail'
import { PaymentsTable } from './PaymentsTable'
import { PositionText } from './PositionText'
import type { PaymentsState } from '../../stores/payments-store'
// Not imported from shared/ipc/payments: that module pulls zod into the renderer, and zod's eval probe trips the CSP.
import { RateLimitGauge } from './RateLimitGauge'
import { benchMark } from '../../lib/bench-marks'
import './payments.css'

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

/**
 * Everything the screen draws but the rows in view: those change on every frame of a scroll, and
 * only the position text (PositionText) follows them, not the whole screen.
 */
function screenState({ view: _view, ...rest }: PaymentsState): Omit<PaymentsState, 'view'> {
  return rest
}

export function PaymentsScreen(): React.JSX.Element {
  const store = useAppStores().payments
  const s = useStore(store, useShallow(screenState))
  const takeFocus = useAppStore((a) => a.takeFocus)
  const pendingFocus = useAppStore((a) => a.pendingFocus)
  const findRef = useRef<HTMLInputElement>(null)
  const find = s.findText
  const setFind = s.setFindText
  const [findError, setFindError] = useState<string | null>(null)
  const [filterOpen, setFilterOpen] = useState(false)
  const [menu, setMenu] = useState<'view' | 'export' | null>(null)

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

  const busy = s.pending.length > 0

  // The rows in view: all pages (with placeholders), or the filtered loaded rows.
  const offsets = useMemo(() => rowOffsets(s.slots), [s.slots])
  const loaded = useMemo(() => loadedRows(s.slots), [s.slots])
  const filterActive = isFilterActive(s.filter)
  // The filter's fields show while it is on or asked for; otherwise one button stands for them.
  const filterShown = filterOpen || filterActive
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
  const currencies = useMemo(() => [...new Set(loaded.map((p) => p.amount?.currency).filter(Boolean))].sort(), [loaded])

  // Bench: mark when the list's rows are committed, then at the next frame (see bench/ui).
  useLayoutEffect(() => {
    benchMark('payments.commit')
  }, [s.slots])

  const requestIdOfRow = useCallback(
    (id: string): string | null => s.slots.find((slot) => slot.rows?.some((p) => p.id === id))?.requestId ?? null,
    [s.slots],
  )

  const openIndex = useCallback(
    (i: number) => {
      const p = rowAt(i)
      if (p) void store.getState().openDetail(p.id, { payment: p, requestId: requestIdOfRow(p.id) })
    },
    [rowAt, requestIdOfRow, store],
  )

  const onRange = useCallback(
    (first: number, last: number) => {
      if (!filtered) store.getState().ensureWindow(first, last)
    },
    [filtered, store],
  )
  const onVisible = useCallback((first: number, last: number) => store.getState().setView(first, last), [store])

  // The columns that fit the list's width, dropped by priority (mode, method, description first), so
  // the list stays readable with the detail open or in a narrow or zoomed window.
  const listRef = useRef<HTMLDivElement>(null)
  const listWidth = useElementWidth(listRef)
  const hiddenColumns = useMemo(() => fitColumns(s.prefs.hiddenColumns, listWidth), [s.prefs.hiddenColumns, listWidth])

  async function submitFind(mode: 'open' | 'from'): Promise<void> {
    const id = find.trim()
    if (!isId('payment', id)) {
      setFindError('Enter a payment id such as tr_WDqYK6vllg (letters and digits after tr_).')
      return
    }
    setFindError(null)
    if (mode === 'open') await store.getState().openDetail(id)
    else await store.getState().startFrom(id)
  }

  // Keyboard: j/k ↑/↓ select, Enter opens, ] loads more, / find, Esc closes the detail.
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
      const last = rowCount - 1
      switch (e.key) {
        case 'j':
        case 'ArrowDown':
          e.preventDefault()
          st.select(Math.min(last, st.selectedIndex + 1))
          break
        case 'k':
        case 'ArrowUp':
          e.preventDefault()
          st.select(Math.max(0, st.selectedIndex - 1))
          break
        case 'Enter':
          if (st.selectedIndex >= 0) {
            e.preventDefault()
            openIndex(st.selectedIndex)
          }
          break
        case ']':
          e.preventDefault()
          void st.loadMore()
          break
        case '/':
          e.preventDefault()
          findRef.current?.focus()
          findRef.current?.select()
          break
      }
    }
    window.addEventListener('keydown', onKey)
    return () => window.removeEventListener('keydown', onKey)
  }, [rowCount, openIndex, store])

  const lastSlot = s.slots[s.slots.length - 1]
  const loadingMore = s.pending.some((p) => p.action === 'load-more')
  const exportIds = useMemo(
    () => (filtered ? filtered.map((p) => p.id) : s.slots.flatMap((slot) => slot.ids)),
    [filtered, s.slots],
  )
  const ex = s.exportState

  return (
    <section className="screen pay-screen" aria-labelledby="payments-title">
      <header className="screen-header">
        <h1 id="payments-title">Payments</h1>
        <RateLimitGauge busy={busy} onCancel={() => void s.cancelPending()} />
      </header>

      <div className="toolbar pay-nav" data-testid="payments-toolbar">
        <button
          type="button"
          className="btn btn-small"
          onClick={() => void s.loadFirst()}
          disabled={s.loading}
          data-testid="nav-first"
          title="Start the list again at the top"
        >
          {s.prefs.sort === 'desc' ? '↑ Newest' : '↑ Oldest'}
        </button>
        <form
          className="pay-find"
          onSubmit={(e) => {
            e.preventDefault()
            void submitFind('open')
          }}
        >
          <input
            ref={findRef}
            className="input mono"
            placeholder="Find payment by id: tr_…  (press /)"
            aria-label="Find payment by id"
            value={find}
            maxLength={64}
            onChange={(e) => setFind(e.target.value)}
            data-testid="find-input"
          />
          <button type="submit" className="btn btn-small btn-primary" data-testid="find-open">
            Open
          </button>
          <button
            type="button"
            className="btn btn-small"
            onClick={() => void submitFind('from')}
            data-testid="find-from"
            title="List payments starting at this id (from)"
          >
            List from this id
          </button>
          {findError && (
            <span className="field-error" role="alert">
              {findError}
            </span>
          )}
        </form>
        <span className="pay-spacer-flex" />
        <button
          type="button"
          className={filterActive ? 'btn btn-small pay-filter-on' : 'btn btn-small'}
          aria-expanded={filterShown}
          aria-controls="pay-filter"
          onClick={() => setFilterOpen((v) => !v)}
          disabled={filterActive}
          title={filterActive ? 'A filter is on: clear it to hide the filter' : 'Filter the loaded payments'}
          data-testid="filter-toggle"
        >
          {filterActive ? 'Filter on' : 'Filter'}
        </button>
        <Menu label="View" testId="view" open={menu === 'view'} onToggle={(open) => setMenu(open ? 'view' : null)}>
          <PageSizeInput value={s.prefs.pageSize} onApply={(size) => void s.setPageSize(size)} />
          <label className="pay-inline">
            Sort
            <select
              className="input"
              value={s.prefs.sort}
              onChange={(e) => void s.setSort(e.target.value === 'asc' ? 'asc' : 'desc')}
              data-testid="sort"
            >
              <option value="desc">Newest first</option>
              <option value="asc">Oldest first</option>
            </select>
          </label>
          <label className="pay-inline">
            Rows
            <select
              className="input"
              value={s.prefs.density}
              onChange={(e) => s.setPrefs({ density: e.target.value === 'comfortable' ? 'comfortable' : 'compact' })}
              data-testid="density"
            >
              <option value="compact">Compact</option>
              <option value="comfortable">Comfortable</option>
            </select>
          </label>
          <fieldset className="pay-columns">
            <legend>Columns</legend>
            {COLUMN_IDS.map((id) => (
              <label key={id}>
                <input
                  type="checkbox"
                  checked={!s.prefs.hiddenColumns[id]}
                  onChange={(e) => s.setPrefs({ hiddenColumns: { ...s.prefs.hiddenColumns, [id]: !e.target.checked } })}
                  data-testid={`column-${id}`}
                />{' '}
                {COLUMN_LABELS[id]}
              </label>
            ))}
          </fieldset>
        </Menu>
        <Menu
          label="Export"
          testId="export"
          open={menu === 'export'}
          onToggle={(open) => setMenu(open ? 'export' : null)}
        >
          <p className="muted small">
            {exportIds.length.toLocaleString()} {filtered ? 'matching' : 'loaded'} payments
          </p>
          {(['csv', 'json'] as const).map((format) => (
            <button
              key={format}
              type="button"
              className="btn btn-small"
              disabled={exportIds.length === 0 || (ex !== null && !ex.done)}
              onClick={() => {
                setMenu(null)
                void s.exportRows(format, exportIds)
              }}
              data-testid={`export-${format}`}
            >
              Export {format.toUpperCase()}
            </button>
          ))}
        </Menu>
      </div>

      {ex && (
        <div
          className={ex.error ? 'banner banner-error' : ex.done ? 'banner banner-ok' : 'banner'}
          role="status"
          data-testid="export-status"
        >
          {ex.error ? (
            <>Export failed: {ex.error}</>
          ) : ex.canceled ? (
            <>Export canceled: no file was written.</>
          ) : ex.done ? (
            <>
              Exported {ex.written.toLocaleString()} payments to <span className="mono">{ex.path}</span>
              {ex.personalData === 'included'
                ? ', with customers’ personal data as you chose.'
                : ', without customers’ personal data (names, e-mail addresses, descriptions, metadata values).'}
            </>
          ) : (
            <>
              Exporting {ex.format.toUpperCase()}… {ex.written.toLocaleString()} / {ex.total.toLocaleString()}
              <progress max={Math.max(1, ex.total)} value={ex.written} aria-label="Export progress" />
            </>
          )}
          {ex.done && (
            <button type="button" className="btn btn-small" onClick={s.dismissExport}>
              Dismiss
            </button>
          )}
        </div>
      )}

      {filterShown && (
        <FilterBar
          filter={s.filter}
          onChange={s.setFilter}
          onClear={s.clearFilter}
          active={filterActive}
          loadedCount={loaded.length}
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

      <div className={s.detail ? 'pay-body with-detail' : 'pay-body'}>
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
              rowAt={rowAt}
              density={s.prefs.density}
              hiddenColumns={hiddenColumns}
              selectedIndex={s.selectedIndex}
              onSelect={s.select}
              onOpen={openIndex}
              onRangeChange={onRange}
              onVisibleChange={onVisible}
              version={s.slots}
              listId={s.listId}
            />
          )}
          <footer className="pay-footer" aria-live="polite">
            {s.loading && s.slots.length > 0 && (
              <span role="status">
                <span className="spinner" aria-hidden="true" /> Loading…
              </span>
            )}
            <span data-testid="payments-count" data-loaded={totalRows} data-pages={s.slots.length}>
              <PositionText store={store} rowCount={rowCount} loaded={totalRows} filtered={filtered !== null} />
              {lastSlot ? (lastSlot.nextLink ? ' · more to load' : ' · end of the list') : ''}
            </span>
            {s.start.kind === 'from' && (
              <span className="muted" data-testid="payments-start">
                listed from <span className="mono">{s.start.id}</span>
              </span>
            )}
            <span className="pay-spacer-flex" />
            <button
              type="button"
              className="btn btn-small"
              onClick={() => void s.loadMore()}
              disabled={!lastSlot?.nextLink || loadingMore}
              data-testid="load-more"
            >
              {loadingMore ? 'Loading more…' : lastSlot && !lastSlot.nextLink ? 'End of list' : 'Load more'}
            </button>
          </footer>
        </div>
        {s.detail && (
          <PaymentDetail
            detail={s.detail}
            onClose={s.closeDetail}
            onRefresh={() => void s.refreshDetail()}
            onChanged={(done) => done.payment && s.showChanged(done.payment, done.deliveries ?? null)}
          />
        )}
      </div>
    </section>
  )
}

/** A toolbar button with a small panel under it (closes with Esc or another click). */
function Menu(props: {
  label: string
  testId: string
  open: boolean
  onToggle: (open: boolean) => void
  children: React.ReactNode
}): React.JSX.Element {
  const { label, testId, open, onToggle, children } = props
  const toggleRef = useRef<HTMLButtonElement>(null)
  const panelId = `pay-menu-${testId}`
  return (
    <div className="pay-menu">
      <button
        ref={toggleRef}
        type="button"
        className="btn btn-small"
        aria-expanded={open}
        aria-controls={panelId}
        onClick={() => onToggle(!open)}
        data-testid={`${testId}-toggle`}
      >
        {label} ▾
      </button>
      {open && (
        <div
          id={panelId}
          className="panel pay-menu-panel"
          role="group"
          aria-label={label}
          onKeyDown={(e) => {
            if (e.key !== 'Escape') return
            // Esc closes this panel only (not the payment open beside the list).
            e.stopPropagation()
            onToggle(false)
            toggleRef.current?.focus()
          }}
        >
          {children}
        </div>
      )}
    </div>
  )
}
