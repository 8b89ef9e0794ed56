// One text box the screens share: labelled for assistive tech by its label (which is also its
// placeholder unless one is given), bounded in length, and answering with the text typed.
import type { Ref } from 'react'

interface TextInputProps {
  label: string
  placeholder?: string
  value: string
  maxLength: number
  onChange: (value: string) => void
  className: string
  testId: string
  type?: 'text' | 'search'
  inputRef?: Ref<HTMLInputElement>
  onKeyDown?: (event: React.KeyboardEvent<HTMLInputElement>) => void
}

export function TextInput(props: TextInputProps): React.JSX.Element {
  return (
    <input
      ref={props.inputRef}
      className={props.className}
      type={props.type}
      placeholder={props.placeholder ?? props.label}
      aria-label={props.label}
      value={props.value}
      maxLength={props.maxLength}
      onChange={(e) => props.onChange(e.target.value)}
      onKeyDown={props.onKeyDown}
      data-testid={props.testId}
    />
  )
}
