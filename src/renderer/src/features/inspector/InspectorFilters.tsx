import { useMemo } from 'react'
import type { RequestLogSummary, StatusClass } from '../../../../shared/request-log-types'
import { useInspectorStore } from '../../stores/window-stores'
import { ChoiceSelect } from '../../components/ChoiceSelect'
import { fromDateTimeLocal, toDateTimeLocal } from '../../../../shared/dates'
import { TextInput } from '../../components/TextInput'

/** The status classes the filter offers, in the order shown (none for 3xx). */
const STATUS_CLASS_LABELS: Record<Exclude<StatusClass, '3xx'> | 'all', string> = {
  all: 'Any status',
  '2xx': '2xx success',
  '4xx': '4xx client error',
  '5xx': '5xx server error',
  network: 'No response',
  pending: 'Retrying',
}

/** A drop-down bound to one filter field: "Any <label>" clears the field. */
function FilterChoice(props: {
  field: 'method' | 'connectionId' | 'tag'
  label: string
  choices: readonly (string | readonly [value: string, label: string])[]
  testId: string
}): React.JSX.Element {
  const { field, label } = props
  const value = useInspectorStore((s) => s.filter[field] ?? '')
  const setFilter = useInspectorStore((s) => s.setFilter)
  return (
    <ChoiceSelect
      label={label}
      anyLabel={`Any ${label.toLowerCase()}`}
      value={value}
      choices={props.choices}
      onChange={(chosen) => setFilter({ [field]: chosen || undefined })}
      testId={props.testId}
    />
  )
}

export function InspectorFilters({ rows }: { rows: RequestLogSummary[] }): React.JSX.Element {
  const filter = useInspectorStore((s) => s.filter)
  const setFilter = useInspectorStore((s) => s.setFilter)
  const resetFilter = useInspectorStore((s) => s.resetFilter)
  const bodyText = useInspectorStore((s) => s.bodyText)
  const setBodyText = useInspectorStore((s) => s.setBodyText)
  const bodySearching = useInspectorStore((s) => s.bodySearching)
  const bodyError = useInspectorStore((s) => s.bodyError)

  // Choices come from the log itself, so every option matches something.
  const { methods, connections, tags } = useMemo(() => {
    const m = new Set<string>()
    const c = new Map<string, string>()
    const t = new Set<string>()
    for (const r of rows) {
      m.add(r.method)
      c.set(r.connectionId, r.connectionLabel)
      for (const tag of r.tags) t.add(tag)
    }
    return { methods: [...m].sort(), connections: [...c].sort((a, b) => a[1].localeCompare(b[1])), tags: [...t].sort() }
  }, [rows])

  return (
    <div className="toolbar rl-filters" role="search" aria-label="Filter requests">
      <label className="rl-check">
        <input
          type="checkbox"
          checked={!!filter.errorsOnly}
          onChange={(e) => setFilter({ errorsOnly: e.target.checked })}
          data-testid="filter-errors"
        />
        Errors only
      </label>
      <select
        className="input"
        aria-label="Status class"
        value={filter.statusClass ?? 'all'}
        onChange={(e) => setFilter({ statusClass: e.target.value as StatusClass | 'all' })}
        data-testid="filter-status"
      >
        {Object.entries(STATUS_CLASS_LABELS).map(([value, label]) => (
          <option key={value} value={value}>
            {label}
          </option>
        ))}
      </select>
      <FilterChoice field="method" label="Method" choices={methods} testId="filter-method" />
      <input
        className="input rl-path"
        type="search"
        placeholder="Path contains…"
        aria-label="Path contains"
        value={filter.pathText ?? ''}
        maxLength={200}
        onChange={(e) => setFilter({ pathText: e.target.value })}
        data-testid="filter-path"
      />
      <FilterChoice field="connectionId" label="Connection" choices={connections} testId="filter-connection" />
      {(['from', 'to'] as const).map((end) => (
        <label key={end} className="rl-range">
          {end === 'from' ? 'From' : 'To'}
          <input
            className="input"
            type="datetime-local"
            step={1}
            value={toDateTimeLocal(filter[end])}
            onChange={(e) => setFilter({ [end]: fromDateTimeLocal(e.target.value) })}
            data-testid={`filter-${end}`}
          />
        </label>
      ))}
      <TextInput
        className="input rl-body"
        type="search"
        label="Search bodies and headers"
        placeholder="Search bodies and headers…"
        value={bodyText}
        maxLength={500}
        onChange={setBodyText}
        testId="filter-body"
      />
      {bodySearching && <span className="spinner" aria-label="Searching" />}
      <FilterChoice field="tag" label="Case id" choices={tags} testId="filter-tag" />
      <button type="button" className="btn btn-small" onClick={resetFilter} data-testid="filter-reset">
        Clear filters
      </button>
      {bodyError && (
        <span className="field-error" role="alert">
          Body search failed: {bodyError}
        </span>
      )}
    </div>
  )
}
