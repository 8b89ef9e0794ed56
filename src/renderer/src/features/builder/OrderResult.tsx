import type { Order, Payment } from '../../../../shared/api-types'
import { formatAmountForDisplay } from '../../../../shared/money'
import { useAppStore } from '../../stores/window-stores'
import type { CreateResult } from '../../stores/builder-store'
import { useBuilder } from './builder-context'
import { TableHead } from '../../components/TableHead'
import { SendLink } from './SendLink'
import { useOutcomeNote } from './use-outcome-note'

/** The created order's or payment's checkout link, to copy, open or send to the customer. */
function CheckoutLink({ created, what }: { created: Order | Payment; what: string }): React.JSX.Element {
  const [note, report] = useOutcomeNote()
  const copyText = useAppStore((s) => s.copyText)
  const openExternal = useAppStore((s) => s.openExternal)
  const link = created._links.checkout
  if (!link) return <p className="field-hint">No checkout link: the payment can no longer be paid.</p>
  return (
    <>
      <div className="pd-checkout">
        <span className="field-label">Checkout link</span>
        <div className="toolbar">
          <code className="mono pd-link" data-testid="checkout-url">
            {link.href}
          </code>
          <button
            type="button"
            className="btn btn-small"
            onClick={() => report(copyText(link.href), 'Copied.', 'Could not copy the link')}
            data-testid="copy-checkout"
          >
            Copy
          </button>
          <button
            type="button"
            className="btn btn-small btn-primary"
            onClick={() => report(openExternal(link.href), null)}
            data-testid="open-checkout"
          >
            Open in browser
          </button>
        </div>
        {note && <div className="field-hint">{note}</div>}
      </div>
      <SendLink
        target={{ kind: created.resource === 'order' ? 'order' : 'payment', id: created.id }}
        link={link.href}
        amount={created.amount}
        what={what}
        locale={created.locale}
        address={created.billingAddress}
      />
    </>
  )
}

function PaymentsTable({ payments }: { payments: readonly Payment[] }): React.JSX.Element {
  const navigate = useAppStore((s) => s.navigate)
  return (
    <table className="data">
      <TableHead columns={['Payment', 'Status', 'Amount', 'Method']} />
      <tbody>
        {payments.map((p) => (
          <tr key={p.id}>
            <td>
              <button
                type="button"
                className="btn-link mono"
                onClick={() => navigate({ screen: 'payments', paymentId: p.id })}
              >
                {p.id}
              </button>
            </td>
            <td>{p.status}</td>
            <td className="mono">{formatAmountForDisplay(p.amount)}</td>
            <td>{p.method ?? '—'}</td>
          </tr>
        ))}
      </tbody>
    </table>
  )
}

/** What was created: ids, status, amount, lines, payments, the checkout link, and what next. */
export function OrderResult({ result }: { result: CreateResult }): React.JSX.Element {
  const createAnother = useBuilder((s) => s.createAnother)
  const newDraft = useBuilder((s) => s.newDraft)
  const kind = result.kind
  return (
    <section className="panel pd-result" aria-labelledby="pd-result-title" data-testid="result">
      <div className="banner banner-ok">
        <h2 id="pd-result-title">
          {kind === 'order' ? 'Order' : 'Payment'} created:{' '}
          <span className="mono" data-testid="result-id">
            {kind === 'order' ? result.value.order.id : result.value.payment.id}
          </span>
        </h2>
        The draft “{result.value.draft.name}” is kept under Created (idempotency key{' '}
        <span className="mono">{result.value.idempotencyKey}</span>).
      </div>
      {kind === 'order' ? (
        <>
          <dl className="pd-summary">
            <dt>Status</dt>
            <dd data-testid="result-status">{result.value.order.status}</dd>
            <dt>Order number</dt>
            <dd>{result.value.order.orderNumber}</dd>
            <dt>Amount</dt>
            <dd className="mono" data-testid="result-amount">
              {result.value.order.amount.currency} {result.value.order.amount.value}
            </dd>
            <dt>Mode</dt>
            <dd>{result.value.order.mode}</dd>
          </dl>
          <CheckoutLink created={result.value.order} what={`order ${result.value.order.orderNumber}`} />
          <h3>Lines</h3>
          <table className="data" data-testid="result-lines">
            <TableHead columns={['Line', 'Type', 'Name', 'Qty', 'Total', 'VAT']} />
            <tbody>
              {result.value.order.lines.map((l) => (
                <tr key={l.id}>
                  <td className="mono">{l.id}</td>
                  <td>{l.type}</td>
                  <td>{l.name}</td>
                  <td>{l.quantity}</td>
                  <td className="mono">{l.totalAmount.value}</td>
                  <td className="mono">{l.vatAmount ? `${l.vatAmount.value} (${l.vatRate}%)` : '—'}</td>
                </tr>
              ))}
            </tbody>
          </table>
          {result.value.order._embedded?.payments && (
            <>
              <h3>Payments</h3>
              <PaymentsTable payments={result.value.order._embedded.payments} />
            </>
          )}
        </>
      ) : (
        <>
          <dl className="pd-summary">
            <dt>Status</dt>
            <dd data-testid="result-status">{result.value.payment.status}</dd>
            <dt>Description</dt>
            <dd>{result.value.payment.description}</dd>
            <dt>Amount</dt>
            <dd className="mono" data-testid="result-amount">
              {result.value.payment.amount.currency} {result.value.payment.amount.value}
            </dd>
          </dl>
          <CheckoutLink created={result.value.payment} what={result.value.payment.description} />
        </>
      )}
      <div className="toolbar">
        <button
          type="button"
          className="btn btn-primary"
          onClick={() => void createAnother()}
          data-testid="create-another"
        >
          Create another like this
        </button>
        <button type="button" className="btn" onClick={() => void newDraft(kind)}>
          New empty {kind}
        </button>
      </div>
    </section>
  )
}
