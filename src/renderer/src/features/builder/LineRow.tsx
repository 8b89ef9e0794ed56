import { memo } from 'react'
import { VOUCHER_CATEGORIES } from '../../../../shared/api-types'
import { controlIdOf, LINE_FIELDS } from '../../../../shared/order-builder'
import { AmountEcho } from '../../components/AmountEcho'
import type { Highlight } from '../../stores/builder-store'
import { useBuilder } from './builder-context'
import { ComputedCell } from './ComputedCell'
import { FieldMessages, inputClass } from './FormControls'
import { MetadataEditor } from './MetadataEditor'
import { useLineControls, type LineControls, type LineErrors, type LineRowProps } from './use-line-controls'
import { VatRateInput } from './VatRateInput'

// One line of the lines editor: its cells, its buttons, its messages and its details row. Memoized
// (sameRow) so a keystroke in one line re-renders that line only; useLineControls holds its logic.

function sameRow(a: LineRowProps, b: LineRowProps): boolean {
  return (
    a.line === b.line &&
    a.index === b.index &&
    a.count === b.count &&
    a.currency === b.currency &&
    a.totalsKey === b.totalsKey &&
    a.errorsKey === b.errorsKey &&
    a.highlight === b.highlight &&
    a.expanded === b.expanded &&
    a.disabled === b.disabled &&
    a.kind === b.kind &&
    a.country === b.country
  )
}

export /** Line types in the agent's words; the API's value is under the lines' "API details". */
const LINE_TYPE_LABELS: Record<string, string> = {
  physical: 'Product',
  digital: 'Digital product',
  shipping_fee: 'Shipping',
  discount: 'Discount',
  store_credit: 'Store credit',
  gift_card: 'Gift card',
  surcharge: 'Surcharge',
  tip: 'Tip',
}

type CellsProps = { props: LineRowProps; c: LineControls }

export const LineRow = memo(function LineRow(props: LineRowProps): React.JSX.Element {
  const { line, index, errors, highlight } = props
  const c = useLineControls(props)
  return (
    <tbody id={`pd-line-${line.key}`} className="pd-line" onKeyDown={c.onKeyDown} data-testid={`line-${index}`}>
      <tr>
        <LineTextCells props={props} c={c} />
        <LinePriceCells props={props} c={c} />
        <LineTotalCells props={props} c={c} />
        <LineButtons props={props} c={c} />
      </tr>
      <LineMessages index={index} errors={errors} highlight={highlight} />
      {c.detailsOpen && <LineDetails props={props} c={c} />}
    </tbody>
  )
}, sameRow)

function LineTextCells({ props, c }: CellsProps): React.JSX.Element {
  const { kind, line, highlight } = props
  const { n, types, set, path, aria } = c
  return (
    <>
      <td className="pd-line-no mono">{n}</td>
      <td data-label="Type">
        <select
          {...aria('type')}
          className={inputClass(path('type'), highlight)}
          aria-label={`Line ${n} type`}
          value={line.type}
          onChange={(e) => set({ type: e.target.value })}
        >
          {types.map((t) => (
            <option key={t} value={t}>
              {LINE_TYPE_LABELS[t] ?? t}
            </option>
          ))}
        </select>
      </td>
      <td data-label={kind === 'order' ? 'Name' : 'Description'}>
        <input
          {...aria('name')}
          className={inputClass(path('name'), highlight)}
          aria-label={`Line ${n} ${kind === 'order' ? 'name' : 'description'}`}
          aria-required
          value={line.name}
          onChange={(e) => set({ name: e.target.value })}
        />
      </td>
      <td data-label="Qty">
        <input
          {...aria('quantity')}
          className={inputClass(path('quantity'), highlight, 'pd-num pd-qty')}
          aria-label={`Line ${n} quantity`}
          aria-required
          inputMode="numeric"
          value={line.quantity}
          onChange={(e) => set({ quantity: e.target.value })}
        />
      </td>
    </>
  )
}

function LinePriceCells({ props, c }: CellsProps): React.JSX.Element {
  const { kind, line, highlight } = props
  const { n, credit, set, path, aria, money, offers } = c
  const offer = (f: 'unitPrice' | 'discountAmount') => (
    <AmountEcho testId={path(f)} offer={offers[f]} onChoose={(value) => set({ [f]: value })} compact />
  )
  return (
    <>
      <td data-label="Unit price">
        <input
          {...aria('unitPrice')}
          className={inputClass(path('unitPrice'), highlight, 'pd-num')}
          aria-label={`Line ${n} unit price`}
          inputMode="decimal"
          aria-required
          title={credit ? `A ${line.type} line has a negative unit price.` : 'Price of one item including VAT.'}
          {...money('unitPrice')}
        />
        {offer('unitPrice')}
      </td>
      <td data-label="Discount">
        <input
          {...aria('discountAmount')}
          className={inputClass(path('discountAmount'), highlight, 'pd-num')}
          aria-label={`Line ${n} discount amount`}
          inputMode="decimal"
          disabled={line.type === 'discount'}
          title={
            line.type === 'discount'
              ? 'A discount line carries its discount in the unit price.'
              : 'Positive amount off this line.'
          }
          {...money('discountAmount')}
        />
        {offer('discountAmount')}
      </td>
      <td data-label="VAT %">
        <VatRateInput
          n={n}
          value={line.vatRate}
          country={props.country}
          required={kind === 'order'}
          onChange={(vatRate) => set({ vatRate })}
          control={{ ...aria('vatRate'), className: inputClass(path('vatRate'), highlight, 'pd-num pd-rate') }}
        />
      </td>
    </>
  )
}

function LineTotalCells({ props, c }: CellsProps): React.JSX.Element {
  const { line, built, currency, highlight } = props
  const { n, set, path, invalid } = c
  return (
    <>
      <td data-label="Total">
        <ComputedCell
          label={`Line ${n} total amount`}
          field="totalAmount"
          path={path('totalAmount')}
          override={line.totalOverride}
          expected={built?.expectedTotal?.value ?? null}
          formula={built?.totalFormula ?? null}
          currency={currency}
          invalid={invalid('totalAmount')}
          highlight={highlight}
          onOverride={(v) => set({ totalOverride: v })}
        />
      </td>
      <td data-label="VAT amount">
        <ComputedCell
          label={`Line ${n} VAT amount`}
          field="vatAmount"
          path={path('vatAmount')}
          override={line.vatOverride}
          expected={built?.expectedVat?.value ?? null}
          formula={built?.vatFormula ?? null}
          currency={currency}
          invalid={invalid('vatAmount')}
          highlight={highlight}
          onOverride={(v) => set({ vatOverride: v })}
        />
      </td>
    </>
  )
}

function LineButtons({ props, c }: CellsProps): React.JSX.Element {
  const { line, index, count, disabled } = props
  const { n, detailsOpen } = c
  const toggleExpanded = useBuilder((s) => s.toggleExpanded)
  return (
    <td className="pd-line-actions">
      <div className="pd-line-actions-grid">
        <button
          type="button"
          className="btn btn-small"
          data-move
          aria-label={`Move line ${n} up`}
          title="Move up (Alt+↑)"
          disabled={disabled || index === 0}
          onClick={() => props.onMove(line.key, -1)}
        >
          ↑
        </button>
        <button
          type="button"
          className="btn btn-small"
          aria-label={`Move line ${n} down`}
          title="Move down (Alt+↓)"
          disabled={disabled || index === count - 1}
          onClick={() => props.onMove(line.key, 1)}
        >
          ↓
        </button>
        <button
          type="button"
          className="btn btn-small"
          aria-label={`Duplicate line ${n}`}
          title="Duplicate (Ctrl+D)"
          disabled={disabled}
          onClick={() => props.onDuplicate(line.key)}
        >
          Duplicate
        </button>
        <button
          type="button"
          className="btn btn-small"
          aria-expanded={detailsOpen}
          aria-controls={`pd-line-details-${line.key}`}
          aria-label={`More fields of line ${n}`}
          title="SKU, category, links, metadata"
          onClick={() => toggleExpanded(line.key)}
        >
          …
        </button>
        <button
          type="button"
          className="btn btn-small btn-danger"
          aria-label={`Remove line ${n}`}
          title="Remove line"
          disabled={disabled}
          onClick={() => props.onRemove(line.key)}
          data-testid={`remove-line-${index}`}
        >
          ✕
        </button>
      </div>
    </td>
  )
}

function LineDetails({ props, c }: CellsProps): React.JSX.Element {
  const { kind, line, highlight } = props
  const { n, set, path, aria } = c
  return (
    <tr id={`pd-line-details-${line.key}`} className="pd-line-details">
      <td />
      <td colSpan={9}>
        <div className="pd-grid pd-grid-4">
          <div className="field">
            <label htmlFor={controlIdOf(path('sku'))}>SKU / EAN / ISBN (max 64)</label>
            <input
              {...aria('sku')}
              className={inputClass(path('sku'), highlight)}
              value={line.sku}
              onChange={(e) => set({ sku: e.target.value })}
            />
          </div>
          {kind === 'order' && (
            <div className="field">
              <label htmlFor={controlIdOf(path('category'))}>Voucher category</label>
              <select
                {...aria('category')}
                className={inputClass(path('category'), highlight)}
                value={line.category}
                onChange={(e) => set({ category: e.target.value })}
              >
                <option value="">(none)</option>
                {VOUCHER_CATEGORIES.map((c) => (
                  <option key={c} value={c}>
                    {c}
                  </option>
                ))}
              </select>
            </div>
          )}
          <div className="field">
            <label htmlFor={controlIdOf(path('imageUrl'))}>Image URL</label>
            <input
              {...aria('imageUrl')}
              className={inputClass(path('imageUrl'), highlight)}
              value={line.imageUrl}
              onChange={(e) => set({ imageUrl: e.target.value })}
            />
          </div>
          <div className="field">
            <label htmlFor={controlIdOf(path('productUrl'))}>Product URL</label>
            <input
              {...aria('productUrl')}
              className={inputClass(path('productUrl'), highlight)}
              value={line.productUrl}
              onChange={(e) => set({ productUrl: e.target.value })}
            />
          </div>
        </div>
        {kind === 'order' && (
          <MetadataEditor
            path={path('metadata')}
            label={`Line ${n} metadata (JSON)`}
            value={line.metadata}
            onChange={(metadata) => set({ metadata })}
            errors={undefined}
            highlight={highlight}
          />
        )}
      </td>
    </tr>
  )
}

/** All messages of a line in one row under it, each tied to its control by id. */
function LineMessages({
  index,
  errors,
  highlight,
}: {
  index: number
  errors: LineErrors
  highlight: Highlight | null
}): React.JSX.Element | null {
  const fields = LINE_FIELDS.filter(
    (f) => (errors[f]?.length ?? 0) > 0 || (highlight?.target.path === `lines.${index}.${f}` && highlight.message),
  )
  if (fields.length === 0) return null
  return (
    <tr className="pd-line-errors">
      <td />
      <td colSpan={9}>
        {fields.map((f) => (
          <FieldMessages key={f} path={`lines.${index}.${f}`} errors={errors[f]} highlight={highlight} />
        ))}
      </td>
    </tr>
  )
}
