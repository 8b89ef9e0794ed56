/**
 * A filter's drop-down: "Any …" (the empty value) first, then one option per choice. The value given
 * back is '' for "any".
 */
export function ChoiceSelect(props: {
  label: string
  anyLabel: string
  value: string
  choices: readonly (string | readonly [value: string, label: string])[]
  onChange: (value: string) => void
  testId?: string
}): React.JSX.Element {
  const { label, anyLabel, value, choices, onChange, testId } = props
  return (
    <select
      className="input"
      aria-label={label}
      value={value}
      onChange={(e) => onChange(e.target.value)}
      data-testid={testId}
    >
      <option value="">{anyLabel}</option>
      {choices.map((choice) => {
        const [v, text] = typeof choice === 'string' ? [choice, choice] : choice
        return (
          <option key={v} value={v}>
            {text}
          </option>
        )
      })}
    </select>
  )
}
