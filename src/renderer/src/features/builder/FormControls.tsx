import { createContext, useContext, useEffect, useState, type ReactNode } from 'react'
import { amountOffer, type Suggestion } from '../../../../shared/input-suggestions'
import { AmountEcho, chooseOnAltEnter } from '../../components/AmountEcho'
import type { RuleViolation } from '../../../../shared/order-rules'
import type { Highlight } from '../../stores/builder-store'
import { controlIdOf } from '../../../../shared/order-builder'
import '../../components/amount-echo.css'

// Small labelled controls that carry the builder's conventions: the control's id comes from its
// form path (controlIdOf, shared/order-builder), errors are listed under it and linked with
// aria-describedby, and a 422 / Inspector highlight outlines it.

interface FieldProps {
  path: string
  label: string
  /** The API's name for the field and where the spec describes it, shown only under "API details". */
  api?: string
  errors?: readonly RuleViolation[] | undefined
  highlight?: Highlight | null
  hint?: ReactNode
  className?: string
  /** Marked with a visible * and aria-required: the request cannot go without it. */
  required?: boolean
}

export function errorIdOf(path: string): string {
  return `${controlIdOf(path)}-error`
}

/** The messages under a control: the rules' own, then the service's when it differs. */
export function FieldMessages({
  path,
  errors,
  highlight,
}: {
  path: string
  errors?: readonly RuleViolation[] | undefined
  highlight?: Highlight | null
}): React.JSX.Element | null {
  const messages = (errors ?? []).map((e) => e.message)
  if (highlight?.target.path === path && highlight.message && !messages.includes(highlight.message)) {
    messages.push(highlight.message)
  }
  if (messages.length === 0) return null
  return (
    <div className="field-error" id={errorIdOf(path)} role="alert">
      {messages.map((m, i) => (
        <div key={i}>{m}</div>
      ))}
    </div>
  )
}

/**
 * A fix the builder offers for what was typed (shared/input-suggestions.ts), never applies by itself:
 * the agent accepts it with the button, or Alt+Enter in the field.
 */
function SuggestionOffer({
  path,
  suggestion,
  onAccept,
  compact = false,
}: {
  path: string
  suggestion: Suggestion | null
  onAccept: (value: string) => void
  compact?: boolean
}): React.JSX.Element | null {
  if (!suggestion) return null
  return (
    <div className={`pd-suggest${compact ? ' pd-suggest-compact' : ''}`} data-testid={`suggest-${path}`}>
      {!compact && (
        <span>
          Did you mean <span className="mono">{suggestion.value}</span> ({suggestion.reason})?{' '}
        </span>
      )}
      <button
        type="button"
        className="btn btn-small"
        title="Or press Alt+Enter in the field"
        onClick={() => onAccept(suggestion.value)}
        data-testid={`accept-${path}`}
      >
        Use {suggestion.value}
      </button>
    </div>
  )
}

/** Alt+Enter in a field accepts its offered fix. */
function acceptOnAltEnter(
  suggestion: Suggestion | null | undefined,
  onAccept: (value: string) => void,
): (e: React.KeyboardEvent) => void {
  return (e) => {
    if (suggestion && e.altKey && !e.ctrlKey && !e.metaKey && e.key === 'Enter') {
      e.preventDefault()
      onAccept(suggestion.value)
    }
  }
}

/** True when the agent asked to see every field's API details (one switch for the whole form). */
export const ApiDetailsShown = createContext(false)

/**
 * The API's name of a field, for whoever reads the request: folded away by default and out of the
 * Tab order while folded (a form has dozens; the one "API details" switch opens them all).
 */
export function ApiDetails({ children, testId }: { children: ReactNode; testId?: string }): React.JSX.Element {
  const shown = useContext(ApiDetailsShown)
  const [open, setOpen] = useState(shown)
  useEffect(() => setOpen(shown), [shown])
  return (
    <details className="pd-api" data-testid={testId} open={open} onToggle={(e) => setOpen(e.currentTarget.open)}>
      <summary tabIndex={open ? 0 : -1}>API details</summary>
      <div className="pd-api-body">{children}</div>
    </details>
  )
}

export function isHighlighted(path: string, highlight?: Highlight | null): boolean {
  return highlight?.target.path === path
}

export function inputClass(path: string, highlight?: Highlight | null, extra = ''): string {
  return `input${isHighlighted(path, highlight) ? ' highlight' : ''}${extra ? ` ${extra}` : ''}`
}

/** What a labelled control needs from its frame: its id and its accessibility state. */
interface ControlProps {
  id: string
  className: string
  'aria-invalid': boolean
  'aria-describedby': string | undefined
  'aria-required': boolean | undefined
  'data-testid': string
}

/** The frame every labelled control shares: label, the control, a hint and the messages under it. */
function FieldFrame({
  path,
  label,
  api,
  errors,
  highlight,
  hint,
  className,
  required,
  control,
  after,
}: FieldProps & { control: (props: ControlProps) => ReactNode; after?: ReactNode }): React.JSX.Element {
  const id = controlIdOf(path)
  const invalid = (errors?.length ?? 0) > 0 || isHighlighted(path, highlight)
  return (
    <div className={`field${className ? ` ${className}` : ''}`}>
      <label htmlFor={id}>
        {label}
        {required && (
          <span className="pd-required" aria-hidden="true">
            {' '}
            *
          </span>
        )}
      </label>
      {control({
        id,
        className: inputClass(path, highlight),
        'aria-invalid': invalid,
        'aria-describedby': invalid ? errorIdOf(path) : undefined,
        'aria-required': required || undefined,
        'data-testid': `field-${path}`,
      })}
      {after}
      {hint && <div className="field-hint">{hint}</div>}
      <FieldMessages path={path} errors={errors} highlight={highlight} />
      {api && (
        <ApiDetails>
          <span className="mono">{api}</span>
        </ApiDetails>
      )}
    </div>
  )
}

export function TextField({
  value,
  onChange,
  onBlur,
  type = 'text',
  placeholder,
  maxLength,
  inputMode,
  autoComplete = 'off',
  suggestion = null,
  ...frame
}: FieldProps & {
  value: string
  onChange: (value: string) => void
  /** A fix offered for the typed value; accepting it is the agent's click or Alt+Enter. */
  suggestion?: Suggestion | null
  onBlur?: () => void
  type?: string
  placeholder?: string
  maxLength?: number
  inputMode?: React.HTMLAttributes<HTMLInputElement>['inputMode']
  autoComplete?: string
}): React.JSX.Element {
  return (
    <FieldFrame
      {...frame}
      after={<SuggestionOffer path={frame.path} suggestion={suggestion} onAccept={onChange} />}
      control={(props) => (
        <input
          {...props}
          onKeyDown={acceptOnAltEnter(suggestion, onChange)}
          type={type}
          value={value}
          placeholder={placeholder}
          maxLength={maxLength}
          inputMode={inputMode}
          autoComplete={autoComplete}
          spellCheck={false}
          onChange={(e) => onChange(e.target.value)}
          onBlur={onBlur}
        />
      )}
    />
  )
}

/** A typed amount: read in the agent's notation, what is sent echoed next to it, an ambiguous one asks. */
export function AmountField({
  value,
  onChange,
  currency,
  ...frame
}: FieldProps & { value: string; onChange: (value: string) => void; currency: string }): React.JSX.Element {
  const offer = amountOffer(value, currency)
  return (
    <FieldFrame
      {...frame}
      after={<AmountEcho testId={frame.path} offer={offer} onChoose={onChange} />}
      control={(props) => (
        <input
          {...props}
          onKeyDown={chooseOnAltEnter(offer, onChange)}
          value={value}
          inputMode="decimal"
          autoComplete="off"
          spellCheck={false}
          onChange={(e) => onChange(e.target.value)}
        />
      )}
    />
  )
}

export function SelectField({
  value,
  onChange,
  options,
  ...frame
}: FieldProps & {
  value: string
  onChange: (value: string) => void
  options: readonly { value: string; label: string }[]
}): React.JSX.Element {
  return (
    <FieldFrame
      {...frame}
      control={(props) => (
        <select {...props} value={value} onChange={(e) => onChange(e.target.value)}>
          {options.map((o) => (
            <option key={o.value} value={o.value}>
              {o.label}
            </option>
          ))}
        </select>
      )}
    />
  )
}

export function CheckboxField({
  path,
  label,
  checked,
  onChange,
  errors,
  highlight,
  hint,
}: FieldProps & { checked: boolean; onChange: (checked: boolean) => void }): React.JSX.Element {
  const id = controlIdOf(path)
  return (
    <div className="field field-checkbox">
      <label htmlFor={id} className={isHighlighted(path, highlight) ? 'highlight' : undefined}>
        <input
          id={id}
          type="checkbox"
          checked={checked}
          onChange={(e) => onChange(e.target.checked)}
          data-testid={`field-${path}`}
        />{' '}
        {label}
      </label>
      {hint && <div className="field-hint">{hint}</div>}
      <FieldMessages path={path} errors={errors} highlight={highlight} />
    </div>
  )
}
