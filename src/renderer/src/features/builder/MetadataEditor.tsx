import { METADATA_MAX_BYTES, metadataByteLength, type RuleViolation } from '../../../../shared/order-rules'
import type { Highlight } from '../../stores/builder-store'
import { controlIdOf } from '../../../../shared/order-builder'
import { errorIdOf, FieldMessages, inputClass, isHighlighted } from './FormControls'

/** Size of the metadata as the service counts it (JSON, UTF-8), or null while it does not parse. */
function sizeOf(text: string): number | null {
  if (text.trim() === '') return 0
  try {
    return metadataByteLength(JSON.parse(text) as unknown)
  } catch {
    return null
  }
}

/** A JSON editor for `metadata` (spec 2.2: about 1 kB); parse errors come through the form errors. */
export function MetadataEditor({
  path,
  label,
  value,
  onChange,
  errors,
  highlight,
}: {
  path: string
  label: string
  value: string
  onChange(value: string): void
  errors: readonly RuleViolation[] | undefined
  highlight: Highlight | null
}): React.JSX.Element {
  const id = controlIdOf(path)
  const size = sizeOf(value)
  const invalid = (errors?.length ?? 0) > 0 || isHighlighted(path, highlight)
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      <textarea
        id={id}
        className={inputClass(path, highlight)}
        rows={3}
        spellCheck={false}
        value={value}
        aria-invalid={invalid}
        aria-describedby={invalid ? errorIdOf(path) : `${id}-size`}
        onChange={(e) => onChange(e.target.value)}
        data-testid={`field-${path}`}
      />
      <div className="field-hint" id={`${id}-size`}>
        {size === null
          ? 'Not valid JSON yet.'
          : `${size} of about ${METADATA_MAX_BYTES} bytes as JSON. A plain text must be written in quotes.`}
      </div>
      <FieldMessages path={path} errors={errors} highlight={highlight} />
    </div>
  )
}
