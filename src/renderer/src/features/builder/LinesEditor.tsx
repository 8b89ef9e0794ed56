import {
  controlIdOf,
  LINE_FIELDS,
  type BuiltLine,
  type DraftContent,
  type DraftLine,
} from '../../../../shared/order-builder'
import type { RuleViolation } from '../../../../shared/order-rules'
import type { Highlight } from '../../stores/builder-store'
import { ApiDetails, FieldMessages, inputClass } from './FormControls'
import { LINE_TYPE_LABELS, LineRow } from './LineRow'
import { ROUNDING_HELP } from './rounding'
import type { LineErrors } from './use-line-controls'
import { useLineEdits } from './use-line-edits'

// The lines of an order (spec 2.3) or payment (spec 2.6): add, remove, reorder (buttons and
// Alt+↑/↓), duplicate (button and Ctrl+D). totalAmount and vatAmount are computed with their
// formula; the user may override either per cell, and a deviating value shows the expected one.
// Rows are memoized so a keystroke in one line re-renders that line only (200 lines stay smooth).

interface LinesEditorProps {
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

/** The buttons under the lines, one per kind of line added; the first is the target of list-level errors. */
const ADD_BUTTONS = [
  { type: 'physical', label: '+ Add line', testId: 'add-line' },
  { type: 'discount', label: '+ Discount line', testId: 'add-discount-line' },
  { type: 'shipping_fee', label: '+ Shipping line', testId: 'add-shipping-line' },
] as const

export function LinesEditor(props: LinesEditorProps): React.JSX.Element {
  const { kind, lines, currency, country, built, formErrors, highlight, expanded } = props
  const { changeLine, move, duplicate, remove, add } = useLineEdits(country)
  const listErrors = formErrors['lines.add']
  return (
    <div className="pd-lines" data-testid="lines-editor">
      <div className="pd-lines-scroll">
        <table className="data pd-lines-table">
          <LinesHead kind={kind} />
          {lines.map((line, index) => {
            const { errors, errorsKey } = lineErrors(formErrors, index)
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
        {ADD_BUTTONS.map(({ type, label, testId }, i) => (
          <button
            key={type}
            type="button"
            className={i === 0 ? inputClass('lines.add', highlight, 'btn') : 'btn'}
            id={i === 0 ? controlIdOf('lines.add') : undefined}
            onClick={() => add(type)}
            disabled={props.disabled}
            data-testid={testId}
          >
            {label}
          </button>
        ))}
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

/** A line's messages by field, and a key that changes only when they do (for the row's memo). */
function lineErrors(
  formErrors: Record<string, RuleViolation[]>,
  index: number,
): { errors: LineErrors; errorsKey: string } {
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
  return { errors, errorsKey }
}

function LinesHead({ kind }: { kind: DraftContent['kind'] }): React.JSX.Element {
  return (
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
  )
}
