import type { Amount, Payment } from '../../../shared/api-types'
import { useShortcutKeys } from '../lib/keyboard'
import { ORDER_ID_PATTERN } from '../../../shared/ipc/orders'
import { formatAmountForDisplay } from '../../../shared/money'
import { useLinkErrands } from '../components/use-link-errands'
import { useAppStore, useDeliveries, usePayment } from '../stores/window-stores'
import type { DetailState } from '../stores/payments-store'
import { PaymentWrites } from '../features/write-dialogs/PaymentWrites'
import { LoadState } from '../components/ErrorBanner'
import { formatLocalDateTime, statusClass, userLocale } from '../lib/format'
import { TableHead } from '../components/TableHead'
import { RequestButton } from '../components/RequestButton'
import { PaymentStoryView } from '../features/payments/PaymentStory'
import { CustomerButton } from '../components/CustomerButton'
import { RecordPanel, useObjectRecord } from '../features/team/RecordPanel'
import { SendFromPayment } from '../features/sending/SendSomething'

const AMOUNT_FIELDS = [
  'amount',
  'amountRefunded',
  'amountRemaining',
  'amountCaptured',
  'amountChargedBack',
  'settlementAmount',
] as const
const TIME_FIELDS = ['createdAt', 'authorizedAt', 'paidAt', 'canceledAt', 'expiresAt', 'expiredAt', 'failedAt'] as const
const LINK_NAMES: { key: 'checkout' | 'dashboard' | 'order' | 'documentation'; label: string }[] = [
  { key: 'checkout', label: 'Checkout' },
  { key: 'dashboard', label: 'Dashboard' },
  { key: 'order', label: 'Order' },
  { key: 'documentation', label: 'Documentation' },
]
const SHOWN_ELSEWHERE = new Set<string>([
  ...AMOUNT_FIELDS,
  ...TIME_FIELDS,
  '_links',
  'lines',
  'metadata',
  'details',
  'status',
  'id',
])

function isAmount(v: unknown): v is Amount {
  return (
    typeof v === 'object' &&
    v !== null &&
    typeof (v as Amount).value === 'string' &&
    typeof (v as Amount).currency === 'string'
  )
}

function FieldValue({ value }: { value: unknown }): React.JSX.Element {
  if (value === null) return <span className="muted">null</span>
  if (typeof value === 'boolean') return <>{value ? 'yes' : 'no'}</>
  if (typeof value === 'string' || typeof value === 'number')
    return <span className="wrap-anywhere">{String(value)}</span>
  return <pre className="code json-small">{JSON.stringify(value, null, 2)}</pre>
}

interface PaymentDetailProps {
  detail: DetailState
  onClose: () => void
  onRefresh: () => void
}

/**
 * The open payment. The payment and its webhook calls are read from the window's cache by id: what
 * the last read or action (a refund) answered shows here, as in the list's row and the customer view.
 */
export function PaymentDetail({ detail, onClose, onRefresh }: PaymentDetailProps): React.JSX.Element {
  const navigate = useAppStore((s) => s.navigate)
  const { notice, copy, open } = useLinkErrands()
  const p = usePayment(detail.id)
  const deliveries = useDeliveries(detail.id)
  const context = detail.context && deliveries ? { ...detail.context, deliveries } : detail.context
  const record = useObjectRecord({ kind: 'payment', id: detail.id })
  // O opens this payment's order, L copies its payment link (the checkout): this payment's, always.
  const orderHref = p?._links.order?.href
  const orderId = orderHref ? orderIdOf(orderHref) : null
  const checkout = p?._links.checkout?.href ?? null
  useShortcutKeys({
    o: orderId ? () => navigate({ screen: 'order', orderId }) : null,
    l: checkout ? () => void copy(checkout, 'Payment link') : null,
  })

  return (
    <aside
      className="panel pay-detail"
      aria-labelledby="pay-detail-title"
      data-testid="payment-detail"
      data-overlay="drawer"
    >
      <header className="pay-detail-header">
        <h2 id="pay-detail-title" className="mono">
          {detail.id}
        </h2>
        <button
          type="button"
          className="btn btn-small"
          onClick={onClose}
          aria-label="Close detail (Esc)"
          title="Close (Esc)"
        >
          ✕
        </button>
      </header>
      <div className="toolbar">
        <button type="button" className="btn btn-small" onClick={() => void copy(detail.id, 'ID')}>
          Copy id
        </button>
        <button
          type="button"
          className="btn btn-small"
          disabled={!p}
          onClick={() => p && void copy(JSON.stringify(p, null, 2), 'JSON')}
        >
          Copy JSON
        </button>
        <button
          type="button"
          className="btn btn-small"
          onClick={onRefresh}
          disabled={detail.loading}
          data-testid="detail-refresh"
        >
          {detail.loading ? 'Refreshing…' : 'Refresh'}
        </button>
        <RequestButton
          requestId={detail.requestId}
          testId="detail-inspector"
          title={
            detail.requestId
              ? 'Show the request that fetched this payment'
              : 'The request log has not reported this request'
          }
        >
          View request in Inspector
        </RequestButton>
        {p && <CustomerButton of={p} testId="detail-customer" />}
      </div>
      <LoadState what="payment" id={detail.id} notice={notice} loading={detail.loading && !p} error={detail.error} />
      {p && <PaymentStoryView payment={p} context={context} record={record} />}
      {p && <PaymentWrites payment={p} record={record} reading={detail.loading} />}
      {p && <SendFromPayment payment={p} />}
      {record && <RecordPanel store={record} />}
      {p && (
        <PaymentFields
          payment={p}
          onOpen={(url) => void open(url)}
          onOpenOrder={(orderId) => navigate({ screen: 'order', orderId })}
        />
      )}
    </aside>
  )
}

/** The order id at the end of an order's API URL (`…/v2/orders/ord_…`), or null. */
function orderIdOf(href: string): string | null {
  try {
    const last = new URL(href).pathname.split('/').filter(Boolean).pop() ?? ''
    return ORDER_ID_PATTERN.test(last) ? last : null
  } catch {
    return null
  }
}

function PaymentFields({
  payment: p,
  onOpen,
  onOpenOrder,
}: {
  payment: Payment
  onOpen: (url: string) => void
  onOpenOrder: (orderId: string) => void
}): React.JSX.Element {
  const locale = userLocale()
  const record = p as unknown as Record<string, unknown>
  const links = p._links ?? {}
  return (
    <div className="pay-detail-body">
      <LinksBar links={links} onOpen={onOpen} onOpenOrder={onOpenOrder} />
      <details className="pay-raw" data-testid="payment-api-details">
        <summary>API details</summary>
        <dl className="pay-fields">
          <div className="pay-field">
            <dt>status</dt>
            <dd>
              <span className={statusClass(p.status)} data-testid="detail-status">
                {p.status}
              </span>
            </dd>
          </div>
          {AMOUNT_FIELDS.map((k) =>
            isAmount(record[k]) ? (
              <div key={k} className="pay-field">
                <dt>{k}</dt>
                <dd>
                  <span data-testid={`detail-${k}`}>{formatAmountForDisplay(record[k], locale)}</span>{' '}
                  <span className="muted mono">
                    {record[k].value} {record[k].currency}
                  </span>
                </dd>
              </div>
            ) : null,
          )}
          {TIME_FIELDS.map((k) =>
            typeof record[k] === 'string' ? (
              <div key={k} className="pay-field">
                <dt>{k}</dt>
                <dd>
                  <time dateTime={record[k]} title={record[k]}>
                    {formatLocalDateTime(record[k])}
                  </time>
                </dd>
              </div>
            ) : null,
          )}
          {Object.keys(record)
            .filter((k) => !SHOWN_ELSEWHERE.has(k))
            .map((k) => (
              <div key={k} className="pay-field">
                <dt>{k}</dt>
                <dd>
                  <FieldValue value={record[k]} />
                </dd>
              </div>
            ))}
        </dl>

        {Array.isArray(p.lines) && p.lines.length > 0 && (
          <>
            <h3>Lines</h3>
            <table className="data pay-lines">
              <TableHead columns={['Description', 'Qty', 'Unit price', 'Total']} />
              <tbody>
                {p.lines.map((line, i) => (
                  <tr key={i}>
                    <td>{line.description}</td>
                    <td>{line.quantity}</td>
                    <td>{formatAmountForDisplay(line.unitPrice, locale)}</td>
                    <td>{formatAmountForDisplay(line.totalAmount, locale)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </>
        )}
        {p.metadata !== undefined && (
          <>
            <h3>Metadata</h3>
            <pre className="code json-small">{JSON.stringify(p.metadata, null, 2)}</pre>
          </>
        )}
        {p.details !== undefined && p.details !== null && (
          <>
            <h3>Details</h3>
            <pre className="code json-small">{JSON.stringify(p.details, null, 2)}</pre>
          </>
        )}
        <h3>Raw JSON</h3>
        <pre className="code" data-testid="detail-raw">
          {JSON.stringify(p, null, 2)}
        </pre>
      </details>
    </div>
  )
}

/** The payment's links: its order (in the order view), its checkout and its dashboard page. */
function LinksBar({
  links,
  onOpen,
  onOpenOrder,
}: {
  links: Payment['_links']
  onOpen: (url: string) => void
  onOpenOrder: (orderId: string) => void
}): React.JSX.Element {
  return (
    <>
      <h3 className="visually-hidden">Links</h3>
      <div className="toolbar">
        {LINK_NAMES.map(({ key, label }) => {
          const link = (links as Record<string, { href?: string } | null | undefined>)[key]
          // The order opens in the order view (its API URL would answer 401 in a browser).
          const orderId = key === 'order' && link?.href ? orderIdOf(link.href) : null
          if (orderId) {
            return (
              <button
                key={key}
                type="button"
                className="btn btn-small"
                onClick={() => onOpenOrder(orderId)}
                title={`Open order ${orderId} (O)`}
                aria-keyshortcuts="O"
                data-testid="detail-link-order"
              >
                Open order
              </button>
            )
          }
          return link?.href ? (
            <button
              key={key}
              type="button"
              className="btn btn-small"
              onClick={() => link.href && onOpen(link.href)}
              title={link.href}
              data-testid={`detail-link-${key}`}
            >
              Open {label} ↗
            </button>
          ) : null
        })}
      </div>
    </>
  )
}
