import { useBuilder } from './builder-context'
import { CreateBar, CreateError } from './CreateBar'
import { ApiDetailsShown } from './FormControls'
import { DraftsPanel } from './DraftsPanel'
import { OrderForm, PaymentForm } from './OrderForm'
import { OrderResult } from './OrderResult'
import { RequestPreview } from './RequestPreview'
import { NARROW_VIEWS, useBuilderScreen, type BuilderScreenModel } from './use-builder-screen'
import type { SaveState } from '../../stores/builder-store'
import './builder.css'

const SAVE_TEXT: Record<SaveState, string> = {
  idle: 'Not saved yet',
  pending: 'Editing…',
  saving: 'Saving…',
  saved: 'Saved (encrypted)',
  error: 'Not saved',
}

/** What the Order/Payment switch did to the draft, with Undo (never silent). */
function KindSwitchBanner(): React.JSX.Element | null {
  const notice = useBuilder((s) => s.kindSwitch)
  const undo = useBuilder((s) => s.undoKindSwitch)
  const dismiss = useBuilder((s) => s.dismissKindSwitch)
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
  const owner = useBuilder((s) => s.draftConnection)
  const active = useBuilder((s) => s.connection)
  const archived = useBuilder((s) => s.archived)
  const moveToActive = useBuilder((s) => s.moveToActive)
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

export function BuilderScreen(): React.JSX.Element {
  const b = useBuilderScreen()
  const { store, wide, narrowView, goneDraft, setGoneDraft } = b
  const { result } = store
  return (
    <section className="screen pd-orders" aria-labelledby="orders-title">
      <BuilderHeader b={b} />
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
      {!wide && <NarrowTabs b={b} />}
      <div
        className={`pd-layout${wide ? ' pd-layout-wide' : ''}`}
        data-testid="builder-layout"
        {...(wide ? {} : { id: 'pd-view-panel', role: 'tabpanel', 'aria-labelledby': `pd-view-${narrowView}` })}
      >
        <div className="pd-main" hidden={!wide && narrowView !== 'form'}>
          <ForeignDraftBanner />
          <KindSwitchBanner />
          {!store.ready && <span className="spinner" aria-label="Loading the builder" />}
          {result ? <OrderResult result={result} /> : <BuilderForm b={b} />}
        </div>
        <BuilderSide b={b} />
      </div>
    </section>
  )
}

function BuilderHeader({ b }: { b: BuilderScreenModel }): React.JSX.Element {
  const { store } = b
  const { content, connection, sending, archived } = store
  const disabled = sending || archived !== null
  return (
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
  )
}

function NarrowTabs({ b }: { b: BuilderScreenModel }): React.JSX.Element {
  const { narrowView, setNarrowView, openDrafts } = b
  return (
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
  )
}

/** The draft's form, its messages and the Create bar. */
function BuilderForm({ b }: { b: BuilderScreenModel }): React.JSX.Element {
  const { store, state, shownState, shownViolations, touched, setTouched, apiShown, setApiShown, requestCreate } = b
  const { content, connection, highlight, archived, sending, error } = store
  const disabled = sending || archived !== null
  const Form = content.kind === 'order' ? OrderForm : PaymentForm
  return (
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
        <CreateError error={error} kind={content.kind} onRetry={(o) => requestCreate({ ...o, sendAnyway: true })} />
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
  )
}

function BuilderSide({ b }: { b: BuilderScreenModel }): React.JSX.Element {
  const { store, state, wide, narrowView } = b
  const { content } = store
  return (
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
  )
}
