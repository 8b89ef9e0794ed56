import { useCallback, useEffect, useRef, useState } from 'react'
import { useActionKeys } from '../../lib/keyboard'
import { useStore } from 'zustand'
import type { StoreApi } from 'zustand/vanilla'
import type { Address, Order, OrderLine, Payment } from '../../../../shared/api-types'
import { formatAmountForDisplay } from '../../../../shared/money'
import { useLinkActions } from '../../components/use-link-actions'
import { newOrderStore, useAppStore } from '../../app-stores'
import type { OrderState } from '../../stores/order-store'
import { OrderActions } from '../actions/OrderActions'
import { ErrorBanner, LoadState } from '../payments/ErrorBanner'
import { formatLocalDateTime, statusClass, userLocale } from '../payments/format'
import './order.css'
import { TableHead } from '../../components/TableHead'
import { RequestButton } from '../../components/RequestButton'
import { CustomerButton } from '../customer/CustomerButton'
import { orderStory } from '../../../../shared/story/order-story'
import { StoryHeadline, Timeline } from '../../components/Story'

/** When things happened, in the agent's words; only the ones the order has. */
const MOMENTS: { key: keyof Order; label: string }[] = [
  { key: 'createdAt', label: 'Created' },
  { key: 'authorizedAt', label: 'Authorized on' },
  { key: 'paidAt', label: 'Paid on' },
  { key: 'completedAt', label: 'Completed on' },
  { key: 'canceledAt', label: 'Canceled on' },
  { key: 'expiresAt', label: 'Expires' },
  { key: 'expiredAt', label: 'Expired on' },
]

function personOf(address: Address | undefined): string | null {
  if (!address) return null
  const name = [address.givenName, address.familyName].filter(Boolean).join(' ')
  return name || address.organizationName || null
}

function AddressBlock({ title, address }: { title: string; address: Address | undefined }): React.JSX.Element {
  if (!address || Object.keys(address).length === 0) {
    return (
      <div className="order-address">
        <h3>{title}</h3>
        <p className="muted">None given.</p>
      </div>
    )
  }
  const cityLine = [address.postalCode, address.city].filter(Boolean).join(' ')
  return (
    <div className="order-address" data-testid={`order-address-${title.toLowerCase().replace(/\s+/g, '-')}`}>
      <h3>{title}</h3>
      <address>
        {personOf(address) && <div>{personOf(address)}</div>}
        {address.organizationName && personOf(address) !== address.organizationName && (
          <div>{address.organizationName}</div>
        )}
        {address.streetAndNumber && <div>{address.streetAndNumber}</div>}
        {address.streetAdditional && <div>{address.streetAdditional}</div>}
        {cityLine && <div>{cityLine}</div>}
        {(address.region || address.country) && (
          <div>{[address.region, address.country].filter(Boolean).join(', ')}</div>
        )}
        {address.email && <div>{address.email}</div>}
        {address.phone && <div>{address.phone}</div>}
      </address>
    </div>
  )
}

function LinesTable({ lines, locale }: { lines: OrderLine[]; locale: string }): React.JSX.Element {
  return (
    <table className="data order-lines" data-testid="order-lines">
      <TableHead columns={['Item', 'Qty', 'Unit price', 'Total', 'Status']} />
      <tbody>
        {lines.map((line) => (
          <tr key={line.id}>
            <td>
              {line.name}
              {line.sku && <span className="muted"> · {line.sku}</span>}
            </td>
            <td>{line.quantity}</td>
            <td>{formatAmountForDisplay(line.unitPrice, locale)}</td>
            <td>{formatAmountForDisplay(line.totalAmount, locale)}</td>
            <td>
              <span className="badge">{line.status}</span>
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  )
}

function PaymentsOfOrder({
  payments,
  locale,
  onOpen,
}: {
  payments: Payment[]
  locale: string
  onOpen: (id: string) => void
}): React.JSX.Element {
  if (payments.length === 0) return <p className="muted">No payments yet.</p>
  return (
    <table className="data order-payments" data-testid="order-payments">
      <TableHead columns={['Payment', 'Status', 'Amount', 'Method', 'Created']} />
      <tbody>
        {payments.map((p) => (
          <tr key={p.id} data-testid="order-payment-row" data-payment-id={p.id}>
            <td>
              <button type="button" className="link-button mono" onClick={() => onOpen(p.id)}>
                {p.id}
              </button>
            </td>
            <td>
              <span className={statusClass(p.status)}>{p.status}</span>
            </td>
            <td>{formatAmountForDisplay(p.amount, locale)}</td>
            <td>{p.method ?? <span className="muted">customer chooses</span>}</td>
            <td>{formatLocalDateTime(p.createdAt)}</td>
          </tr>
        ))}
      </tbody>
    </table>
  )
}

/** The order view: one order, its lines, addresses and payments, read fresh from the service. */
export function OrderScreen(): React.JSX.Element {
  const [store] = useState<StoreApi<OrderState>>(newOrderStore)
  const orderId = useAppStore((s) => s.orderId)
  const takeFocus = useAppStore((s) => s.takeFocus)
  const navigate = useAppStore((s) => s.navigate)
  const setScreen = useAppStore((s) => s.setScreen)
  const previousScreen = useAppStore((s) => s.previousScreen)
  const pendingFocus = useAppStore((s) => s.pendingFocus)
  const state = useStore(store)
  const { notice, copy, open: openExternal } = useLinkActions()
  const locale = userLocale()

  // Open the order asked for: a fresh read each time the view is asked to show one, and on arrival.
  const arrived = useRef(false)
  useEffect(() => {
    const asked = takeFocus('order')
    const id = asked?.orderId ?? (arrived.current ? null : orderId)
    arrived.current = true
    if (id) void store.getState().open(id)
  }, [store, takeFocus, orderId, pendingFocus])

  useEffect(() => {
    function onKey(event: KeyboardEvent): void {
      if (event.key === 'F5' || ((event.ctrlKey || event.metaKey) && event.key.toLowerCase() === 'r')) {
        event.preventDefault()
        void store.getState().refresh()
      }
    }
    window.addEventListener('keydown', onKey)
    return () => window.removeEventListener('keydown', onKey)
  }, [store])

  // L copies this order's payment link (the checkout), as its button does.
  const checkoutHref = state.order?._links.checkout?.href ?? null
  useActionKeys({ l: checkoutHref ? () => void copy(checkoutHref, 'Payment link') : null })

  const back = previousScreen === 'order' ? 'home' : previousScreen
  const refreshOrder = useCallback(() => void store.getState().refresh(), [store])
  const o = state.order
  // The order told in the agent's words: state, headline, timeline (with the Sandbox's webhook calls).
  const story = o ? orderStory(o, { deliveries: state.deliveries ?? [], words: { locale } }) : null
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
  const checkout = o?._links.checkout?.href ?? null
  return (
    <section className="screen order-view" aria-labelledby="order-title" data-testid="order-view">
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

      <LoadState
        what="order"
        id={state.orderId}
        notice={notice}
        loading={state.loading && !o}
        error={state.error}
        onRetry={() => void store.getState().refresh()}
      />

      {story && <StoryHeadline story={story} testId="order-headline" />}
      {o && <OrderActions order={o} onChanged={refreshOrder} />}
      {o && (
        <div className="order-body">
          <dl className="order-summary">
            <div>
              <dt>Amount</dt>
              <dd data-testid="order-amount">{formatAmountForDisplay(o.amount, locale)}</dd>
            </div>
            {o.amountRefunded && o.amountRefunded.value !== '0.00' && (
              <div>
                <dt>Refunded</dt>
                <dd>{formatAmountForDisplay(o.amountRefunded, locale)}</dd>
              </div>
            )}
            <div>
              <dt>Customer</dt>
              <dd data-testid="order-customer">
                {personOf(o.billingAddress) ?? <span className="muted">unknown</span>}
                {o.billingAddress?.email && <span className="muted"> · {o.billingAddress.email}</span>}
                <CustomerButton of={o} testId="order-customer-link" />
              </dd>
            </div>
            {MOMENTS.map(({ key, label }) =>
              typeof o[key] === 'string' ? (
                <div key={key}>
                  <dt>{label}</dt>
                  <dd>
                    <time dateTime={o[key]}>{formatLocalDateTime(o[key])}</time>
                  </dd>
                </div>
              ) : null,
            )}
          </dl>
          {story && <Timeline story={story} testId="order-timeline" locale={locale} />}

          <section className="order-section" aria-labelledby="order-pay-title">
            <h2 id="order-pay-title">Payment link</h2>
            {checkout ? (
              <div className="toolbar">
                <code className="order-link" data-testid="order-checkout-url">
                  {checkout}
                </code>
                <button
                  type="button"
                  className="btn btn-small"
                  onClick={() => void copy(checkout, 'Payment link')}
                  title="Copy link (L)"
                  aria-keyshortcuts="L"
                  data-testid="order-copy-checkout"
                >
                  Copy link
                </button>
                <button type="button" className="btn btn-small" onClick={() => void openExternal(checkout)}>
                  Open ↗
                </button>
              </div>
            ) : (
              <p className="muted">
                {o.status === 'created'
                  ? 'The order has no open checkout right now.'
                  : `No checkout link: the order is ${o.status}.`}
              </p>
            )}
            <div className="toolbar">
              <button
                type="button"
                className="btn btn-primary btn-write"
                disabled={blocker !== null || state.creating}
                aria-describedby={blocker ? 'order-new-payment-why' : undefined}
                onClick={() => void store.getState().newPayment()}
                data-testid="order-new-payment"
              >
                {state.creating ? 'Creating payment…' : 'New payment for this order'}
              </button>
            </div>
            {blocker && (
              <p className="muted" id="order-new-payment-why" data-testid="order-new-payment-why">
                {blocker}
              </p>
            )}
            {state.actionError && (
              <ErrorBanner
                error={state.actionError}
                context="No new payment was created."
                testId="order-action-error"
              />
            )}
            {state.created && (
              <div className="banner banner-ok" role="status" data-testid="order-new-payment-done">
                <strong>New payment {state.created.payment.id} created.</strong>{' '}
                {state.created.payment._links.checkout?.href
                  ? 'Send the customer its link:'
                  : 'It has no checkout link (the customer does not pay through checkout).'}
                {state.created.payment._links.checkout?.href && (
                  <div className="toolbar">
                    <code className="order-link">{state.created.payment._links.checkout.href}</code>
                    <button
                      type="button"
                      className="btn btn-small"
                      onClick={() => {
                        const link = state.created?.payment._links.checkout?.href
                        if (link) void copy(link, 'Payment link')
                      }}
                      data-testid="order-copy-new-checkout"
                    >
                      Copy link
                    </button>
                    {state.created.requestId && (
                      <RequestButton requestId={state.created.requestId} className="btn btn-small btn-link">
                        View request
                      </RequestButton>
                    )}
                  </div>
                )}
              </div>
            )}
          </section>

          <section className="order-section" aria-labelledby="order-payments-title">
            <h2 id="order-payments-title">Payments ({payments.length})</h2>
            <PaymentsOfOrder
              payments={payments}
              locale={locale}
              onOpen={(paymentId) => navigate({ screen: 'payments', paymentId })}
            />
          </section>

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
