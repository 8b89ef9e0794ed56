/** A line of feedback (a notice, an error) with its live-region role; nothing when there is no text. */
export function Message(props: {
  text: string | null | undefined
  className: string
  role: 'status' | 'alert'
}): React.JSX.Element | null {
  if (!props.text) return null
  return (
    <div className={props.className} role={props.role}>
      {props.text}
    </div>
  )
}
