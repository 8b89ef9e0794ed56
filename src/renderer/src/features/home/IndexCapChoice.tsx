import { useId } from 'react'
import type { IndexFreshness } from '../../../../shared/ipc/search'
import { PAYMENT_CAP_CHOICES, type PaymentCap } from '../../../../shared/search/index-cap'
import { formatCount } from '../../../../shared/count'

/**
 * How many payments this connection's index keeps (issue 46 item 8): the agent's choice, since a
 * merchant with a million payments needs a larger index than the default, at a cost in disk and memory.
 */
export function IndexCapChoice(props: {
  index: IndexFreshness
  onChoose: (payments: PaymentCap) => void
}): React.JSX.Element {
  const id = useId()
  const current = props.index.cap.payments
  // A cap set outside the choices (a test's, or an older version's) is shown as it is.
  const options = [...new Set<number>([...PAYMENT_CAP_CHOICES, current])].sort((a, b) => a - b)
  return (
    <div className="home-cap" data-testid="index-cap">
      <label htmlFor={id}>Keep the newest</label>{' '}
      <select
        id={id}
        value={current}
        onChange={(event) => {
          const chosen = PAYMENT_CAP_CHOICES.find((n) => n === Number(event.target.value))
          if (chosen !== undefined) props.onChoose(chosen)
        }}
      >
        {options.map((n) => (
          <option key={n} value={n}>
            {formatCount(n)}
          </option>
        ))}
      </select>{' '}
      payments in this desk&apos;s search.
      <p className="muted small">
        {CAP_COST} {props.index.keptSince.payments ? 'Older payments are found by their id or in Payments.' : ''}
      </p>
    </div>
  )
}

/** What a larger index costs, as measured by bench/index-scale.bench.ts (docs/PERFORMANCE.md, "bench/index-scale.bench.ts"). */
const CAP_COST =
  'A larger index takes more disk and memory and opens more slowly when Paydesk starts: at 1,000,000 payments ' +
  'about 0.5 GB of disk and 1.2 GB of memory (at 250,000: 0.15 GB and 0.6 GB).'
