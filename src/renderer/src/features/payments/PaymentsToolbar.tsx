// The payments screen's parts around the list: the toolbar (start again, find by id, filter, view
// and export menus), the export's status and the list's footer.
import { useRef, useState } from 'react'
import type { StoreApi } from 'zustand'
import { isId } from '../../../../shared/service/ids'
import type { PaymentsState } from '../../stores/payments-store'
import { COLUMN_IDS, COLUMN_LABELS } from './columns'
import { PageSizeInput } from './PageSizeInput'
import { PositionText } from './PositionText'
import type { ScreenState } from './use-payments-list'
import { TextInput } from '../../components/TextInput'
import { formatCount } from '../../../../shared/count'

interface ToolbarProps {
  s: ScreenState
  findRef: React.RefObject<HTMLInputElement | null>
  filterActive: boolean
  filterShown: boolean
  onToggleFilter: () => void
  exportIds: string[]
  filtered: boolean
}

/** Start again, find by id, the filter's button, the View and Export menus. */
export function PaymentsToolbar(props: ToolbarProps): React.JSX.Element {
  const { s, filterActive, filterShown, exportIds } = props
  const [menu, setMenu] = useState<'view' | 'export' | null>(null)
  return (
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
      <FindById s={s} findRef={props.findRef} />
      <span className="pay-spacer-flex" />
      <button
        type="button"
        className={filterActive ? 'btn btn-small pay-filter-on' : 'btn btn-small'}
        aria-expanded={filterShown}
        aria-controls="pay-filter"
        onClick={props.onToggleFilter}
        disabled={filterActive}
        title={filterActive ? 'A filter is on: clear it to hide the filter' : 'Filter the loaded payments'}
        data-testid="filter-toggle"
      >
        {filterActive ? 'Filter on' : 'Filter'}
      </button>
      <Menu label="View" testId="view" open={menu === 'view'} onToggle={(open) => setMenu(open ? 'view' : null)}>
        <ViewOptions s={s} />
      </Menu>
      <Menu
        label="Export"
        testId="export"
        open={menu === 'export'}
        onToggle={(open) => setMenu(open ? 'export' : null)}
      >
        <ExportChoices s={s} exportIds={exportIds} filtered={props.filtered} onChosen={() => setMenu(null)} />
      </Menu>
    </div>
  )
}

/** Find a payment by id: open it, or list from it. */
function FindById({ s, findRef }: Pick<ToolbarProps, 's' | 'findRef'>): React.JSX.Element {
  const find = s.findText
  const setFind = s.setFindText
  const [findError, setFindError] = useState<string | null>(null)

  async function submitFind(mode: 'open' | 'from'): Promise<void> {
    const id = find.trim()
    if (!isId('payment', id)) {
      setFindError('Enter a payment id such as tr_WDqYK6vllg (letters and digits after tr_).')
      return
    }
    setFindError(null)
    if (mode === 'open') await s.openDetail(id)
    else await s.startFrom(id)
  }

  return (
    <form
      className="pay-find"
      onSubmit={(e) => {
        e.preventDefault()
        void submitFind('open')
      }}
    >
      <TextInput
        inputRef={findRef}
        className="input mono"
        label="Find payment by id"
        placeholder="Find payment by id: tr_…  (press /)"
        value={find}
        maxLength={64}
        onChange={setFind}
        testId="find-input"
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
  )
}

/** Page size, sort, row density and the columns shown. */
function ViewOptions({ s }: { s: ScreenState }): React.JSX.Element {
  return (
    <>
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
    </>
  )
}

/** Export what is loaded (or what the filter keeps) as CSV or JSON. */
function ExportChoices(props: {
  s: ScreenState
  exportIds: string[]
  filtered: boolean
  onChosen: () => void
}): React.JSX.Element {
  const { s, exportIds } = props
  const ex = s.exportState
  return (
    <>
      <p className="muted small">
        {formatCount(exportIds.length)} {props.filtered ? 'matching' : 'loaded'} payments
      </p>
      {(['csv', 'json'] as const).map((format) => (
        <button
          key={format}
          type="button"
          className="btn btn-small"
          disabled={exportIds.length === 0 || (ex !== null && !ex.done)}
          onClick={() => {
            props.onChosen()
            void s.exportRows(format, exportIds)
          }}
          data-testid={`export-${format}`}
        >
          Export {format.toUpperCase()}
        </button>
      ))}
    </>
  )
}

/** An export on its way, done, canceled or failed. */
export function ExportStatus({ s }: { s: ScreenState }): React.JSX.Element | null {
  const ex = s.exportState
  if (!ex) return null
  return (
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
          Exported {formatCount(ex.written)} payments to <span className="mono">{ex.path}</span>
          {ex.personalData === 'included'
            ? ', with customers’ personal data as you chose.'
            : ', without customers’ personal data (names, e-mail addresses, descriptions, metadata values).'}
        </>
      ) : (
        <>
          Exporting {ex.format.toUpperCase()}… {formatCount(ex.written)} / {formatCount(ex.total)}
          <progress max={Math.max(1, ex.total)} value={ex.written} aria-label="Export progress" />
        </>
      )}
      {ex.done && (
        <button type="button" className="btn btn-small" onClick={s.dismissExport}>
          Dismiss
        </button>
      )}
    </div>
  )
}

/** Where the view is, whether more can be loaded, and the button that loads it. */
export function PaymentsFooter(props: {
  s: ScreenState
  store: StoreApi<PaymentsState>
  rowCount: number
  totalRows: number
  /** The rows of the pages kept in memory (far pages are dropped and fetched again when needed). */
  keptRows: number
  filtered: boolean
}): React.JSX.Element {
  const { s, store, rowCount, totalRows, keptRows, filtered } = props
  const lastSlot = s.slots[s.slots.length - 1]
  const loadingMore = s.pending.some((p) => p.action === 'load-more')
  return (
    // Not a live region as a whole: the position text changes on every frame of a scroll, and a screen
    // reader would read it out each time; the loading note and the list's end are the live parts.
    <footer className="pay-footer">
      {s.loading && s.slots.length > 0 && (
        <span role="status">
          <span className="spinner" aria-hidden="true" /> Loading…
        </span>
      )}
      <span data-testid="payments-count" data-loaded={totalRows} data-kept={keptRows} data-pages={s.slots.length}>
        <PositionText store={store} rowCount={rowCount} loaded={totalRows} filtered={filtered} />
        <span aria-live="polite">{lastSlot ? (lastSlot.nextLink ? ' · more to load' : ' · end of the list') : ''}</span>
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
