// The hosted pages of the sandbox (outside /v2): the checkout page the customer is sent to
// (`_links.checkout`, spec 1 and 2.4), its result page, the dashboard pages and the documentation
// stub that `_links.documentation` points to. Plain HTML forms, no script.
import { CARD_FAILURE_REASONS } from '../shared/service/enums'
import type { PaymentLinkData } from './recurring-store'
import type { PaymentData } from './store'
import { CHECKOUT_OUTCOMES } from './store'

function escapeHtml(text: string): string {
  return text.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c,
  )
}

function page(title: string, body: string): string {
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(title)}</title>
<style>
body{font-family:system-ui,sans-serif;max-width:32rem;margin:3rem auto;padding:0 1rem;color:#1b1b1f}
.amount{font-size:2rem;font-weight:600;margin:.25rem 0}
.muted{color:#5b5b66}
form{display:inline}
button{font:inherit;margin:.25rem .25rem .25rem 0;padding:.5rem 1rem;border-radius:.4rem;border:1px solid #888;background:#fff;cursor:pointer}
button.primary{background:#1b5fd9;color:#fff;border-color:#1b5fd9}
</style>
</head>
<body>
${body}
</body>
</html>
`
}

const OUTCOME_LABELS: Record<string, string> = {
  paid: 'Pay',
  authorized: 'Authorize',
  failed: 'Fail',
  canceled: 'Cancel',
  expired: 'Let it expire',
}

/** The reason a failed card payment gives (details.failureReason), chosen by the tester. */
function failureSelect(): string {
  const options = Object.entries(CARD_FAILURE_REASONS)
    .map(
      ([reason, message]) =>
        `<option value="${reason}"${reason === 'unknown_reason' ? ' selected' : ''}>${escapeHtml(message)}</option>`,
    )
    .join('')
  return `<label>Failure reason <select name="failureReason">${options}</select></label> `
}

/** `token` is the form's per-payment token (guards.ts), which the POST must carry back. */
export function checkoutPage(payment: PaymentData, token: string): string {
  const summary = `<p class="muted">Sandbox checkout &middot; ${escapeHtml(payment.mode)} mode</p>
<h1>${escapeHtml(payment.description)}</h1>
<p class="amount">${escapeHtml(payment.amount.currency)} ${escapeHtml(payment.amount.value)}</p>
<p class="muted">Payment <code>${escapeHtml(payment.id)}</code>${payment.method ? ` &middot; ${escapeHtml(payment.method)}` : ''}</p>`
  if (payment.status !== 'open') {
    return page(
      'Checkout',
      `${summary}\n<p>This payment is already <strong>${escapeHtml(payment.status)}</strong>.</p>`,
    )
  }
  const forms = CHECKOUT_OUTCOMES.map(
    (outcome) =>
      `<form method="post" action="/checkout/${encodeURIComponent(payment.id)}"><input type="hidden" name="token" value="${escapeHtml(token)}"><input type="hidden" name="outcome" value="${outcome}">${outcome === 'failed' ? failureSelect() : ''}<button type="submit"${outcome === 'paid' ? ' class="primary"' : ''} data-outcome="${outcome}">${OUTCOME_LABELS[outcome]}</button></form>`,
  ).join('\n')
  return page('Checkout', `${summary}\n<p>Choose the outcome of this test payment:</p>\n${forms}`)
}

/** The page of a payment link: what it is for, and a form to go on to the checkout (unless `closed` says why not). */
export function paymentLinkPage(link: PaymentLinkData, token: string, closed: string | null): string {
  const amount = link.amount ? `${escapeHtml(link.amount.currency)} ${escapeHtml(link.amount.value)}` : ''
  const summary = `<p class="muted">Sandbox payment link &middot; ${escapeHtml(link.mode)} mode</p>
<h1>${escapeHtml(link.description)}</h1>
<p class="amount">${amount}</p>`
  if (closed !== null) return page('Payment link', `${summary}\n<p>${escapeHtml(closed)}</p>`)
  const form = `<form method="post" action="/payment-link/${encodeURIComponent(link.id)}"><input type="hidden" name="token" value="${escapeHtml(token)}"><button type="submit" class="primary" data-action="pay">Go to checkout</button></form>`
  return page('Payment link', `${summary}\n${form}`)
}

export function resultPage(payment: PaymentData): string {
  return page(
    'Payment result',
    `<h1>Payment ${escapeHtml(payment.status)}</h1>
<p>Payment <code>${escapeHtml(payment.id)}</code> is now <strong data-status="${escapeHtml(payment.status)}">${escapeHtml(payment.status)}</strong>.</p>
<p class="muted">No redirectUrl was given, so the sandbox shows this page instead of returning to the shop.</p>`,
  )
}

export function messagePage(title: string, message: string): string {
  return page(title, `<h1>${escapeHtml(title)}</h1>\n<p>${escapeHtml(message)}</p>`)
}

export function dashboardPage(kind: string, id: string, json: unknown): string {
  return page(
    `Dashboard: ${kind} ${id}`,
    `<p class="muted">Sandbox dashboard</p>\n<h1>${escapeHtml(kind)} <code>${escapeHtml(id)}</code></h1>\n<pre>${escapeHtml(JSON.stringify(json, null, 2))}</pre>`,
  )
}

export function documentationPage(topic: string): string {
  return page(
    `Documentation: ${topic}`,
    `<h1>Payment service sandbox</h1>\n<p>Reference topic <code>${escapeHtml(topic)}</code>. The sandbox follows the payment service v2 interface; see docs/SANDBOX.md in the Paydesk repository for what it implements.</p>`,
  )
}
