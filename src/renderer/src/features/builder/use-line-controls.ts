import { ORDER_LINE_TYPES, PAYMENT_LINE_TYPES } from '../../../../shared/api-types'
import { amountOffer } from '../../../../shared/input-suggestions'
import {
  controlIdOf,
  LINE_DETAIL_FIELDS,
  type BuiltLine,
  type DraftContent,
  type DraftLine,
  type LineField,
} from '../../../../shared/order-builder'
import { CREDIT_LINE_TYPES, type RuleViolation } from '../../../../shared/order-rules'
import { chooseOnAltEnter } from '../../components/AmountEcho'
import type { Highlight } from '../../stores/builder-store'
import { errorIdOf, isHighlighted } from './FormControls'

/** A line's messages by field. */
export type LineErrors = Partial<Record<LineField, RuleViolation[]>>

/** One line of the lines editor, as LinesEditor hands it to its row (LineRow.tsx). */
export interface LineRowProps {
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

/** What a line's cells share: its change, its fields' paths and states, and the amount offers. */
export function useLineControls(props: LineRowProps) {
  const { kind, line, index, currency, errors, highlight, expanded } = props
  const set = (patch: Partial<DraftLine>) => props.onChange(line.key, patch)
  const path = (f: LineField) => `lines.${index}.${f}`
  const invalid = (f: LineField) => (errors[f]?.length ?? 0) > 0 || isHighlighted(path(f), highlight)
  const aria = (f: LineField) => ({
    id: controlIdOf(path(f)),
    'aria-invalid': invalid(f),
    'aria-describedby': invalid(f) ? errorIdOf(path(f)) : undefined,
    'data-testid': `field-${path(f)}`,
  })
  const credit = CREDIT_LINE_TYPES.includes(line.type)
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
  function onKeyDown(e: React.KeyboardEvent): void {
    if (e.altKey && !e.ctrlKey && (e.key === 'ArrowUp' || e.key === 'ArrowDown')) {
      e.preventDefault()
      props.onMove(line.key, e.key === 'ArrowUp' ? -1 : 1)
    } else if ((e.ctrlKey || e.metaKey) && !e.altKey && e.key.toLowerCase() === 'd') {
      e.preventDefault()
      props.onDuplicate(line.key)
    }
  }
  return {
    n: index + 1,
    types: kind === 'order' ? ORDER_LINE_TYPES : PAYMENT_LINE_TYPES.filter((t) => t !== 'tip'),
    credit,
    set,
    path,
    invalid,
    aria,
    money,
    offers,
    onKeyDown,
    detailsOpen: expanded || LINE_DETAIL_FIELDS.some((f) => invalid(f)),
  }
}

export type LineControls = ReturnType<typeof useLineControls>
