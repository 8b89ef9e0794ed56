import { useEffect, useState } from 'react'
import { useStore } from 'zustand'
import { formatMoment } from '../../../../shared/dates'
import type { CaseState, RecordObjectRef } from '../../../../shared/team-record'
import { useAppStore } from '../../stores/window-stores'
import type { FocusRequest } from '../../stores/app-store'
import { newCasesStore } from '../../stores/view-stores'
import './team.css'

const KIND_WORDS: Record<RecordObjectRef['kind'], string> = { payment: 'Payment', order: 'Order', customer: 'Customer' }

/** Where an object of the record opens: a payment in the payments list, an order or a customer in its view. */
export function openRequestOf(object: RecordObjectRef): FocusRequest {
  if (object.kind === 'payment') return { screen: 'payments', paymentId: object.id }
  if (object.kind === 'order') return { screen: 'order', orderId: object.id }
  return { screen: 'customer', customerId: object.id }
}

/** Home: the agent's open cases and the team's, each opening its payment, order or customer. */
export function TeamCases(): React.JSX.Element {
  const [store] = useState(newCasesStore)
  useEffect(() => {
    void store.getState().load()
    return () => store.getState().dispose()
  }, [store])
  const { mine, team, me, loaded, error } = useStore(store)
  const others = team.filter((c) => c.owner !== me)
  return (
    <>
      <article className="card" aria-labelledby="cases-mine-title">
        <h2 id="cases-mine-title">My open cases</h2>
        <CaseList
          cases={mine}
          loaded={loaded}
          error={error}
          empty="You hold no open case."
          testId="cases-mine"
          me={me}
        />
      </article>
      <article className="card" aria-labelledby="cases-team-title">
        <h2 id="cases-team-title">The team’s open cases</h2>
        <CaseList
          cases={others}
          loaded={loaded}
          error={error}
          empty="No colleague holds an open case."
          testId="cases-team"
          me={me}
        />
      </article>
    </>
  )
}

function CaseList(props: {
  cases: CaseState[]
  loaded: boolean
  error: string | null
  empty: string
  testId: string
  me: string | null
}): React.JSX.Element {
  const navigate = useAppStore((s) => s.navigate)
  if (props.error) return <p className="error">The cases could not be read: {props.error}</p>
  if (!props.loaded) return <p className="muted">Loading…</p>
  if (props.cases.length === 0)
    return (
      <p className="muted" data-testid={`${props.testId}-empty`}>
        {props.empty}
      </p>
    )
  return (
    <ul className="plain-list team-cases" data-testid={props.testId}>
      {props.cases.map((c) => (
        <li key={`${c.object.kind}-${c.object.id}`}>
          <button type="button" className="link-button" onClick={() => navigate(openRequestOf(c.object))}>
            {KIND_WORDS[c.object.kind]} <span className="mono">{c.object.id}</span>
          </button>{' '}
          <span className="muted">
            {c.owner !== props.me && c.owner ? `${c.owner} · ` : ''}
            {c.ticket ? `ticket ${c.ticket} · ` : ''}
            {formatMoment(c.changedAt, 'day-time')}
          </span>
        </li>
      ))}
    </ul>
  )
}
