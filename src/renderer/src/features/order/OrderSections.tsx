import type { Address, Order, OrderLine, Payment } from '../../../../shared/api-types'
import { formatAmountForDisplay } from '../../../../shared/money'
import { orderExpiryApplies } from '../../../../shared/story/order-story'
import { RequestButton } from '../../components/RequestButton'
import { TableHead } from '../../components/TableHead'
import type { OrderState } from '../../stores/order-store'
import { CustomerButton } from '../../components/CustomerButton'
import { ErrorBanner } from '../../components/ErrorBanner'
import { formatLocalDateTime, statusClass } from '../../lib/format'

// The parts of the order view: its summary, its payment link and new payment, its payments, lines
// and addresses (markup only; OrderScreen and useOrderView hold the logic).

type Copy = (text: string, what: string) => Promise<void>

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

export function AddressBlock({ title, address }: { title: string; address: Address | undefined }): React.JSX.Element {
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

export function LinesTable({ lines, locale }: { lines: OrderLine[]; locale: string }): React.JSX.Element {
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

export function PaymentsOfOrder({
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

export function OrderSummary({ o, locale }: { o: Order; locale: string }): React.JSX.Element {
  return (
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
        typeof o[key] === 'string' && (key !== 'expiresAt' || orderExpiryApplies(o.status)) ? (
          <div key={key}>
            <dt>{label}</dt>
            <dd>
              <time dateTime={o[key]}>{formatLocalDateTime(o[key])}</time>
            </dd>
          </div>
        ) : null,
      )}
    </dl>
  )
}

export function PaymentLinkSection({
  o,
  state,
  blocker,
  copy,
  openExternal,
  newPayment,
}: {
  o: Order
  state: OrderState
  blocker: string | null
  copy: Copy
  openExternal: (url: string) => Promise<void>
  newPayment: () => void
}): React.JSX.Element {
  const checkout = o._links.checkout?.href ?? null
  return (
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
          onClick={newPayment}
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
      {state.errandError && (
        <ErrorBanner error={state.errandError} context="No new payment was created." testId="order-action-error" />
      )}
      <NewPaymentDone state={state} copy={copy} />
    </section>
  )
}

function NewPaymentDone({ state, copy }: { state: OrderState; copy: Copy }): React.JSX.Element | null {
  if (!state.created) return null
  return (
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
  )
}
