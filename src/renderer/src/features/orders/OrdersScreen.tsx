import { useEffect, useMemo, useRef, useState } from 'react'
import { formTargetOf, ruleContextFor } from '../../../../shared/order-builder'
import { useAppStore } from '../../stores/app-store'
import { credentialOf, type SaveState } from '../../stores/orders-store'
import { useOrders } from './builder-context'
import { CreateBar, CreateError } from './CreateBar'
import { deriveBuilder } from './derive'
import { controlIdOf } from './field-map'
import { DraftsPanel } from './DraftsPanel'
import { OrderForm, PaymentForm } from './OrderForm'
import { OrderResult } from './OrderResult'
import { RequestPreview } from './RequestPreview'
import './orders.css'

const SAVE_TEXT: Record<SaveState, string> = {
  idle: 'Not saved yet',
  pending: 'Editing…',
  saving: 'Saving…',
  saved: 'Saved (encrypted)',
  error: 'Not saved',
}

/** The "today" of the rules (UTC, like the service): refreshed when the date changes. */
function useUtcToday(): string {
  const [today, setToday] = useState(() => new Date().toISOString().slice(0, 10))
  useEffect(() => {
    const timer = setInterval(() => setToday(new Date().toISOString().slice(0, 10)), 60_000)
    return () => clearInterval(timer)
  }, [])
  return today
}

export function OrdersScreen(): React.JSX.Element {
  const store = useOrders((s) => s)
  const { content, connection, highlight, archived, sending, result, error } = store
  const start = store.start
  const focusField = store.focusField
  const pendingFocus = useAppStore((s) => s.pendingFocus)
  const takeFocus = useAppStore((s) => s.takeFocus)
  const today = useUtcToday()

  useEffect(() => start(), [start])

  // A field to show, sent from the Inspector (a 422's `field`): same mapping as our own errors.
  useEffect(() => {
    if (pendingFocus?.screen !== 'orders') return
    const request = takeFocus('orders')
    if (request) focusField(request.field)
  }, [pendingFocus, takeFocus, focusField])

  const credential = useMemo(() => credentialOf(connection), [connection])
  const ctx = useMemo(() => ruleContextFor(credential, new Date(`${today}T12:00:00Z`)), [credential, today])
  const state = useMemo(() => deriveBuilder(content, credential, ctx), [content, credential, ctx])

  // Messages under a control appear once the agent has been in that field or pressed Create, never on
  // a fresh form (issue 13 item 6). Per draft: another draft starts fresh.
  const [touched, setTouched] = useState<ReadonlySet<string>>(() => new Set())
  const [attempted, setAttempted] = useState(false)
  const shownDraft = useRef(store.draftId)
  useEffect(() => {
    const previous = shownDraft.current
    shownDraft.current = store.draftId
    // The first save of a new draft gives it an id: still the same draft.
    if (previous !== null && previous !== store.draftId) {
      setTouched(new Set())
      setAttempted(false)
    }
  }, [store.draftId])
  useEffect(() => {
    if (content.kind) {
      setTouched(new Set())
      setAttempted(false)
    }
  }, [content.kind])
  const shownState = useMemo(() => {
    if (attempted) return state
    const formErrors: typeof state.formErrors = {}
    for (const [path, errors] of Object.entries(state.formErrors)) {
      if (touched.has(controlIdOf(path))) formErrors[path] = errors
    }
    return { ...state, formErrors }
  }, [state, touched, attempted])
  // The summary by the Create button names the problems of touched fields (all of them after Create);
  // the rest it only counts.
  const shownViolations = useMemo(
    () =>
      attempted
        ? state.violations
        : state.violations.filter((v) => {
            const target = formTargetOf(v.field, content)
            return target !== null && touched.has(target.controlId)
          }),
    [state.violations, attempted, touched, content],
  )

  // Scroll to and focus the highlighted control once it is rendered (its line details may have just opened).
  useEffect(() => {
    if (!highlight) return
    const frame = requestAnimationFrame(() => {
      const el = document.getElementById(highlight.target.controlId)
      if (!el) return
      el.scrollIntoView({ block: 'center' })
      el.focus({ preventScroll: true })
    })
    return () => cancelAnimationFrame(frame)
  }, [highlight])

  function requestCreate(options: { sendAnyway?: boolean; newIdempotencyKey?: boolean } = {}): void {
    if (sending || archived) return
    setAttempted(true)
    if (state.violations.length > 0 && !(options.sendAnyway && state.onlyOverrides)) {
      const first = state.violations[0]!
      focusField(first.field, first.message)
      return
    }
    // On a live connection main asks the user in its own dialog before anything is sent.
    void store.create({ newIdempotencyKey: options.newIdempotencyKey })
  }

  // Ctrl+Enter creates from anywhere on this screen (also when focus is on the page itself).
  const createRef = useRef(requestCreate)
  createRef.current = requestCreate
  useEffect(() => {
    function onKey(e: KeyboardEvent): void {
      if ((e.ctrlKey || e.metaKey) && !e.altKey && e.key === 'Enter') {
        e.preventDefault()
        createRef.current()
      }
    }
    window.addEventListener('keydown', onKey)
    return () => window.removeEventListener('keydown', onKey)
  }, [])

  const disabled = sending || archived !== null
  const Form = content.kind === 'order' ? OrderForm : PaymentForm
  return (
    <section className="screen pd-orders" aria-labelledby="orders-title">
      <header className="screen-header pd-header">
        <h1 id="orders-title">Orders</h1>
        <div className="pd-tabs" role="tablist" aria-label="What to create">
          {(['order', 'payment'] as const).map((k) => (
            <button
              key={k}
              type="button"
              role="tab"
              aria-selected={content.kind === k}
              className={`btn btn-small${content.kind === k ? ' btn-primary' : ''}`}
              onClick={() => {
                if (content.kind !== k) void store.newDraft(k)
              }}
              data-testid={`tab-${k}`}
            >
              {k === 'order' ? 'Order' : 'Payment'}
            </button>
          ))}
        </div>
        <span className="pd-draft-title" data-testid="draft-name">
          {store.draftName || 'New draft'}
        </span>
        <span
          className={`field-hint${store.saveState === 'error' ? ' error' : ''}`}
          role="status"
          data-testid="save-state"
        >
          {SAVE_TEXT[store.saveState]}
          {store.saveError ? `: ${store.saveError}` : ''}
        </span>
        {connection && (
          <span className={`badge ${connection.isLive ? 'badge-live' : 'badge-info'}`} data-testid="orders-connection">
            {connection.label} · {connection.isLive ? 'LIVE' : 'test'}
          </span>
        )}
      </header>
      {store.connectionError && (
        <div className="banner banner-error" role="alert">
          The active connection could not be read: {store.connectionError}. Check the Connections screen.
        </div>
      )}
      <div className="pd-layout">
        <div className="pd-main">
          {!store.ready && <span className="spinner" aria-label="Loading the builder" />}
          {result ? (
            <OrderResult result={result} />
          ) : (
            <>
              {archived && (
                <div className="banner banner-ok" role="status" data-testid="archived-banner">
                  This draft created <span className="mono">{archived.orderId ?? archived.paymentId}</span> and is kept
                  read-only.{' '}
                  <button type="button" className="btn btn-small" onClick={() => void store.createAnother()}>
                    Create another like this
                  </button>
                </div>
              )}
              <fieldset
                className="pd-form"
                disabled={disabled}
                aria-busy={sending}
                // Autosave also when leaving a field, not only after the typing pause; the field left
                // counts as touched, so its messages show from now on.
                onBlur={(event) => {
                  const id = (event.target as HTMLElement).id
                  if (id && !touched.has(id)) setTouched(new Set(touched).add(id))
                  void store.flush()
                }}
              >
                <legend className="visually-hidden">{content.kind === 'order' ? 'Order' : 'Payment'} details</legend>
                <Form
                  content={content}
                  state={shownState}
                  connection={connection}
                  highlight={highlight}
                  expanded={store.expanded}
                  disabled={disabled}
                />
              </fieldset>
              {state.unmapped.length > 0 && (
                <div className="banner banner-warn" role="status">
                  {state.unmapped.map((v, i) => (
                    <div key={i}>
                      <span className="mono">{v.field || 'body'}</span>: {v.message}
                    </div>
                  ))}
                </div>
              )}
              {error && (
                <CreateError
                  error={error}
                  kind={content.kind}
                  onRetry={(o) => requestCreate({ ...o, sendAnyway: true })}
                />
              )}
              {!archived && (
                <CreateBar
                  kind={content.kind}
                  violations={shownViolations}
                  untouched={state.violations.length - shownViolations.length}
                  onlyOverrides={state.onlyOverrides}
                  sending={sending}
                  disabled={disabled}
                  onCreate={requestCreate}
                />
              )}
            </>
          )}
        </div>
        <div className="pd-side">
          <RequestPreview
            kind={content.kind}
            json={state.previewJson}
            embed={state.built.embed}
            idempotencyKey={store.idempotencyKey}
          />
          <DraftsPanel />
        </div>
      </div>
    </section>
  )
}
