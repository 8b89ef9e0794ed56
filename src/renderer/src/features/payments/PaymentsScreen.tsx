import { useCallback, useEffect, useLayoutEffect, useMemo, useRef, useState } from 'react'
import type { Payment } from '../../../../shared/api-types'
import { isId } from '../../../../shared/service/ids'
import { subscribe } from '../../lib/ipc-client'
import { useAppStore } from '../../app-stores'
import { usePaymentsStore } from '../../stores/payments-store'
import { COLUMN_IDS, COLUMN_LABELS } from './columns'
import { ErrorBanner } from './ErrorBanner'
import { FilterBar } from './FilterBar'
import { compileFilter, isFilterActive } from './filters'
import { fitColumns } from './fit-columns'
import { loadedRows, rowAt as slotRowAt, rowOffsets } from './page-window'
import { PageSizeInput } from './PageSizeInput'
import { PaymentDetail } from './PaymentDetail'
import { PaymentsTable } from './PaymentsTable'
// Not imported from shared/ipc/payments: that module pulls zod into the renderer, and zod's eval probe trips the CSP.
import { RateLimitGauge } from './RateLimitGauge'
import { benchMark } from './bench-marks'
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

function isTyping(target: EventTarget | null): boolean {
  const el = target as HTMLElement | null
  return (
    !!el && (el.tagName === 'INPUT' || el.tagName === 'TEXTAREA' || el.tagName === 'SELECT' || el.isContentEditable)
  )
}

export function PaymentsScreen(): React.JSX.Element {
  const s = usePaymentsStore()
  const takeFocus = useAppStore((a) => a.takeFocus)
  const pendingFocus = useAppStore((a) => a.pendingFocus)
  const findRef = useRef<HTMLInputElement>(null)
  const find = s.findText
  const setFind = s.setFindText
  const [findError, setFindError] = useState<string | null>(null)
  const [showColumns, setShowColumns] = useState(false)

  // First page on first visit (the store survives screen switches).
  useEffect(() => {
    if (!usePaymentsStore.getState().started) void usePaymentsStore.getState().loadFirst()
  }, [])

  // Cross-screen requests: open a payment's detail.
  useEffect(() => {
    const focus = takeFocus('payments')
    if (focus) void usePaymentsStore.getState().openDetail(focus.paymentId)
  }, [pendingFocus, takeFocus])

  // Export progress; leaving the screen cancels waiting requests. (Rate limits: RateLimitGauge.)
  useEffect(() => {
    const offExport = subscribe('payments.exportProgress', (p) => usePaymentsStore.getState().exportProgress(p))
    return () => {
      offExport()
      void usePaymentsStore.getState().cancelPending()
    }
  }, [])

  const busy = s.pending.length > 0

  // The rows in view: all pages (with placeholders), or the filtered loaded rows.
  const offsets = useMemo(() => rowOffsets(s.slots), [s.slots])
  const loaded = useMemo(() => loadedRows(s.slots), [s.slots])
  const filterActive = isFilterActive(s.filter)
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
      if (p) void usePaymentsStore.getState().openDetail(p.id, { payment: p, requestId: requestIdOfRow(p.id) })
    },
    [rowAt, requestIdOfRow],
  )

  const onRange = useCallback(
    (first: number, last: number) => {
      if (!filtered) usePaymentsStore.getState().ensureWindow(first, last)
    },
    [filtered],
  )

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
    if (mode === 'open') await usePaymentsStore.getState().openDetail(id)
    else await usePaymentsStore.getState().startFrom(id)
  }

  // Keyboard: j/k ↑/↓ select, Enter opens, [ ] page, / find, Esc closes the detail.
  useEffect(() => {
    function onKey(e: KeyboardEvent): void {
      if (e.ctrlKey || e.metaKey || e.altKey) return
      const st = usePaymentsStore.getState()
      if (e.key === 'Escape') {
        if (isTyping(e.target)) (e.target as HTMLElement).blur()
        else if (st.detail) st.closeDetail()
        return
      }
      if (isTyping(e.target)) return
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
        case '[':
          e.preventDefault()
          void st.previous()
          break
        case ']':
          e.preventDefault()
          void st.next()
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
  }, [rowCount, openIndex])

  const first = s.slots[0]
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

      <div className="toolbar pay-nav" role="toolbar" aria-label="Pages">
        <button
          type="button"
          className="btn btn-small"
          onClick={s.back}
          disabled={s.historyIndex <= 0}
          data-testid="nav-back"
          title="Back to the page visited before"
        >
          ← Back
        </button>
        <button
          type="button"
          className="btn btn-small"
          onClick={s.forward}
          disabled={s.historyIndex >= s.history.length - 1}
          data-testid="nav-forward"
          title="Forward in the visited pages"
        >
          Forward →
        </button>
        <span className="pay-sep" aria-hidden="true" />
        <button
          type="button"
          className="btn btn-small"
          onClick={() => void s.previous()}
          disabled={!first?.previousLink || s.loading}
          data-testid="nav-previous"
          title="Previous page ([)"
        >
          ‹ Previous
        </button>
        <button
          type="button"
          className="btn btn-small"
          onClick={() => void s.next()}
          disabled={!lastSlot?.nextLink || s.loading}
          data-testid="nav-next"
          title="Next page (])"
        >
          Next ›
        </button>
        <button
          type="button"
          className="btn btn-small"
          onClick={() => void s.loadFirst()}
          disabled={s.loading}
          data-testid="nav-first"
        >
          {s.prefs.sort === 'desc' ? 'Newest' : 'Oldest'}
        </button>
        <span className="pay-sep" aria-hidden="true" />
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
        <div className="pay-columns">
          <button
            type="button"
            className="btn btn-small"
            aria-expanded={showColumns}
            onClick={() => setShowColumns((v) => !v)}
            data-testid="columns-toggle"
          >
            Columns
          </button>
          {showColumns && (
            <fieldset className="panel pay-columns-menu">
              <legend className="visually-hidden">Visible columns</legend>
              {COLUMN_IDS.map((id) => (
                <label key={id}>
                  <input
                    type="checkbox"
                    checked={!s.prefs.hiddenColumns[id]}
                    onChange={(e) =>
                      s.setPrefs({ hiddenColumns: { ...s.prefs.hiddenColumns, [id]: !e.target.checked } })
                    }
                    data-testid={`column-${id}`}
                  />{' '}
                  {COLUMN_LABELS[id]}
                </label>
              ))}
            </fieldset>
          )}
        </div>
      </div>

      <form
        className="toolbar pay-find"
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
        <span className="pay-spacer-flex" />
        <button
          type="button"
          className="btn btn-small"
          disabled={exportIds.length === 0 || (ex !== null && !ex.done)}
          onClick={() => void s.exportRows('csv', exportIds)}
          data-testid="export-csv"
        >
          Export CSV
        </button>
        <button
          type="button"
          className="btn btn-small"
          disabled={exportIds.length === 0 || (ex !== null && !ex.done)}
          onClick={() => void s.exportRows('json', exportIds)}
          data-testid="export-json"
        >
          Export JSON
        </button>
      </form>

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
              Exported {ex.written.toLocaleString()} payments to <span className="mono">{ex.path}</span>.
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
              version={s.slots}
            />
          )}
          <footer className="pay-footer" aria-live="polite">
            {s.loading && s.slots.length > 0 && (
              <span role="status">
                <span className="spinner" aria-hidden="true" /> Loading…
              </span>
            )}
            <span data-testid="payments-count">
              {s.pageCount !== null ? `count ${s.pageCount}` : ''}
              {s.slots.length > 1 ? ` · ${s.slots.length} pages, ${totalRows.toLocaleString()} rows in the list` : ''}
            </span>
            <span className="muted">
              {s.history.length > 0 ? `Visited page ${s.historyIndex + 1} of ${s.history.length}` : ''}
            </span>
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
          <PaymentDetail detail={s.detail} onClose={s.closeDetail} onRefresh={() => void s.refreshDetail()} />
        )}
      </div>
    </section>
  )
}
