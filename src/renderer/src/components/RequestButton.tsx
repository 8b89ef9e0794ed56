import { useAppStore } from '../stores/window-stores'

/** Opens the Inspector on one recorded request; disabled while there is none to show. */
export function RequestButton(props: {
  requestId: string | null | undefined
  children: React.ReactNode
  className?: string
  title?: string
  testId?: string
}): React.JSX.Element {
  const navigate = useAppStore((s) => s.navigate)
  const { requestId } = props
  return (
    <button
      type="button"
      className={props.className ?? 'btn btn-small'}
      disabled={!requestId}
      title={props.title}
      onClick={() => requestId && navigate({ screen: 'inspector', entryId: requestId })}
      data-testid={props.testId}
    >
      {props.children}
    </button>
  )
}
