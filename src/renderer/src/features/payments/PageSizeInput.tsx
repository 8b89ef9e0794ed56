import { useState } from 'react'
import { DEFAULT_PAGE_SIZE, MAX_PAGE_SIZE } from '../../../../shared/api-types'
import { parsePageSize } from './page-size'

const SUGGESTED = [10, 25, 50, 100, MAX_PAGE_SIZE]

/** Page size 1–MAX_PAGE_SIZE, applied on Enter or when the field loses focus; empty means the service default. */
export function PageSizeInput({
  value,
  onApply,
}: {
  value: number | null
  onApply: (size: number | null) => void
}): React.JSX.Element {
  const [draft, setDraft] = useState<string | null>(null)
  const text = draft ?? (value === null ? '' : String(value))
  const parsed = parsePageSize(text)
  const apply = () => {
    if (draft === null) return
    if (parsed.ok && parsed.value !== value) onApply(parsed.value)
    if (parsed.ok) setDraft(null)
  }
  return (
    <label className="pay-inline">
      Page size
      <input
        className={parsed.ok ? 'input pay-size' : 'input pay-size field-invalid'}
        inputMode="numeric"
        list="pay-page-sizes"
        placeholder={`${DEFAULT_PAGE_SIZE} (default)`}
        aria-invalid={!parsed.ok}
        title={`1 to ${MAX_PAGE_SIZE}; empty for the service's default`}
        value={text}
        onChange={(e) => setDraft(e.target.value)}
        onBlur={apply}
        onKeyDown={(e) => {
          if (e.key === 'Enter') {
            e.preventDefault()
            apply()
          }
        }}
        data-testid="page-size"
      />
      <datalist id="pay-page-sizes">
        {SUGGESTED.map((n) => (
          <option key={n} value={n} />
        ))}
      </datalist>
      {!parsed.ok && (
        <span className="field-error" role="alert">
          1–{MAX_PAGE_SIZE}
        </span>
      )}
    </label>
  )
}
