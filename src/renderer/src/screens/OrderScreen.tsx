import type { Payment } from '../../../shared/api-types'
import { StoryHeadline } from '../components/Story'
import { RequestButton } from '../components/RequestButton'
import { OrderWrites } from '../features/write-dialogs/OrderWrites'
import { SendFromOrder } from '../features/sending/SendSomething'
import { LoadState } from '../components/ErrorBanner'
import { statusClass } from '../lib/format'
import {
  AddressBlock,
  LinesTable,
  OrderSummary,
  PaymentLinkSection,
  PaymentsOfOrder,
} from '../features/order/OrderSections'
import { useOrderView } from '../features/order/use-order-view'
import { focusOpenedView } from '../features/search/use-search-box'
import { RecordPanel, useObjectRecord } from '../features/team/RecordPanel'
import { RecordedTimeline } from '../components/RecordedTimeline'
import '../components/object-view.css'
import '../features/order/order.css'

/** The order view: one order, its lines, addresses and payments, read fresh from the service. */
export function OrderScreen(): React.JSX.Element {
  const v = useOrderView()
  const { store, state, o, story, locale, notice, copy, openExternal, navigate } = v
  const record = useObjectRecord(state.orderId ? { kind: 'order', id: state.orderId } : null)
  if (!state.orderId) {
    return (
      <section className="screen order-view" aria-labelledby="order-title" data-testid="order-view">
        <header className="screen-header">
          <h1 id="order-title">Order</h1>
        </header>
        <p className="muted">
          No order is open. Search for a customer, an order number or an <span className="mono">ord_…</span> id
          (Ctrl+K).
        </p>
      </section>
    )
  }

  const blocker = o ? store.getState().newPaymentBlocker() : null
  const payments = o?._embedded?.payments ?? []
  return (
    <section className="screen order-view" aria-labelledby="order-title" data-testid="order-view">
      <OrderHeader v={v} />

      <LoadState
        what="order"
        id={state.orderId}
        notice={notice}
        loading={state.loading && !o}
        error={state.error}
        onRetry={() => void store.getState().refresh()}
      />

      {story && <StoryHeadline story={story} testId="order-headline" />}
      {o && <OrderWrites order={o} send={<SendFromOrder order={o} />} />}
      {o && (
        <div className="order-body">
          <OrderSummary o={o} locale={locale} />
          {story && (
            <RecordedTimeline story={story} record={record} testId="order-timeline" locale={locale} level={2} />
          )}
          {record && <RecordPanel store={record} />}

          <PaymentLinkSection
            o={o}
            state={state}
            blocker={blocker}
            copy={copy}
            openExternal={openExternal}
            newPayment={() => void store.getState().newPayment()}
          />

          <OrderPayments payments={payments} locale={locale} navigate={navigate} />

          <section className="order-section" aria-labelledby="order-lines-title">
            <h2 id="order-lines-title">Items ({o.lines.length})</h2>
            <LinesTable lines={o.lines} locale={locale} />
          </section>

          <section className="order-section order-addresses" aria-label="Addresses">
            <AddressBlock title="Billing" address={o.billingAddress} />
            <AddressBlock title="Shipping" address={o.shippingAddress} />
          </section>

          <details className="order-api">
            <summary>API details</summary>
            <pre className="code" data-testid="order-raw" tabIndex={0} aria-label="The order as the API returned it">
              {JSON.stringify(o, null, 2)}
            </pre>
          </details>
        </div>
      )}
    </section>
  )
}

function OrderPayments(props: {
  payments: Payment[]
  locale: string
  navigate: ReturnType<typeof useOrderView>['navigate']
}): React.JSX.Element {
  const { payments, locale, navigate } = props
  return (
    <section className="order-section" aria-labelledby="order-payments-title">
      <h2 id="order-payments-title">Payments ({payments.length})</h2>
      <PaymentsOfOrder
        payments={payments}
        locale={locale}
        onOpen={(paymentId) => {
          navigate({ screen: 'payments', paymentId })
          // The keyboard goes to the opened payment (its heading), so R refunds it at once.
          focusOpenedView(paymentId)
        }}
      />
    </section>
  )
}

function OrderHeader({ v }: { v: ReturnType<typeof useOrderView> }): React.JSX.Element {
  const { store, state, o, back, copy, openExternal, setScreen } = v
  return (
    <>
      <header className="screen-header order-header">
        <button type="button" className="btn btn-small" onClick={() => setScreen(back)} data-testid="order-back">
          ← Back
        </button>
        <h1 id="order-title">
          {o ? `Order ${o.orderNumber}` : 'Order'} <span className="mono order-id">{state.orderId}</span>
        </h1>
        {o && (
          <span className={statusClass(o.status)} data-testid="order-status">
            {o.status}
          </span>
        )}
        {o && <span className="badge">{o.mode === 'live' ? 'Live' : 'Test'}</span>}
      </header>

      <div className="toolbar">
        <button
          type="button"
          className="btn btn-small"
          onClick={() => state.orderId && void copy(state.orderId, 'Order id')}
        >
          Copy id
        </button>
        <button
          type="button"
          className="btn btn-small"
          onClick={() => void store.getState().refresh()}
          disabled={state.loading}
          data-testid="order-refresh"
          title="Read the order again (F5)"
        >
          {state.loading ? 'Refreshing…' : 'Refresh'}
        </button>
        <RequestButton
          requestId={state.requestId}
          testId="order-inspector"
          title={state.requestId ? 'Show the request that read this order' : 'No request recorded yet'}
        >
          View request in Inspector
        </RequestButton>
        {o?._links.dashboard?.href && (
          <button type="button" className="btn btn-small" onClick={() => void openExternal(o._links.dashboard.href)}>
            Open in dashboard ↗
          </button>
        )}
      </div>
    </>
  )
}
