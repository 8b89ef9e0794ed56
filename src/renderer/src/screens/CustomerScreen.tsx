import { useEffect, useMemo, useRef, useState } from 'react'
import { useStore } from 'zustand'
import type { StoreApi } from 'zustand/vanilla'
import { dialogOpen, isTyping } from '../lib/keyboard'
import { useAppStore, useAppStores } from '../stores/window-stores'
import { customerKey } from '../stores/entities'
import { customerNow } from '../features/customer/customer-now'
import { newCustomerStore } from '../stores/view-stores'
import type { CustomerState } from '../stores/customer-store'
import { ErrorBanner } from '../components/ErrorBanner'
import { formatLocalDateTime, userLocale } from '../lib/format'
import {
  ContactDetails,
  OrdersTable,
  CustomerPaymentsTable,
  Problems,
  Totals,
  type Openers,
} from '../features/customer/CustomerSections'
import { RecordPanel, useObjectRecord } from '../features/team/RecordPanel'
import { RecurringSections } from '../features/customer/RecurringSections'
import { CustomerWrites } from '../features/customer/CustomerWrites'
import '../components/object-view.css'
import '../features/customer/customer.css'

/** Esc goes back, unless the agent types in a field, a dialog is open or something else took the key. */
function useEscapeBack(back: () => void): void {
  const current = useRef(back)
  current.current = back
  useEffect(() => {
    function onKey(event: KeyboardEvent): void {
      if (event.key !== 'Escape' || event.defaultPrevented || isTyping(event.target) || dialogOpen()) return
      event.preventDefault()
      current.current()
    }
    window.addEventListener('keydown', onKey)
    return () => window.removeEventListener('keydown', onKey)
  }, [])
}

/** The customer view: everything one customer has, read fresh from the service through main. */
export function CustomerScreen(): React.JSX.Element {
  const { entities } = useAppStores()
  const [store] = useState<StoreApi<CustomerState>>(() => newCustomerStore(entities))
  const target = useAppStore((s) => s.customer)
  const pendingFocus = useAppStore((s) => s.pendingFocus)
  const takeFocus = useAppStore((s) => s.takeFocus)
  const navigate = useAppStore((s) => s.navigate)
  const setScreen = useAppStore((s) => s.setScreen)
  const previousScreen = useAppStore((s) => s.previousScreen)
  const state = useStore(store)
  const heading = useRef<HTMLHeadingElement>(null)
  const locale = userLocale()

  // Open the customer asked for: a fresh read each time the view is asked, and on arrival (once: taking
  // the request changes it, and that change must not read the customer a second time).
  const arrived = useRef(false)
  useEffect(() => {
    const asked = takeFocus('customer')
    const first = !arrived.current
    arrived.current = true
    if (target && (asked || first)) void store.getState().open(target)
  }, [store, takeFocus, target, pendingFocus])

  // The keyboard starts at the heading once the customer is shown.
  const shown = state.view !== null
  useEffect(() => {
    if (shown) heading.current?.focus()
  }, [shown])

  const back = previousScreen === 'customer' ? 'home' : previousScreen
  useEscapeBack(() => setScreen(back))
  const openers: Openers = {
    openOrder: (orderId) => navigate({ screen: 'order', orderId }),
    openPayment: (paymentId) => navigate({ screen: 'payments', paymentId }),
  }
  // The customer as the cache holds them: a payment refunded or an order canceled since shows so (customer-now.ts).
  const key = state.view ? customerKey(state.view.ref) : null
  const cached = useStore(entities, (e) => (key ? e.customers[key] : undefined))
  const payments = useStore(entities, (e) => e.payments)
  const orders = useStore(entities, (e) => e.orders)
  const view = useMemo(
    () => (cached ? customerNow(cached, { payments, orders }) : state.view),
    [cached, payments, orders, state.view],
  )
  const who = view?.name ?? view?.email ?? target?.email ?? target?.customerId ?? ''
  return (
    <section className="screen order-view customer-view" aria-labelledby="customer-title" data-testid="customer-view">
      <header className="screen-header order-header">
        <button type="button" className="btn btn-small" onClick={() => setScreen(back)} data-testid="customer-back">
          ← Back <kbd>Esc</kbd>
        </button>
        <h1 id="customer-title" ref={heading} tabIndex={-1}>
          Customer {who}
        </h1>
        {target && (
          <button
            type="button"
            className="btn btn-small"
            onClick={() => void store.getState().refresh()}
            disabled={state.loading}
            data-testid="customer-refresh"
          >
            {state.loading ? 'Reading…' : 'Read again'}
          </button>
        )}
      </header>
      <CustomerStatus state={state} hasTarget={target !== null} onRetry={() => void store.getState().refresh()} />
      {view && <CustomerBody view={view} locale={locale} openers={openers} />}
    </section>
  )
}

/** What the view shows besides the customer: none open, reading, or why it could not be read. */
function CustomerStatus(props: { state: CustomerState; hasTarget: boolean; onRetry: () => void }): React.JSX.Element {
  const { state, hasTarget, onRetry } = props
  return (
    <>
      {!hasTarget && (
        <p className="muted" data-testid="customer-none">
          No customer is open. Search for an e-mail address or a name (Ctrl+K), or open one from a payment or an order.
        </p>
      )}
      {state.loading && !state.view && (
        <p className="muted" role="status" data-testid="customer-loading">
          <span className="spinner" aria-hidden="true" /> Reading this customer’s orders and payments…
        </p>
      )}
      {state.error && (
        <ErrorBanner
          error={state.error}
          context={
            state.error.code === 'not-found'
              ? state.error.message
              : 'Could not read this customer. Nothing was changed.'
          }
          testId="customer-error"
          onRetry={onRetry}
        />
      )}
    </>
  )
}

function CustomerBody(props: { view: NonNullable<CustomerState['view']>; locale: string; openers: Openers }) {
  const { view, locale, openers } = props
  const nowMs = Date.parse(view.readAt)
  const empty = view.orders.length === 0 && view.payments.length === 0
  return (
    <div className="order-body" data-testid="customer-body">
      <p className="muted small" data-testid="customer-read-at">
        Read from the service at {formatLocalDateTime(view.readAt)}.
      </p>
      {view.stale.count > 0 && (
        <p className="banner banner-warn" role="status" data-testid="customer-stale">
          {view.stale.count} of these could not be read from the service just now and are shown as the last sync saw
          them{view.stale.reason ? `: ${view.stale.reason}` : '.'}
        </p>
      )}
      <ContactDetails view={view} />
      {empty ? (
        <p className="banner" role="status" data-testid="customer-empty">
          Paydesk has no orders or payments of {view.email ?? 'this customer'} on this connection. If they paid minutes
          ago, the index may not have them yet: “Sync now” on Home reads what is new.
        </p>
      ) : (
        <>
          <Totals totals={view.totals} locale={locale} partial={view.morePayments ? view.bound : null} />
          <Problems view={view} locale={locale} nowMs={nowMs} {...openers} />
          <OrdersTable view={view} locale={locale} {...openers} />
          <CustomerPaymentsTable view={view} locale={locale} {...openers} />
        </>
      )}
      {view.customerId && <RecurringSections customerId={view.customerId} readAt={view.readAt} />}
      <CustomerWrites view={view} locale={locale} {...openers} />
      {view.customerId && <CustomerRecord customerId={view.customerId} />}
      <details className="order-api">
        <summary>API details</summary>
        <pre className="code" data-testid="customer-raw" tabIndex={0} aria-label="The customer as the API returned it">
          {JSON.stringify(
            {
              customerId: view.customerId,
              customer: view.raw,
              orderIds: view.orders.map((o) => o.id),
              paymentIds: view.payments.map((p) => p.id),
            },
            null,
            2,
          )}
        </pre>
      </details>
    </div>
  )
}

/** The customer's case and notes (a customer the service knows by id); their writes are in CustomerWrites. */
function CustomerRecord({ customerId }: { customerId: string }): React.JSX.Element | null {
  const record = useObjectRecord({ kind: 'customer', id: customerId })
  return record && <RecordPanel store={record} />
}
