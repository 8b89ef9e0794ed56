import { useEffect, useState } from 'react'
import { useStore } from 'zustand'
import type { StoreApi } from 'zustand/vanilla'
import { formatMoment } from '../../../../shared/dates'
import { formatAmountForDisplay } from '../../../../shared/money'
import type { WriteRequestView } from '../../../../shared/ipc/requests'
import { useAppStore } from '../../stores/window-stores'
import type { RequestsState } from '../../stores/requests-store'
import { newRequestsStore } from '../../stores/view-stores'
import { openRequestOf } from './TeamCases'

/**
 * Home in team mode (issue 51): "Waiting for your approval" (a lead approves, or refuses with a
 * reason, a colleague's refund above their limit) and the agent's own refund requests with where each
 * stands. Shown only where refunds go through the team runner.
 */
export function RefundRequests(): React.JSX.Element | null {
  const [store] = useState(newRequestsStore)
  useEffect(() => {
    void store.getState().load()
    return () => store.getState().dispose()
  }, [store])
  const { view, error } = useStore(store)
  if (error) return <p className="error">The refund requests could not be read: {error}</p>
  if (!view?.teamMode) return null
  return (
    <>
      {view.waitingForMe.length > 0 ? (
        <article className="card" aria-labelledby="approvals-title">
          <h2 id="approvals-title">Waiting for your approval</h2>
          {!view.runnerOnline && (
            <p className="muted">The team runner is not running: what you approve is sent once it is back.</p>
          )}
          <ul className="plain-list" data-testid="approvals">
            {view.waitingForMe.map((r) => (
              <Approval key={r.id} request={r} store={store} />
            ))}
          </ul>
        </article>
      ) : null}
      <Told store={store} />
      {view.mine.length > 0 && (
        <article className="card" aria-labelledby="my-requests-title">
          <h2 id="my-requests-title">My refund requests</h2>
          <ul className="plain-list" data-testid="my-requests">
            {view.mine.map((r) => (
              <li key={r.id} data-state={r.state}>
                <RequestLine request={r} /> <span>{r.words}</span>
              </li>
            ))}
          </ul>
        </article>
      )}
    </>
  )
}

function Told({ store }: { store: StoreApi<RequestsState> }): React.JSX.Element | null {
  const { told, decisionError } = useStore(store)
  if (decisionError)
    return (
      <p className="error" role="alert">
        {decisionError.message}
      </p>
    )
  if (told) return <p role="status">{told}</p>
  return null
}

function RequestLine({ request }: { request: WriteRequestView }): React.JSX.Element {
  const navigate = useAppStore((s) => s.navigate)
  return (
    <>
      <button
        type="button"
        className="link-button"
        onClick={() => navigate(openRequestOf({ kind: 'payment', id: request.paymentId }))}
      >
        Refund of {formatAmountForDisplay(request.amount)} on <span className="mono">{request.paymentId}</span>
      </button>{' '}
      <span className="muted">
        {formatMoment(request.requestedAt, 'day-time')}
        {request.ticket ? `, ticket ${request.ticket}` : ''}
      </span>
    </>
  )
}

function Approval({ request, store }: { request: WriteRequestView; store: StoreApi<RequestsState> }) {
  const busy = useStore(store, (s) => s.busy)
  const [refusing, setRefusing] = useState(false)
  const [reason, setReason] = useState('')
  return (
    <li data-request={request.id}>
      <span>{request.requestedBy} asks: </span>
      <RequestLine request={request} />
      {request.reason ? <span className="muted"> — “{request.reason}”</span> : null}{' '}
      {refusing ? (
        <form
          className="inline-form"
          onSubmit={(e) => {
            e.preventDefault()
            if (reason.trim()) void store.getState().refuse(request.id, reason.trim())
          }}
        >
          <label>
            Why not?{' '}
            <input
              className="input"
              autoFocus
              value={reason}
              maxLength={500}
              onChange={(e) => setReason(e.target.value)}
              onKeyDown={(e) => {
                if (e.key === 'Escape') setRefusing(false)
              }}
            />
          </label>{' '}
          <button type="submit" className="btn btn-small btn-danger" disabled={busy || reason.trim() === ''}>
            Refuse
          </button>{' '}
          <button type="button" className="btn btn-small" onClick={() => setRefusing(false)}>
            Back
          </button>
        </form>
      ) : (
        <>
          <button
            type="button"
            className="btn btn-small btn-primary"
            disabled={busy}
            onClick={() => void store.getState().approve(request.id)}
          >
            Approve
          </button>{' '}
          <button type="button" className="btn btn-small" disabled={busy} onClick={() => setRefusing(true)}>
            Refuse…
          </button>
        </>
      )}
    </li>
  )
}
