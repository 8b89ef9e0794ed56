import { useEffect, useMemo, useRef, useState, useSyncExternalStore } from 'react'
import { formTargetOf, ruleContextFor } from '../../../../shared/order-builder'
import { useAppStore } from '../../app-stores'
import { credentialOf, type SaveState } from '../../stores/orders-store'
import { useBuilderStores, useDrafts, useOrders } from './builder-context'
import { CreateBar, CreateError } from './CreateBar'
import { deriveBuilder } from './derive'
import { controlIdOf } from './field-map'
import { ApiDetailsShown } from './FormControls'
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

/** At this window width and wider, the request preview and the drafts sit beside the form. */
const SIDE_PANEL_QUERY = '(min-width: 1280px)'

function useMediaQuery(query: string): boolean {
  return useSyncExternalStore(
    (onChange) => {
      const list = window.matchMedia(query)
      list.addEventListener('change', onChange)
      return () => list.removeEventListener('change', onChange)
    },
    () => window.matchMedia(query).matches,
  )
}

type NarrowView = 'form' | 'preview' | 'drafts'
const NARROW_VIEWS: { id: NarrowView; label: string }[] = [
  { id: 'form', label: 'Form' },
  { id: 'preview', label: 'Request preview' },
  { id: 'drafts', label: 'Drafts' },
]

/** What the Order/Payment switch did to the draft, with Undo (never silent). */
function KindSwitchBanner(): React.JSX.Element | null {
  const notice = useOrders((s) => s.kindSwitch)
  const undo = useOrders((s) => s.undoKindSwitch)
  const dismiss = useOrders((s) => s.dismissKindSwitch)
  if (!notice) return null
  const what = notice.to === 'order' ? 'an order' : 'a payment'
  return (
    <div
      className={`banner ${notice.dropped.length > 0 ? 'banner-warn' : 'banner-ok'} pd-kind-switch`}
      role="status"
      data-testid="kind-switched"
    >
      <div>
        <strong>This draft is now {what}.</strong>{' '}
        {notice.dropped.length === 0 ? 'Everything you entered was kept.' : `Removed because ${what} does not send it:`}
      </div>
      {notice.dropped.length > 0 && (
        <ul data-testid="kind-switch-dropped">
          {notice.dropped.map((d) => (
            <li key={d}>{d}</li>
          ))}
        </ul>
      )}
      {notice.moved.map((m) => (
        <div key={m}>{m}</div>
      ))}
      <div className="toolbar">
        <button type="button" className="btn btn-small" onClick={undo} data-testid="kind-switch-undo">
          Undo: back to {notice.to === 'order' ? 'the payment' : 'the order'}
        </button>
        <button type="button" className="btn btn-small" onClick={dismiss}>
          OK
        </button>
      </div>
    </div>
  )
}

/** A draft made for another connection: Create would not send it to the active one; the agent chooses. */
function ForeignDraftBanner(): React.JSX.Element | null {
  const owner = useOrders((s) => s.draftConnection)
  const active = useOrders((s) => s.connection)
  const archived = useOrders((s) => s.archived)
  const moveToActive = useOrders((s) => s.moveToActive)
  if (!owner || !active || owner.id === active.id || archived) return null
  return (
    <div className="banner banner-warn" role="alert" data-testid="foreign-draft">
      This draft belongs to the connection <strong>{owner.label}</strong>, but <strong>{active.label}</strong> is
      active. Create will not send it to {active.label}: switch back to {owner.label} under Connections, or{' '}
      <button
        type="button"
        className="btn btn-small"
        onClick={() => void moveToActive()}
        data-testid="move-draft-to-active"
      >
        Use this draft with {active.label}
      </button>
    </div>
  )
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
  const wide = useMediaQuery(SIDE_PANEL_QUERY)
  const [narrowView, setNarrowView] = useState<NarrowView>('form')
  const openDrafts = useDrafts((s) => s.drafts.filter((d) => !d.archived).length)

  useEffect(() => start(), [start])

  // A field to show, sent from the Inspector (a 422's `field`): the draft the request was sent for
  // is opened first (or the agent is told it is gone), then the field, with our own errors' mapping.
  const builder = useBuilderStores().orders
  const openDraft = store.openDraft
  const clearError = store.clearError
  const [goneDraft, setGoneDraft] = useState<string | null>(null)
  useEffect(() => {
    if (pendingFocus?.screen !== 'orders') return
    const request = takeFocus('orders')
    if (!request) return
    setGoneDraft(null)
    void (async () => {
      const wanted = request.draftId
      if (wanted && builder.getState().draftId !== wanted) {
        await openDraft(wanted)
        if (builder.getState().draftId !== wanted) {
          clearError()
          setGoneDraft(wanted)
          return
        }
      }
      focusField(request.field)
    })()
  }, [pendingFocus, takeFocus, focusField, openDraft, clearError, builder])

  const credential = useMemo(() => credentialOf(connection), [connection])
  const ctx = useMemo(() => ruleContextFor(credential, new Date(`${today}T12:00:00Z`)), [credential, today])
  const state = useMemo(() => deriveBuilder(content, credential, ctx), [content, credential, ctx])

  // Messages under a control appear once the agent has been in that field or pressed Create, never on
  // a fresh form (issue 13 item 6). Per draft: another draft starts fresh.
  const [touched, setTouched] = useState<ReadonlySet<string>>(() => new Set())
  // One switch opens every field's "API details" (folded ones are no Tab stops).
  const [apiShown, setApiShown] = useState(false)
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

  // In the narrow layout a field to show, or a draft just opened, brings the form back into view.
  useEffect(() => {
    if (highlight) setNarrowView('form')
  }, [highlight])
  useEffect(() => {
    setNarrowView('form')
  }, [store.draftId])

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
    const first = state.violations[0]
    if (first && !(options.sendAnyway && state.onlyOverrides)) {
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
              disabled={disabled}
              title={
                content.kind === k
                  ? undefined
                  : `Make this draft ${k === 'order' ? 'an order' : 'a payment'} (you can undo it)`
              }
              onClick={() => {
                if (content.kind !== k) store.switchKind(k)
              }}
              data-testid={`tab-${k}`}
            >
              {k === 'order' ? 'Order' : 'Payment'}
            </button>
          ))}
        </div>
        <span className="pd-draft-title" data-testid="draft-name" title={store.draftName || undefined}>
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
          <span
            className={`badge pd-connection ${connection.isLive ? 'badge-live' : 'badge-info'}`}
            data-testid="orders-connection"
            title={`Active connection: ${connection.label}`}
          >
            {connection.label} · {connection.isLive ? 'LIVE' : 'test'}
          </span>
        )}
        {store.draftConnection && connection && store.draftConnection.id !== connection.id && (
          <span className="badge badge-warn pd-connection" data-testid="draft-connection">
            Draft of {store.draftConnection.label}
          </span>
        )}
      </header>
      {goneDraft && (
        <div className="banner banner-warn" role="alert" data-testid="draft-gone">
          The draft that request was sent for is gone (it was deleted), so its field cannot be shown. The request itself
          stays in the Inspector.{' '}
          <button type="button" className="btn-link" onClick={() => setGoneDraft(null)}>
            Dismiss
          </button>
        </div>
      )}
      {store.connectionError && (
        <div className="banner banner-error" role="alert">
          The active connection could not be read: {store.connectionError}. Check the Connections screen.
        </div>
      )}
      {!wide && (
        <div className="pd-tabs pd-narrow-tabs" role="tablist" aria-label="Builder view">
          {NARROW_VIEWS.map((v) => (
            <button
              key={v.id}
              type="button"
              role="tab"
              id={`pd-view-${v.id}`}
              aria-selected={narrowView === v.id}
              aria-controls="pd-view-panel"
              className={`btn btn-small${narrowView === v.id ? ' btn-primary' : ''}`}
              onClick={() => setNarrowView(v.id)}
              data-testid={`builder-view-${v.id}`}
            >
              {v.label}
              {v.id === 'drafts' && openDrafts > 0 ? ` (${openDrafts})` : ''}
            </button>
          ))}
        </div>
      )}
      <div
        className={`pd-layout${wide ? ' pd-layout-wide' : ''}`}
        data-testid="builder-layout"
        {...(wide ? {} : { id: 'pd-view-panel', role: 'tabpanel', 'aria-labelledby': `pd-view-${narrowView}` })}
      >
        <div className="pd-main" hidden={!wide && narrowView !== 'form'}>
          <ForeignDraftBanner />
          <KindSwitchBanner />
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
                <button
                  type="button"
                  className="btn btn-small pd-api-switch"
                  aria-pressed={apiShown}
                  onClick={() => setApiShown(!apiShown)}
                  title="Show the service's name of every field"
                  data-testid="api-details-switch"
                >
                  API details
                </button>
                <ApiDetailsShown.Provider value={apiShown}>
                  <Form
                    content={content}
                    state={shownState}
                    connection={connection}
                    highlight={highlight}
                    expanded={store.expanded}
                    disabled={disabled}
                  />
                </ApiDetailsShown.Provider>
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
                  pending={state.violations.filter((v) => !shownViolations.includes(v))}
                  onlyOverrides={state.onlyOverrides}
                  sending={sending}
                  disabled={disabled}
                  onCreate={requestCreate}
                />
              )}
            </>
          )}
        </div>
        <div className="pd-side" hidden={!wide && narrowView === 'form'} data-testid="builder-side">
          {(wide || narrowView === 'preview') && (
            <RequestPreview
              kind={content.kind}
              json={state.previewJson}
              embed={state.built.embed}
              idempotencyKey={store.idempotencyKey}
            />
          )}
          {(wide || narrowView === 'drafts') && <DraftsPanel />}
        </div>
      </div>
    </section>
  )
}
