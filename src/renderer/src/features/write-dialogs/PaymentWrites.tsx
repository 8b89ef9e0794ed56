import { useEffect, useState } from 'react'
import { useStore } from 'zustand'
import type { StoreApi } from 'zustand/vanilla'
import type { Address, Payment } from '../../../../shared/api-types'
import { formatAmountForDisplay } from '../../../../shared/money'
import { PAYMENT_DESCRIPTION_MAX } from '../../../../shared/order-rules'
import {
  cancelPaymentBlocker,
  cancelPaymentNextStep,
  noPaymentWriteWhy,
  refundBlocker,
  updateBlocker,
} from '../../../../shared/payment-writes'
import { type WriteKind, type WriteState } from '../../stores/write-store'
import { initialFields, updateOf, type UpdateFields } from './update-form'
import { useAppStore, useAppStores } from '../../stores/window-stores'
import { newWriteStore } from '../../stores/view-stores'
import { NotApplicable } from '../../components/NotApplicable'
import { QueuedRefunds } from './QueuedRefunds'
import { RefundsTable } from './RefundsTable'
import { userLocale } from '../../lib/format'
import { WriteDialog } from '../../components/WriteDialog'
import {
  addressedCustomer,
  DialogTextField,
  LIVE_EFFECT,
  PaymentCustomer,
  useConnectionText,
} from '../../components/dialog-parts'
import { RefundDialog } from './RefundDialog'
import './writes.css'
import { useShortcutKeys } from '../../lib/keyboard'
import { RequestButton } from '../../components/RequestButton'
import type { ObjectRecordState } from '../../stores/team-store'

/**
 * The write store of one view: made once with its IPC port and the window's cache, reset when the
 * view shows another object (`objectId`). What an action answered reaches the views through the cache
 * (entities.ts); an answer that is less than the view shows marks the object stale there, and the
 * view's own store reads it again (entities.ts `onStale`).
 */
export function useViewWrites(from: 'payment' | 'order', objectId: string): StoreApi<WriteState> {
  const { entities } = useAppStores()
  const [store] = useState(() => newWriteStore(from, entities))
  useEffect(() => store.getState().reset(), [store, objectId])
  return store
}

/** The result of the last action, with its request in the Inspector. */
export function WriteDone({ store }: { store: StoreApi<WriteState> }): React.JSX.Element | null {
  const done = useStore(store, (s) => s.done)
  if (!done) return null
  return (
    <div className="banner banner-ok" role="status" tabIndex={-1} data-testid="action-done">
      {done.message}{' '}
      {done.requestId && (
        <RequestButton requestId={done.requestId} className="btn btn-small btn-link" testId="action-done-request">
          View request
        </RequestButton>
      )}
    </div>
  )
}

function CancelPaymentDialog({ payment, store }: { payment: Payment; store: StoreApi<WriteState> }): React.JSX.Element {
  const locale = userLocale()
  return (
    <CancelDialog thing="payment" target={payment} name={payment.id} store={store}>
      <p>
        The customer can no longer pay <strong>{formatAmountForDisplay(payment.amount, locale)}</strong> for “
        {payment.description}”. This cannot be undone.
      </p>
    </CancelDialog>
  )
}

/** The confirmation every cancel shares: what is canceled, for whom, on which connection; cannot be undone. */
export function CancelDialog(props: {
  thing: 'order' | 'payment'
  /** The order or payment canceled: its id, and the billing address that names its customer. */
  target: { id: string; billingAddress?: Address }
  /** How the agent knows it: the order number, or the payment id. */
  name: string
  store: StoreApi<WriteState>
  children: React.ReactNode
}): React.JSX.Element {
  const { thing, store } = props
  const id = props.target.id
  const busy = useStore(store, (s) => s.busy)
  const error = useStore(store, (s) => s.error)
  const connection = useConnectionText()
  return (
    <WriteDialog
      title={`Cancel ${thing} ${props.name}?`}
      confirmLabel={`Cancel ${thing}`}
      cancelLabel={`Keep ${thing}`}
      busy={busy}
      busyLabel="Canceling…"
      canConfirm
      danger
      live={connection.live ? LIVE_EFFECT[thing === 'order' ? 'cancelOrder' : 'cancelPayment'] : null}
      error={error}
      testId={`cancel-${thing}-dialog`}
      onConfirm={() => void (thing === 'order' ? store.getState().cancelOrder(id) : store.getState().cancelPayment(id))}
      onClose={() => store.getState().close()}
    >
      {props.children}
      <dl className="pairs action-summary">
        <dt>Customer</dt>
        <dd>
          {thing === 'payment' ? (
            <PaymentCustomer payment={props.target} />
          ) : (
            addressedCustomer(props.target.billingAddress)
          )}
        </dd>
        <dt>Connection</dt>
        <dd>{connection.text}</dd>
      </dl>
    </WriteDialog>
  )
}

/** The change form's fields in state, and what differs from the payment (update-form.ts). */
function useUpdateForm(payment: Payment) {
  const [fields, setFields] = useState(() => initialFields(payment))
  const setter = (key: keyof UpdateFields) => (value: string) => setFields((f) => ({ ...f, [key]: value }))
  return {
    ...fields,
    setDescription: setter('description'),
    setRedirectUrl: setter('redirectUrl'),
    setWebhookUrl: setter('webhookUrl'),
    setMetadata: setter('metadata'),
    ...updateOf(payment, fields),
  }
}

const PAYMENT_DESCRIPTION = {
  label: 'Description (what the customer sees)',
  maxLength: PAYMENT_DESCRIPTION_MAX,
  testId: 'update-description',
}

function UpdateDialog({ payment, store }: { payment: Payment; store: StoreApi<WriteState> }): React.JSX.Element {
  const busy = useStore(store, (s) => s.busy)
  const error = useStore(store, (s) => s.error)
  const connection = useConnectionText()
  const form = useUpdateForm(payment)
  const { description, setDescription, redirectUrl, setRedirectUrl, webhookUrl, setWebhookUrl } = form
  const { metadata, setMetadata, changes, names, metadataProblem } = form
  const descriptionProblem = description.trim() === '' ? 'A payment needs a description.' : null
  return (
    <WriteDialog
      title={`Change payment ${payment.id}`}
      confirmLabel={names.length ? `Save ${names.join(', ')}` : 'Save changes'}
      cancelLabel="Don’t change"
      busy={busy}
      busyLabel="Saving…"
      canConfirm={names.length > 0 && !metadataProblem && !descriptionProblem}
      live={connection.live ? LIVE_EFFECT.update : null}
      error={error}
      testId="update-dialog"
      onConfirm={() => void store.getState().update(payment.id, changes)}
      onClose={() => store.getState().close()}
    >
      <p className="muted">
        Only an open payment can be changed. Connection: {connection.text}. Changed:{' '}
        <span data-testid="update-changes">{names.length ? names.join(', ') : 'nothing yet'}</span>.
      </p>
      <DialogTextField {...PAYMENT_DESCRIPTION} value={description} onChange={setDescription} />
      {descriptionProblem && <p className="field-error">{descriptionProblem}</p>}
      <label className="field">
        <span>Return address after paying</span>
        <input className="input mono" value={redirectUrl} onChange={(e) => setRedirectUrl(e.target.value)} />
      </label>
      <label className="field">
        <span>Webhook address (the shop is told about status changes here)</span>
        <input className="input mono" value={webhookUrl} onChange={(e) => setWebhookUrl(e.target.value)} />
      </label>
      <label className="field">
        <span>Metadata (JSON; empty removes it)</span>
        <textarea
          className="input mono"
          rows={3}
          value={metadata}
          onChange={(e) => setMetadata(e.target.value)}
          data-testid="update-metadata"
        />
      </label>
      {metadataProblem && <p className="field-error">{metadataProblem}</p>}
    </WriteDialog>
  )
}

/**
 * What can be done with this payment now: only the writes its state allows (the rules main checks
 * again), each behind a confirmation; the refunds made so far; the outcome with its request.
 */
export function PaymentWrites({
  payment,
  record = null,
  reading = false,
}: {
  payment: Payment
  /** The payment's shared record: the refund dialog names a colleague's refund and the case's ticket. */
  record?: StoreApi<ObjectRecordState> | null
  /** A fresh copy of the payment (its refunds embedded) is on its way: do not list the refunds apart. */
  reading?: boolean
}): React.JSX.Element {
  const store = useViewWrites('payment', payment.id)
  const navigate = useAppStore((s) => s.navigate)
  const dialog = useStore(store, (s) => s.dialog)
  const refundWhy = refundBlocker(payment)
  const cancelWhy = cancelPaymentBlocker(payment)
  const updateWhy = updateBlocker(payment)
  // R refund, C cancel: on the payment shown here, only when its state allows it.
  useShortcutKeys({
    r: refundWhy ? null : () => store.getState().open('refund', payment.id),
    c: cancelWhy ? null : () => store.getState().open('cancel-payment', payment.id),
  })
  const none = refundWhy && cancelWhy && updateWhy
  const cancelNext = cancelPaymentNextStep(payment)
  return (
    <section className="payment-actions" aria-label="Actions" data-testid="payment-actions">
      <div className="toolbar">
        {!refundWhy && <WriteButton store={store} kind="refund" targetId={payment.id} label="Refund…" shortcut="R" />}
        {!cancelWhy && (
          <WriteButton store={store} kind="cancel-payment" targetId={payment.id} label="Cancel payment…" shortcut="C" />
        )}
        {!updateWhy && <WriteButton store={store} kind="update" targetId={payment.id} label="Change…" />}
      </div>
      {none && (
        <p className="muted" data-testid="actions-none">
          {noPaymentWriteWhy(payment)}
        </p>
      )}
      {/* The writes that do not apply, each with why and what to do instead (not all three at once). */}
      {!none && refundWhy && <NotApplicable label="Refund…" why={refundWhy} testId="action-refund-na" />}
      {!none && cancelWhy && (
        <NotApplicable
          label="Cancel payment…"
          why={cancelWhy}
          next={cancelNext}
          onNext={() => payment.orderId && navigate({ screen: 'order', orderId: payment.orderId })}
          testId="action-cancel-payment-na"
        />
      )}
      <WriteDone store={store} />
      <QueuedRefunds store={store} paymentId={payment.id} />
      <RefundsTable store={store} payment={payment} reading={reading} />
      {dialog?.kind === 'refund' && dialog.targetId === payment.id && (
        <RefundDialog payment={payment} store={store} record={record} />
      )}
      {dialog?.kind === 'cancel-payment' && dialog.targetId === payment.id && (
        <CancelPaymentDialog payment={payment} store={store} />
      )}
      {dialog?.kind === 'update' && dialog.targetId === payment.id && <UpdateDialog payment={payment} store={store} />}
    </section>
  )
}

/** Opens an action's confirmation (test id `action-<kind>`). */
export function WriteButton(props: {
  store: StoreApi<WriteState>
  kind: WriteKind
  targetId: string
  label: string
  /** Its one-letter key on the view (shown in the tooltip and to assistive tech). */
  shortcut?: string
}): React.JSX.Element {
  const { store, kind, targetId, label, shortcut } = props
  return (
    <button
      type="button"
      className="btn btn-small"
      onClick={() => store.getState().open(kind, targetId)}
      title={shortcut ? `${label} (${shortcut})` : undefined}
      aria-keyshortcuts={shortcut}
      data-testid={`action-${kind}`}
    >
      {label}
    </button>
  )
}
