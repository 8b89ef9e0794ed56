import { PAYMENT_METHODS } from '../../../../shared/api-types'
import { controlIdOf, METHOD_MODES, type DraftContent, type MethodMode } from '../../../../shared/order-builder'
import type { RuleViolation } from '../../../../shared/order-rules'
import type { Highlight } from '../../stores/builder-store'
import { errorIdOf, FieldMessages, inputClass, isHighlighted } from './FormControls'

const MODE_LABELS: Record<MethodMode, string> = {
  none: 'Customer chooses',
  one: 'One method',
  several: 'Restrict to several',
}

/** `method` (spec 2.2): absent, one method (skips the choice), or an array (restricts it). */
export function MethodPicker({
  content,
  onChange,
  errors,
  highlight,
}: {
  content: Pick<DraftContent, 'methodMode' | 'methods'>
  onChange(patch: Partial<Pick<DraftContent, 'methodMode' | 'methods'>>): void
  errors: readonly RuleViolation[] | undefined
  highlight: Highlight | null
}): React.JSX.Element {
  const id = controlIdOf('method')
  const invalid = (errors?.length ?? 0) > 0 || isHighlighted('method', highlight)
  return (
    <fieldset className="field pd-method" aria-describedby={invalid ? errorIdOf('method') : undefined}>
      <legend className="field-label">Method</legend>
      <div className="pd-radios" role="radiogroup" aria-label="How the method is chosen">
        {METHOD_MODES.map((mode) => (
          <label key={mode}>
            <input
              type="radio"
              name="pd-method-mode"
              value={mode}
              checked={content.methodMode === mode}
              onChange={() =>
                onChange({ methodMode: mode, methods: mode === 'one' ? content.methods.slice(0, 1) : content.methods })
              }
              data-testid={`method-mode-${mode}`}
            />{' '}
            {MODE_LABELS[mode]}
          </label>
        ))}
      </div>
      {content.methodMode === 'one' && (
        <select
          id={id}
          aria-label="Payment method"
          className={inputClass('method', highlight)}
          aria-invalid={invalid}
          value={content.methods[0] ?? ''}
          onChange={(e) => onChange({ methods: e.target.value ? [e.target.value] : [] })}
          data-testid="field-method"
        >
          <option value="">Choose…</option>
          {PAYMENT_METHODS.map((m) => (
            <option key={m} value={m}>
              {m}
            </option>
          ))}
        </select>
      )}
      {content.methodMode === 'several' && (
        <div id={id} tabIndex={-1} className={`pd-method-list${invalid ? ' invalid' : ''}`} data-testid="field-method">
          {PAYMENT_METHODS.map((m) => (
            <label key={m}>
              <input
                type="checkbox"
                checked={content.methods.includes(m)}
                onChange={(e) =>
                  onChange({
                    methods: e.target.checked
                      ? PAYMENT_METHODS.filter((x) => x === m || content.methods.includes(x))
                      : content.methods.filter((x) => x !== m),
                  })
                }
              />{' '}
              {m}
            </label>
          ))}
        </div>
      )}
      {content.methodMode === 'none' && (
        <span id={id} tabIndex={-1} className="field-hint">
          The checkout shows every available method.
        </span>
      )}
      <FieldMessages path="method" errors={errors} highlight={highlight} />
    </fieldset>
  )
}
