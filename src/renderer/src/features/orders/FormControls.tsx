import type { ReactNode } from 'react'
import type { RuleViolation } from '../../../../shared/order-rules'
import type { Highlight } from '../../stores/orders-store'
import { controlIdOf } from './field-map'

// Small labelled controls that carry the builder's conventions: the control's id comes from its
// form path (field-map.ts), errors are listed under it and linked with aria-describedby, and a
// 422 / Inspector highlight outlines it.

export interface FieldProps {
  path: string
  label: string
  errors?: readonly RuleViolation[] | undefined
  highlight?: Highlight | null
  hint?: ReactNode
  className?: string
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
  'data-testid': string
}

/** The frame every labelled control shares: label, the control, a hint and the messages under it. */
function FieldFrame({
  path,
  label,
  errors,
  highlight,
  hint,
  className,
  control,
}: FieldProps & { control: (props: ControlProps) => ReactNode }): React.JSX.Element {
  const id = controlIdOf(path)
  const invalid = (errors?.length ?? 0) > 0 || isHighlighted(path, highlight)
  return (
    <div className={`field${className ? ` ${className}` : ''}`}>
      <label htmlFor={id}>{label}</label>
      {control({
        id,
        className: inputClass(path, highlight),
        'aria-invalid': invalid,
        'aria-describedby': invalid ? errorIdOf(path) : undefined,
        'data-testid': `field-${path}`,
      })}
      {hint && <div className="field-hint">{hint}</div>}
      <FieldMessages path={path} errors={errors} highlight={highlight} />
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
  ...frame
}: FieldProps & {
  value: string
  onChange: (value: string) => void
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
      control={(props) => (
        <input
          {...props}
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
