import { useEffect, useState } from 'react'
import { useStore } from 'zustand'
import type { StoreApi } from 'zustand/vanilla'
import type { MandateRow, RecurringView, SubscriptionRow } from '../../../../shared/ipc/recurring'
import { formatMoment } from '../../../../shared/dates'
import { formatAmountForDisplay } from '../../../../shared/money'
import { sentenceStart } from '../../../../shared/story/words'
import {
  cancelNotApplicable,
  cancelWillDo,
  intervalWords,
  mandateMethodWords,
  mandateStatusWords,
  REVOKE_MANDATE_SOURCE,
  revokeNotApplicable,
  revokeWillDo,
  stoppedDone,
  stoppedForCaller,
  subscriptionStatusWords,
} from '../../../../shared/story/recurring-words'
import { useAppStore } from '../../stores/window-stores'
import { RequestButton } from '../../components/RequestButton'
import { TableHead } from '../../components/TableHead'
import type { RecurringState } from '../../stores/recurring-store'
import { newRecurringStore } from '../../stores/view-stores'
import { WriteDialog } from '../../components/WriteDialog'
import { LIVE_EFFECT, useConnectionText } from '../../components/dialog-parts'
import { NotApplicable } from '../../components/NotApplicable'
import { ErrorBanner } from '../../components/ErrorBanner'
import { userLocale } from '../../lib/format'
import './customer.css'

// "Stop charging me" (issue 49 item 6) in the customer view: the customer's mandates (method, masked
// account, status, since) and subscriptions (amount, interval, next charge, status, description,
// times charged), read by main; Revoke mandate and Cancel subscription, each a dialog saying what will
// happen; main reads fresh, asks on a live connection, sends and records; then the sentence for the caller.

const BADGE: Record<string, string> = {
  valid: 'badge pay-status-paid',
  active: 'badge pay-status-paid',
  pending: 'badge pay-status-pending',
  suspended: 'badge pay-status-failed',
  invalid: 'badge pay-status-canceled',
  canceled: 'badge pay-status-canceled',
  completed: 'badge pay-status-canceled',
}

const day = (iso: string | null, locale: string) => (iso ? formatMoment(iso, 'date', { locale }) : '—')

/**
 * The customer's mandates and subscriptions, read when the customer (by id) is shown and again each
 * time the customer view is read again (`readAt`).
 */
export function RecurringSections(props: { customerId: string; readAt: string }): React.JSX.Element {
  const { customerId, readAt } = props
  const [store] = useState<StoreApi<RecurringState>>(newRecurringStore)
  const state = useStore(store)
  useEffect(() => {
    void store.getState().open(customerId)
  }, [store, customerId, readAt])
  const locale = userLocale()
  const { view } = state
  return (
    <>
      <StoppedBanner state={state} locale={locale} />
      <section className="order-section" aria-labelledby="customer-mandates-title" data-testid="customer-mandates">
        <h2 id="customer-mandates-title">Mandates{view ? ` (${view.mandates.length})` : ''}</h2>
        <ReadState state={state} onRetry={() => void store.getState().refresh()} />
        {view && <MandatesTable view={view} store={store} locale={locale} />}
      </section>
      <section
        className="order-section"
        aria-labelledby="customer-subscriptions-title"
        data-testid="customer-subscriptions"
      >
        <h2 id="customer-subscriptions-title">Subscriptions{view ? ` (${view.subscriptions.length})` : ''}</h2>
        {view?.partial && (
          <p className="banner banner-warn" role="status" data-testid="recurring-partial">
            {view.partial}
          </p>
        )}
        {view && <SubscriptionsTable view={view} store={store} locale={locale} />}
        {view?.more && (
          <p className="muted" data-testid="recurring-bound">
            Showing the newest mandates and subscriptions only; this customer has more.
          </p>
        )}
      </section>
      <RecurringDialogs state={state} store={store} locale={locale} />
    </>
  )
}

function ReadState(props: { state: RecurringState; onRetry: () => void }): React.JSX.Element | null {
  const { state, onRetry } = props
  if (state.loading && !state.view) {
    return (
      <p className="muted" role="status" data-testid="recurring-loading">
        <span className="spinner" aria-hidden="true" /> Reading this customer’s mandates and subscriptions…
      </p>
    )
  }
  if (!state.error) return null
  return (
    <ErrorBanner
      error={state.error}
      context="Could not read this customer’s mandates and subscriptions. Nothing was changed."
      testId="recurring-error"
      onRetry={onRetry}
    />
  )
}

function StatusBadge(props: { status: string; words: { label: string; note: string | null } }) {
  const { status, words } = props
  return (
    <>
      <span className={BADGE[status] ?? 'badge'}>{words.label}</span>
      {words.note && <div className="muted small">{words.note}</div>}
    </>
  )
}

function MandatesTable(props: { view: RecurringView; store: StoreApi<RecurringState>; locale: string }) {
  const { view, store, locale } = props
  if (view.mandates.length === 0) {
    return (
      <p className="muted" data-testid="mandates-empty">
        No mandates: the shop cannot charge this customer without them paying each time.
      </p>
    )
  }
  return (
    <table className="data recurring-table" data-testid="mandates-table">
      <TableHead columns={['Method', 'Account', 'Status', 'Since', 'Action']} />
      <tbody>
        {view.mandates.map((m) => (
          <tr key={m.id} data-testid="mandate-row" data-mandate-id={m.id} data-status={m.status}>
            <td>{mandateMethodWords(m.method)}</td>
            <td>
              <span className="mono">{m.account ?? '—'}</span>
              {m.holder && <div className="muted small">{m.holder}</div>}
            </td>
            <td>
              <StatusBadge status={m.status} words={mandateStatusWords(m.status)} />
            </td>
            <td>{day(m.since, locale)}</td>
            <td className="recurring-action">
              <MandateWrite mandate={m} store={store} />
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  )
}

function MandateWrite({ mandate, store }: { mandate: MandateRow; store: StoreApi<RecurringState> }) {
  const why = revokeNotApplicable(mandate)
  if (why) return <NotApplicable label="Revoke mandate" why={sentenceStart(why)} testId={`revoke-na-${mandate.id}`} />
  return (
    <button
      type="button"
      className="btn btn-small"
      onClick={() => store.getState().ask({ kind: 'revoke-mandate', id: mandate.id })}
      data-testid={`revoke-mandate-${mandate.id}`}
    >
      Revoke mandate…
    </button>
  )
}

function timesWords(s: SubscriptionRow): string {
  if (s.timesCharged === null) return 'not known'
  const count = `${s.timesCharged}${s.moreCharges ? '+' : ''}`
  return s.times === null ? count : `${count} of ${s.times}`
}

function SubscriptionsTable(props: { view: RecurringView; store: StoreApi<RecurringState>; locale: string }) {
  const { view, store, locale } = props
  if (view.subscriptions.length === 0) {
    return (
      <p className="muted" data-testid="subscriptions-empty">
        No subscriptions: nothing is charged to this customer on a schedule.
      </p>
    )
  }
  return (
    <table className="data recurring-table" data-testid="subscriptions-table">
      <TableHead columns={['Description', 'Amount', 'Status', 'Next charge', 'Times charged', 'Action']} />
      <tbody>
        {view.subscriptions.map((s) => (
          <tr key={s.id} data-testid="subscription-row" data-subscription-id={s.id} data-status={s.status}>
            <td>{s.description}</td>
            <td>
              {formatAmountForDisplay(s.amount, locale)} {intervalWords(s.interval)}
            </td>
            <td>
              <StatusBadge status={s.status} words={subscriptionStatusWords(s.status)} />
              {s.canceledAt && <div className="muted small">since {day(s.canceledAt, locale)}</div>}
            </td>
            <td>{day(s.nextPaymentDate, locale)}</td>
            <td>
              {timesWords(s)}
              {s.lastPaidAt && <div className="muted small">last paid {day(s.lastPaidAt, locale)}</div>}
              {s.underWay && (
                <div className="muted small">
                  {formatAmountForDisplay(s.underWay.amount, locale)} being collected since{' '}
                  {day(s.underWay.createdAt, locale)}
                </div>
              )}
            </td>
            <td className="recurring-action">
              <SubscriptionWrite subscription={s} store={store} />
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  )
}

function SubscriptionWrite(props: { subscription: SubscriptionRow; store: StoreApi<RecurringState> }) {
  const { subscription: s, store } = props
  const why = cancelNotApplicable(s, { locale: userLocale() })
  if (why)
    return <NotApplicable label="Cancel subscription" why={sentenceStart(why)} testId={`cancel-sub-na-${s.id}`} />
  return (
    <button
      type="button"
      className="btn btn-small"
      onClick={() => store.getState().ask({ kind: 'cancel-subscription', id: s.id })}
      data-testid={`cancel-subscription-${s.id}`}
    >
      Cancel subscription…
    </button>
  )
}

/** After a write: what was done, and the sentence for the caller with its copy button. */
function StoppedBanner({ state, locale }: { state: RecurringState; locale: string }): React.JSX.Element | null {
  const copyText = useAppStore((s) => s.copyText)
  if (!state.done) return null
  const forCaller = stoppedForCaller(state.done.stopped, { locale })
  return (
    <div className="banner banner-ok" role="status" tabIndex={-1} data-testid="recurring-done">
      <p>{stoppedDone(state.done.stopped, { locale })}</p>
      <p className="refund-caller" data-testid="recurring-for-caller">
        <span className="muted">For the caller: </span>
        {forCaller}
      </p>
      <div className="toolbar">
        <button
          type="button"
          className="btn btn-small"
          onClick={() => void copyText(forCaller)}
          data-testid="recurring-copy-caller"
        >
          Copy for the caller
        </button>
        {state.done.requestId && (
          <RequestButton requestId={state.done.requestId} className="btn btn-small btn-link" testId="recurring-request">
            View request
          </RequestButton>
        )}
      </div>
    </div>
  )
}

const afterDialog = () =>
  document.querySelector<HTMLElement>('[data-testid="recurring-done"], [data-testid="customer-mandates"] button')

function RecurringDialogs(props: { state: RecurringState; store: StoreApi<RecurringState>; locale: string }) {
  const { state, store, locale } = props
  const connection = useConnectionText()
  const { dialog, view } = state
  if (!dialog || !view) return null
  const words = { locale }
  const common = {
    busy: state.busy,
    canConfirm: !state.loading,
    danger: true,
    live: connection.live
      ? LIVE_EFFECT[dialog.kind === 'cancel-subscription' ? 'cancelSubscription' : 'revokeMandate']
      : null,
    error: state.dialogError,
    onConfirm: () => void store.getState().confirm(),
    onClose: () => store.getState().close(),
    fallbackFocus: afterDialog,
  }
  if (dialog.kind === 'cancel-subscription') {
    const s = view.subscriptions.find((x) => x.id === dialog.id)
    if (!s) return null
    const why = cancelNotApplicable(s, words)
    return (
      <WriteDialog
        {...common}
        title={`Cancel the subscription “${s.description}”?`}
        confirmLabel="Cancel subscription"
        cancelLabel="Keep subscription"
        busyLabel="Canceling…"
        testId="cancel-subscription-dialog"
        canConfirm={common.canConfirm && why === null}
      >
        <WhyOrWill why={why} will={cancelWillDo(s, words)} testId="cancel-subscription" />
        <p className="muted">
          Paydesk reads the subscription again first and sends nothing if it has changed state. On {connection.text}.
        </p>
      </WriteDialog>
    )
  }
  const m = view.mandates.find((x) => x.id === dialog.id)
  if (!m) return null
  const stopping = view.subscriptions.filter((s) => m.subscriptionIds.includes(s.id))
  const why = revokeNotApplicable(m)
  return (
    <WriteDialog
      {...common}
      title={`Revoke the ${mandateMethodWords(m.method)} mandate${m.account ? ` for ${m.account}` : ''}?`}
      confirmLabel="Revoke mandate"
      cancelLabel="Keep mandate"
      busyLabel="Revoking…"
      testId="revoke-mandate-dialog"
      canConfirm={common.canConfirm && why === null}
    >
      <WhyOrWill why={why} will={revokeWillDo(m, stopping, words)} testId="revoke-mandate" />
      <p className="muted">
        The payment service documents that revoking cancels the subscriptions connected to the mandate (
        <span className="mono">{REVOKE_MANDATE_SOURCE}</span>). Paydesk reads the mandate again first and sends nothing
        if it has changed state. On {connection.text}.
      </p>
    </WriteDialog>
  )
}

/** A stop dialog's first words: why the action does not apply now (a warning), or what it will do. */
function WhyOrWill({ why, will, testId }: { why: string | null; will: string; testId: string }): React.JSX.Element {
  return why ? (
    <p className="banner banner-warn" role="status" data-testid={`${testId}-why`}>
      {sentenceStart(why)}
    </p>
  ) : (
    <p data-testid={`${testId}-will`}>{will}</p>
  )
}
