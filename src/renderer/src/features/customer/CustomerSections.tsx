import type { Address } from '../../../../shared/api-types'
import type { CustomerOrder, CustomerPayment, CurrencyTotals } from '../../../../shared/customer-summary'
import type { CustomerView } from '../../../../shared/ipc/customers'
import { formatAmountForDisplay } from '../../../../shared/money'
import { TableHead } from '../../components/TableHead'
import { formatLocalDateTime, statusClass } from '../../lib/format'
import { methodWords, problemSentence, statusWords } from './customer-text'

// The parts of the customer view, in the agent's words. Each order and payment opens its own view.

export interface Openers {
  openOrder(id: string): void
  openPayment(id: string): void
}

function addressLines(a: Address): string[] {
  const name = [a.givenName, a.familyName].filter(Boolean).join(' ') || a.organizationName || ''
  const city = [a.postalCode, a.city].filter(Boolean).join(' ')
  return [
    name,
    a.streetAndNumber ?? '',
    a.streetAdditional ?? '',
    city,
    [a.region, a.country].filter(Boolean).join(', '),
  ]
    .map((line) => line.trim())
    .filter(Boolean)
}

export function ContactDetails({ view }: { view: CustomerView }): React.JSX.Element {
  const none = <span className="muted">not known</span>
  return (
    <section className="order-section" aria-labelledby="customer-contact-title">
      <h2 id="customer-contact-title">Contact details</h2>
      <dl className="order-summary" data-testid="customer-contact">
        <div>
          <dt>Name</dt>
          <dd data-testid="customer-name">{view.name ?? none}</dd>
        </div>
        <div>
          <dt>E-mail</dt>
          <dd data-testid="customer-email">{view.email ?? none}</dd>
        </div>
        <div>
          <dt>Phone</dt>
          <dd data-testid="customer-phone">{view.phone ?? none}</dd>
        </div>
      </dl>
      {view.addresses.length > 0 && (
        <div className="customer-addresses">
          {view.addresses.map((a, i) => (
            <address key={i} data-testid="customer-address">
              {addressLines(a).map((line, j) => (
                <div key={j}>{line}</div>
              ))}
            </address>
          ))}
        </div>
      )}
    </section>
  )
}

const TOTAL_COLUMNS: { key: keyof Omit<CurrencyTotals, 'currency'>; label: string }[] = [
  { key: 'paid', label: 'Paid' },
  { key: 'refunded', label: 'Refunded' },
  { key: 'chargedBack', label: 'Taken back by the bank' },
  { key: 'failed', label: 'Failed' },
  { key: 'open', label: 'Waiting for payment' },
]

export function Totals(props: { totals: CurrencyTotals[]; locale: string; partial: number | null }): React.JSX.Element {
  const { totals, locale, partial } = props
  return (
    <section className="order-section" aria-labelledby="customer-totals-title">
      <h2 id="customer-totals-title">Totals</h2>
      {partial !== null && (
        <p className="muted" data-testid="customer-totals-partial">
          Of the newest {partial} payments, shown below; older ones are not added up.
        </p>
      )}
      {totals.length === 0 ? (
        <p className="muted">No payments, so nothing to add up.</p>
      ) : (
        <table className="data customer-totals" data-testid="customer-totals">
          <TableHead columns={['Currency', ...TOTAL_COLUMNS.map((c) => c.label)]} />
          <tbody>
            {totals.map((t) => (
              <tr key={t.currency} data-currency={t.currency}>
                <th scope="row">{t.currency}</th>
                {TOTAL_COLUMNS.map((c) => (
                  <td key={c.key} data-testid={`total-${t.currency}-${c.key}`} data-value={t[c.key]}>
                    {formatAmountForDisplay({ currency: t.currency, value: t[c.key] }, locale)}
                  </td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </section>
  )
}

export function Problems(props: { view: CustomerView; locale: string; nowMs: number } & Openers): React.JSX.Element {
  const { view, locale, nowMs } = props
  return (
    <section className="order-section" aria-labelledby="customer-problems-title">
      <h2 id="customer-problems-title">Problems, most recent first</h2>
      {view.problems.length === 0 ? (
        <p className="muted" data-testid="customer-no-problems">
          Nothing failed, expired, was canceled or taken back, and nothing has waited more than a day.
        </p>
      ) : (
        <ol className="customer-problems" data-testid="customer-problems">
          {view.problems.map((p) => {
            const id = p.paymentId ?? p.orderId ?? ''
            return (
              <li key={`${p.kind}-${id}`} data-testid="customer-problem" data-kind={p.kind} data-id={id}>
                <span>{problemSentence(p, locale, nowMs)}</span>{' '}
                <time className="muted" dateTime={p.at}>
                  {formatLocalDateTime(p.at)}
                </time>{' '}
                <button
                  type="button"
                  className="link-button"
                  onClick={() => (p.paymentId ? props.openPayment(p.paymentId) : props.openOrder(id))}
                >
                  Open {p.paymentId ? 'payment' : 'order'}
                </button>
              </li>
            )
          })}
        </ol>
      )}
    </section>
  )
}

function Bound({ more, bound, what }: { more: boolean; bound: number; what: string }): React.JSX.Element | null {
  if (!more) return null
  return (
    <p className="muted" data-testid={`customer-${what}-bound`}>
      Showing the newest {bound} {what}; this customer has more. Search by their e-mail to find older ones.
    </p>
  )
}

const LISTS = {
  orders: { title: 'Orders', columns: ['Order', 'Status', 'Amount', 'Refunded', 'Placed'] },
  payments: { title: 'Payments', columns: ['Payment', 'Status', 'Method', 'Amount', 'Created'] },
} as const

/** One of the customer's lists: its title and count, whether it is cut short, and its table or "No …". */
function CustomerList(props: {
  view: CustomerView
  what: keyof typeof LISTS
  children: React.ReactNode
}): React.JSX.Element {
  const { view, what } = props
  const count = view[what].length
  return (
    <section className="order-section" aria-labelledby={`customer-${what}-title`}>
      <h2 id={`customer-${what}-title`}>
        {LISTS[what].title} ({count})
      </h2>
      <Bound more={what === 'orders' ? view.moreOrders : view.morePayments} bound={view.bound} what={what} />
      {count === 0 ? (
        <p className="muted">No {what}.</p>
      ) : (
        <table className="data" data-testid={`customer-${what}`}>
          <TableHead columns={LISTS[what].columns} />
          <tbody>{props.children}</tbody>
        </table>
      )}
    </section>
  )
}

/** A row's first cells: the button that opens it (and whether it is as last synced), and its status. */
function LeadCells(props: {
  item: { fresh: boolean; status: string }
  label: string
  onOpen: () => void
  note?: string | null
}): React.JSX.Element {
  const { item } = props
  return (
    <>
      <td>
        <button type="button" className="link-button" onClick={props.onOpen}>
          {props.label}
        </button>
        {!item.fresh && <span className="muted"> (as last synced)</span>}
      </td>
      <td>
        <span className={statusClass(item.status)}>{statusWords(item.status)}</span>
        {props.note && <div className="muted small">{props.note}</div>}
      </td>
    </>
  )
}

type TableProps = { view: CustomerView; locale: string } & Openers

export function OrdersTable({ view, locale, openOrder }: TableProps): React.JSX.Element {
  return (
    <CustomerList view={view} what="orders">
      {view.orders.map((o: CustomerOrder) => (
        <tr key={o.id} data-testid="customer-order-row" data-order-id={o.id}>
          <LeadCells item={o} label={`Order ${o.orderNumber}`} onOpen={() => openOrder(o.id)} />
          <td>{formatAmountForDisplay(o.amount, locale)}</td>
          <td>{o.amountRefunded ? formatAmountForDisplay(o.amountRefunded, locale) : '—'}</td>
          <td>{formatLocalDateTime(o.createdAt)}</td>
        </tr>
      ))}
    </CustomerList>
  )
}

export function CustomerPaymentsTable({ view, locale, openPayment }: TableProps): React.JSX.Element {
  return (
    <CustomerList view={view} what="payments">
      {view.payments.map((p: CustomerPayment) => (
        <tr key={p.id} data-testid="customer-payment-row" data-payment-id={p.id} data-status={p.status}>
          <LeadCells item={p} label={p.description || 'Payment'} note={p.failure} onOpen={() => openPayment(p.id)} />
          <td>{methodWords(p.method)}</td>
          <td>
            {formatAmountForDisplay(p.amount, locale)}
            {p.amountRefunded && !/^0(\.0+)?$/.test(p.amountRefunded.value) && (
              <div className="muted small">{formatAmountForDisplay(p.amountRefunded, locale)} refunded</div>
            )}
          </td>
          <td>{formatLocalDateTime(p.createdAt)}</td>
        </tr>
      ))}
    </CustomerList>
  )
}
