import { useMemo } from 'react'
import type { RequestLogSummary, StatusClass } from '../../../../shared/request-log-types'
import { useInspectorStore } from '../../app-stores'
import { ChoiceSelect } from '../../components/ChoiceSelect'
import { fromDateTimeLocal, toDateTimeLocal } from '../../../../shared/dates'
import { TextInput } from '../../components/TextInput'

const STATUS_CLASSES: { value: StatusClass | 'all'; label: string }[] = [
  { value: 'all', label: 'Any status' },
  { value: '2xx', label: '2xx success' },
  { value: '4xx', label: '4xx client error' },
  { value: '5xx', label: '5xx server error' },
  { value: 'network', label: 'No response' },
  { value: 'pending', label: 'Retrying' },
]

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
        {STATUS_CLASSES.map((s) => (
          <option key={s.value} value={s.value}>
            {s.label}
          </option>
        ))}
      </select>
      <ChoiceSelect
        label="Method"
        anyLabel="Any method"
        value={filter.method ?? ''}
        choices={methods}
        onChange={(method) => setFilter({ method: method || undefined })}
        testId="filter-method"
      />
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
      <ChoiceSelect
        label="Connection"
        anyLabel="Any connection"
        value={filter.connectionId ?? ''}
        choices={connections}
        onChange={(connectionId) => setFilter({ connectionId: connectionId || undefined })}
        testId="filter-connection"
      />
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
      <ChoiceSelect
        label="Case id"
        anyLabel="Any case id"
        value={filter.tag ?? ''}
        choices={tags}
        onChange={(tag) => setFilter({ tag: tag || undefined })}
        testId="filter-tag"
      />
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
