import { memo, useCallback } from 'react'
import { ORDER_LINE_TYPES, PAYMENT_LINE_TYPES, VOUCHER_CATEGORIES } from '../../../../shared/api-types'
import {
  emptyDraftLine,
  LINE_FIELDS,
  type BuiltLine,
  type DraftContent,
  type DraftLine,
} from '../../../../shared/order-builder'
import { CREDIT_LINE_TYPES, type RuleViolation } from '../../../../shared/order-rules'
import type { Highlight } from '../../stores/orders-store'
import { useBuilderStores, useOrders } from './builder-context'
import { amountOffer } from '../../../../shared/input-suggestions'
import { AmountEcho, chooseOnAltEnter } from '../../components/AmountEcho'
import { standardVatRate } from '../../../../shared/vat-rates'
import { VatRateInput } from './VatRateInput'
import { controlIdOf, type LineField } from './field-map'
import { ApiDetails, errorIdOf, FieldMessages, inputClass, isHighlighted } from './FormControls'
import { MetadataEditor } from './MetadataEditor'
import { ROUNDING_HELP } from './rounding'

// The lines of an order (spec 2.3) or payment (spec 2.6): add, remove, reorder (buttons and
// Alt+↑/↓), duplicate (button and Ctrl+D). totalAmount and vatAmount are computed with their
// formula; the user may override either per cell, and a deviating value shows the expected one.
// Rows are memoized so a keystroke in one line re-renders that line only (200 lines stay smooth).

let keySeq = 0
function newLineKey(lines: readonly DraftLine[]): string {
  const used = new Set(lines.map((l) => l.key))
  let key: string
  do key = `l${Date.now().toString(36)}${(keySeq++).toString(36)}`
  while (used.has(key))
  return key
}

type LineErrors = Partial<Record<LineField, RuleViolation[]>>

export interface LinesEditorProps {
  kind: DraftContent['kind']
  lines: readonly DraftLine[]
  currency: string
  /** The shipping country (ISO code, '' when not known yet): new lines take its standard VAT rate. */
  country: string
  built: readonly BuiltLine[]
  formErrors: Record<string, RuleViolation[]>
  highlight: Highlight | null
  expanded: Record<string, boolean>
  disabled: boolean
}

export function LinesEditor(props: LinesEditorProps): React.JSX.Element {
  const { kind, lines, currency, country, built, formErrors, highlight, expanded } = props
  const update = useOrders((s) => s.update)
  const ordersApi = useBuilderStores().orders

  const changeLine = useCallback(
    (key: string, patch: Partial<DraftLine>) =>
      update((c) => ({ ...c, lines: c.lines.map((l) => (l.key === key ? { ...l, ...patch } : l)) })),
    [update],
  )
  const move = useCallback(
    (key: string, delta: number) => {
      update((c) => {
        const i = c.lines.findIndex((l) => l.key === key)
        const j = i + delta
        if (i < 0 || j < 0 || j >= c.lines.length) return c
        const a = c.lines[i]
        const b = c.lines[j]
        if (!a || !b) return c
        const next = [...c.lines]
        next[i] = b
        next[j] = a
        return { ...c, lines: next }
      })
      // Keep the keyboard where the line went.
      requestAnimationFrame(() =>
        document.getElementById(`pd-line-${key}`)?.querySelector<HTMLElement>('[data-move]')?.focus(),
      )
    },
    [update],
  )
  const duplicate = useCallback(
    (key: string) =>
      update((c) => {
        const i = c.lines.findIndex((l) => l.key === key)
        const line = c.lines[i]
        if (!line) return c
        const copy = { ...line, key: newLineKey(c.lines) }
        return { ...c, lines: [...c.lines.slice(0, i + 1), copy, ...c.lines.slice(i + 1)] }
      }),
    [update],
  )
  const remove = useCallback(
    (key: string) => update((c) => ({ ...c, lines: c.lines.filter((l) => l.key !== key) })),
    [update],
  )
  const add = (type: string) => {
    // The standard rate of where the goods go, visibly in the field (the agent may change it).
    const vatRate = standardVatRate(country) ?? ''
    update((c) => ({ ...c, lines: [...c.lines, { ...emptyDraftLine(newLineKey(c.lines), type), vatRate }] }))
    requestAnimationFrame(() => {
      const count = ordersApi.getState().content.lines.length
      document.getElementById(controlIdOf(`lines.${count - 1}.name`))?.focus()
    })
  }

  const listErrors = formErrors['lines.add']
  return (
    <div className="pd-lines" data-testid="lines-editor">
      <div className="pd-lines-scroll">
        <table className="data pd-lines-table">
          <thead>
            <tr>
              <th scope="col">#</th>
              <th scope="col">Type</th>
              <th scope="col">
                {kind === 'order' ? 'Name' : 'Description'}{' '}
                <span className="pd-required" aria-hidden="true">
                  *
                </span>
              </th>
              <th scope="col">
                Qty{' '}
                <span className="pd-required" aria-hidden="true">
                  *
                </span>
              </th>
              <th scope="col">
                Unit price{' '}
                <span className="pd-required" aria-hidden="true">
                  *
                </span>
              </th>
              <th scope="col">Discount</th>
              <th scope="col">
                VAT %{' '}
                {kind === 'order' && (
                  <span className="pd-required" aria-hidden="true">
                    *
                  </span>
                )}
              </th>
              <th scope="col" title={ROUNDING_HELP}>
                Total
              </th>
              <th scope="col" title={ROUNDING_HELP}>
                VAT amount
              </th>
              <th scope="col">
                <span className="visually-hidden">Actions</span>
              </th>
            </tr>
          </thead>
          {lines.map((line, index) => {
            const errors: LineErrors = {}
            let errorsKey = ''
            const prefix = `lines.${index}.`
            for (const field of LINE_FIELDS) {
              const list = formErrors[prefix + field]
              if (list) {
                errors[field] = list
                errorsKey += `${field}:${list.map((v) => v.message).join('|')};`
              }
            }
            const b = built[index]
            const lineHighlight = highlight && highlight.target.lineIndex === index ? highlight : null
            return (
              <LineRow
                key={line.key}
                kind={kind}
                line={line}
                index={index}
                count={lines.length}
                currency={currency}
                country={country}
                built={b}
                totalsKey={totalsKeyOf(b)}
                errors={errors}
                errorsKey={errorsKey}
                highlight={lineHighlight}
                expanded={!!expanded[line.key]}
                disabled={props.disabled}
                onChange={changeLine}
                onMove={move}
                onDuplicate={duplicate}
                onRemove={remove}
              />
            )
          })}
        </table>
      </div>
      {lines.length === 0 && <p className="empty-state">No lines yet. Add one below.</p>}
      <div className="toolbar pd-lines-add">
        <button
          type="button"
          className={inputClass('lines.add', highlight, 'btn')}
          id={controlIdOf('lines.add')}
          onClick={() => add('physical')}
          disabled={props.disabled}
          data-testid="add-line"
        >
          + Add line
        </button>
        <button
          type="button"
          className="btn"
          onClick={() => add('discount')}
          disabled={props.disabled}
          data-testid="add-discount-line"
        >
          + Discount line
        </button>
        <button
          type="button"
          className="btn"
          onClick={() => add('shipping_fee')}
          disabled={props.disabled}
          data-testid="add-shipping-line"
        >
          + Shipping line
        </button>
        <span className="field-hint">Alt+↑/↓ moves a line, Ctrl+D duplicates it.</span>
      </div>
      <FieldMessages path="lines.add" errors={listErrors} highlight={highlight} />
      <ApiDetails testId="lines-api-details">
        <p>
          Each row is one entry of <span className="mono">lines</span> (spec 2.3, 4.1): Type ={' '}
          <span className="mono">type</span> (
          {Object.entries(LINE_TYPE_LABELS)
            .map(([api, label]) => `${label} = ${api}`)
            .join(', ')}
          ), {kind === 'order' ? 'Name' : 'Description'} ={' '}
          <span className="mono">{kind === 'order' ? 'name' : 'description'}</span>, Qty ={' '}
          <span className="mono">quantity</span>, Unit price = <span className="mono">unitPrice</span>, Discount ={' '}
          <span className="mono">discountAmount</span>, VAT % = <span className="mono">vatRate</span>, Total ={' '}
          <span className="mono">totalAmount</span>, VAT amount = <span className="mono">vatAmount</span>.
        </p>
      </ApiDetails>
    </div>
  )
}

function totalsKeyOf(b: BuiltLine | undefined): string {
  if (!b) return ''
  return [
    b.expectedTotal?.value,
    b.totalFormula,
    b.sentTotal?.value,
    b.expectedVat?.value,
    b.vatFormula,
    b.problem,
  ].join('|')
}

interface LineRowProps {
  kind: DraftContent['kind']
  line: DraftLine
  index: number
  count: number
  currency: string
  /** Where the goods go (ISO country code, '' when not known yet): the default VAT rate's country. */
  country: string
  built: BuiltLine | undefined
  totalsKey: string
  errors: LineErrors
  errorsKey: string
  highlight: Highlight | null
  expanded: boolean
  disabled: boolean
  onChange(key: string, patch: Partial<DraftLine>): void
  onMove(key: string, delta: number): void
  onDuplicate(key: string): void
  onRemove(key: string): void
}

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

/** Line types in the agent's words; the API's value is under the lines' "API details". */
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

const LineRow = memo(function LineRow(props: LineRowProps): React.JSX.Element {
  const { kind, line, index, count, currency, built, errors, highlight, expanded, disabled } = props
  const toggleExpanded = useOrders((s) => s.toggleExpanded)
  const set = (patch: Partial<DraftLine>) => props.onChange(line.key, patch)
  const path = (f: LineField) => `lines.${index}.${f}`
  const invalid = (f: LineField) => (errors[f]?.length ?? 0) > 0 || isHighlighted(path(f), highlight)
  const aria = (f: LineField) => ({
    id: controlIdOf(path(f)),
    'aria-invalid': invalid(f),
    'aria-describedby': invalid(f) ? errorIdOf(path(f)) : undefined,
    'data-testid': `field-${path(f)}`,
  })
  const types = kind === 'order' ? ORDER_LINE_TYPES : PAYMENT_LINE_TYPES.filter((t) => t !== 'tip')
  const credit = CREDIT_LINE_TYPES.includes(line.type)
  const n = index + 1

  function onKeyDown(e: React.KeyboardEvent): void {
    if (e.altKey && !e.ctrlKey && (e.key === 'ArrowUp' || e.key === 'ArrowDown')) {
      e.preventDefault()
      props.onMove(line.key, e.key === 'ArrowUp' ? -1 : 1)
    } else if ((e.ctrlKey || e.metaKey) && !e.altKey && e.key.toLowerCase() === 'd') {
      e.preventDefault()
      props.onDuplicate(line.key)
    }
  }
  // Amounts are read in the agent's notation and never changed behind the agent's back: what is
  // sent is echoed next to the field; an ambiguous one asks (accepted with a button or Alt+Enter).
  const offers = {
    unitPrice: amountOffer(line.unitPrice, currency, credit),
    discountAmount: amountOffer(line.discountAmount, currency),
  }
  const money = (f: 'unitPrice' | 'discountAmount') => ({
    value: line[f],
    onChange: (e: React.ChangeEvent<HTMLInputElement>) => set({ [f]: e.target.value }),
    onKeyDown: chooseOnAltEnter(offers[f], (value) => set({ [f]: value })),
  })
  const offer = (f: 'unitPrice' | 'discountAmount') => (
    <AmountEcho testId={path(f)} offer={offers[f]} onChoose={(value) => set({ [f]: value })} compact />
  )
  const detailsOpen = expanded || LINE_DETAILS.some((f) => invalid(f))

  return (
    <tbody id={`pd-line-${line.key}`} className="pd-line" onKeyDown={onKeyDown} data-testid={`line-${index}`}>
      <tr>
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
      </tr>
      <LineMessages index={index} errors={errors} highlight={highlight} />
      {detailsOpen && (
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
      )}
    </tbody>
  )
}, sameRow)

const LINE_DETAILS: readonly LineField[] = ['sku', 'category', 'imageUrl', 'productUrl', 'metadata']

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

/** A computed total/VAT cell: the value with its formula, or the user's own value and the expected one. */
function ComputedCell({
  label,
  field,
  path,
  override,
  expected,
  formula,
  currency,
  invalid,
  highlight,
  onOverride,
}: {
  label: string
  field: 'totalAmount' | 'vatAmount'
  path: string
  override: string | null
  expected: string | null
  formula: string | null
  currency: string
  invalid: boolean
  highlight: Highlight | null
  onOverride(value: string | null): void
}): React.JSX.Element {
  const id = controlIdOf(path)
  const deviates = override !== null && expected !== null && override !== expected
  return (
    <div className="pd-computed">
      {override === null ? (
        <output
          id={id}
          tabIndex={0}
          className={`pd-computed-value mono${isHighlighted(path, highlight) ? ' highlight' : ''}${invalid ? ' invalid' : ''}`}
          aria-label={`${label}: ${expected ?? 'not computable yet'}${formula ? ` (${formula})` : ''}`}
          aria-describedby={invalid ? errorIdOf(path) : undefined}
          title={formula ?? undefined}
          data-testid={`field-${path}`}
        >
          {expected ?? '—'}
        </output>
      ) : (
        <input
          id={id}
          className={inputClass(path, highlight, 'pd-num')}
          aria-label={`${label} (your own value)`}
          aria-invalid={invalid || deviates}
          aria-describedby={invalid ? errorIdOf(path) : undefined}
          value={override}
          inputMode="decimal"
          onChange={(e) => onOverride(e.target.value)}
          onKeyDown={chooseOnAltEnter(amountOffer(override, currency), onOverride)}
          data-testid={`field-${path}`}
        />
      )}
      {override !== null && (
        <AmountEcho testId={path} offer={amountOffer(override, currency)} onChoose={onOverride} compact />
      )}
      {override === null && formula && <div className="pd-formula">{formula}</div>}
      {deviates && (
        <div className="pd-expected" data-testid={`expected-${path}`}>
          expected {expected}
        </div>
      )}
      <label className="pd-override">
        <input
          type="checkbox"
          checked={override !== null}
          aria-label={`Type my own ${field === 'totalAmount' ? 'total' : 'VAT amount'} (${label})`}
          onChange={(e) => onOverride(e.target.checked ? (expected ?? '') : null)}
          data-testid={`override-${path}`}
        />{' '}
        own
      </label>
    </div>
  )
}
