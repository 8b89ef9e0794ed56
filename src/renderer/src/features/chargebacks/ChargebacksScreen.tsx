import { useEffect, useState } from 'react'
import { useStore } from 'zustand'
import type { StoreApi } from 'zustand/vanilla'
import { formatMoment } from '../../../../shared/dates'
import type { ChargebackRow } from '../../../../shared/ipc/chargebacks'
import { formatAmountForDisplay } from '../../../../shared/money'
import { chargebackAdvice, chargebackReasonWords } from '../../../../shared/story/chargeback-words'
import { methodName } from '../../../../shared/story/words'
import { useAppStore } from '../../stores/window-stores'
import type { ChargebacksState } from '../../stores/chargebacks-store'
import { newChargebacksStore } from '../../stores/view-stores'
import { userLocale } from '../../lib/format'
import './chargebacks.css'

/**
 * The chargebacks workspace (issue 49 item 4): the account's chargebacks, open first, newest first,
 * each with its reason in words, amount, date, reversed or not, its payment and customer, what it
 * means, what can be done next and by when, and the fee where documented.
 */
export function ChargebacksScreen(): React.JSX.Element {
  const [store] = useState<StoreApi<ChargebacksState>>(newChargebacksStore)
  const state = useStore(store)
  const navigate = useAppStore((s) => s.navigate)
  useEffect(() => {
    void store.getState().load()
  }, [store])
  const rows = state.view?.rows ?? []
  const open = rows.filter((r) => !r.reversedAt).length
  return (
    <section className="screen chargebacks" aria-labelledby="chargebacks-title" data-testid="chargebacks-screen">
      <header className="screen-header">
        <h1 id="chargebacks-title">Chargebacks</h1>
        <button
          type="button"
          className="btn btn-small"
          onClick={() => void store.getState().load()}
          disabled={state.loading}
        >
          {state.loading ? 'Reading…' : 'Read again'}
        </button>
      </header>
      {state.error && (
        <p className="banner banner-error" role="alert">
          Could not read the chargebacks: {state.error.message}
        </p>
      )}
      {state.view && (
        <p className="muted" data-testid="chargebacks-summary">
          {open} open, {rows.length - open} reversed{state.view.more ? ' (the newest 1,000 are shown)' : ''}.
        </p>
      )}
      <ul className="chargeback-list" data-testid="chargebacks-list">
        {rows.map((row) => (
          <ChargebackItem
            key={row.id}
            row={row}
            onOpen={() => navigate({ screen: 'payments', paymentId: row.paymentId })}
          />
        ))}
      </ul>
    </section>
  )
}

function ChargebackItem({ row, onOpen }: { row: ChargebackRow; onOpen: () => void }): React.JSX.Element {
  const words = { locale: userLocale() }
  const advice = chargebackAdvice(row, row.method, words)
  return (
    <li
      className={`chargeback-item ${row.reversedAt ? 'chargeback-reversed' : 'chargeback-open'}`}
      data-testid={`chargeback-${row.id}`}
    >
      <h2 className="chargeback-head">
        <span className={row.reversedAt ? 'badge pay-status-canceled' : 'badge pay-status-failed'}>
          {row.reversedAt ? 'Reversed' : 'Open'}
        </span>{' '}
        {formatAmountForDisplay(row.amount, words.locale)} taken back on {formatMoment(row.createdAt, 'date', words)}
      </h2>
      <p>
        Why: {chargebackReasonWords(row.reason)}. {row.customer ?? 'Customer not named'}
        {row.method ? ` · paid with ${methodName(row.method)}` : ''}
        {row.paymentDescription ? ` · “${row.paymentDescription}”` : ''}
      </p>
      <p data-testid="chargeback-meaning">{advice.meaning}</p>
      <p data-testid="chargeback-next">
        <strong>Next:</strong> {advice.next}
      </p>
      {advice.fee && <p className="muted">Fee: {advice.fee}.</p>}
      <div className="toolbar">
        <button type="button" className="btn btn-small" onClick={onOpen}>
          Open payment {row.paymentId}
        </button>
      </div>
    </li>
  )
}
