// The hosted pages (outside /v2): checkout, result, dashboard, documentation (checkout-page.ts
// writes their HTML); every one refuses framing.
import { isManualCapture, onAuthorized, scheduleDelayedCapture } from './routes/captures'
import { CARD_FAILURE_REASONS, type CardFailureReason } from '../shared/service/enums'
import { checkoutPage, dashboardPage, messagePage, paymentLinkPage, resultPage } from './checkout-page'
import { paymentLinkClosed, startPaymentLinkPayment } from './routes/payment-links'
import { type Reply } from './errors'
import { checkoutPostRefusal, checkoutToken } from './guards'
import { isoNow } from './request'
import { orderJson, paymentJson } from './resources'
import { orderPayments } from './routes/orders'
import { type SandboxContext, readBody } from './context'
import { CHECKOUT_OUTCOMES, type CheckoutOutcome } from './store'
import { type IncomingMessage, type ServerResponse } from 'node:http'

export function sendPlain(res: ServerResponse, reply: Reply): void {
  const body = Buffer.from(reply.body)
  res.writeHead(reply.status, { ...reply.headers, 'Content-Length': String(body.length) })
  res.end(body)
}

/**
 * Every hosted page refuses to be framed (issue 22 item 8): a page of another site cannot put the
 * checkout's buttons under its own and have a tester click "Pay" unknowingly (clickjacking).
 */
const PAGE_FRAMING_HEADERS: Readonly<Record<string, string>> = {
  'Content-Security-Policy': "frame-ancestors 'none'",
  'X-Frame-Options': 'DENY',
}

export function htmlReply(status: number, html: string, headers: Record<string, string> = {}): Reply {
  return {
    status,
    headers: { 'Content-Type': 'text/html; charset=utf-8', ...PAGE_FRAMING_HEADERS, ...headers },
    body: html,
  }
}

export async function handleCheckout(
  ctx: SandboxContext,
  req: IncomingMessage,
  res: ServerResponse,
  url: URL,
): Promise<void> {
  const body = (await readBody(req, 10_000)) ?? Buffer.alloc(0)
  const id = decodeURIComponent(url.pathname.slice('/checkout/'.length))
  const record = ctx.store.getPaymentAnyScope(id)
  if (!record) return sendPlain(res, htmlReply(404, messagePage('Not found', `There is no payment ${id}.`)))
  const method = (req.method ?? 'GET').toUpperCase()
  const token = checkoutToken(ctx.checkoutSecret, record.data.id)
  if (method === 'GET' || method === 'HEAD') return sendPlain(res, htmlReply(200, checkoutPage(record.data, token)))
  if (method !== 'POST') {
    return sendPlain(
      res,
      htmlReply(405, messagePage('Method not allowed', 'Use GET or POST.'), { Allow: 'GET, HEAD, POST' }),
    )
  }
  const form = new URLSearchParams(body.toString('utf8'))
  const outcome = form.get('outcome')
  if (!CHECKOUT_OUTCOMES.includes(outcome as CheckoutOutcome)) {
    return sendPlain(res, htmlReply(400, messagePage('Bad request', `Choose one of ${CHECKOUT_OUTCOMES.join(', ')}.`)))
  }
  // A payment past its checkout changes for nobody: say so before asking where the form came from.
  if (record.data.status !== 'open') return sendPlain(res, htmlReply(409, checkoutPage(record.data, token)))
  const refusal = checkoutPostRefusal(req, ctx.origin, form.get('token'), token)
  if (refusal !== null) return sendPlain(res, htmlReply(403, messagePage('Not sent from the checkout page', refusal)))
  const reason = form.get('failureReason') ?? 'unknown_reason'
  if (!(reason in CARD_FAILURE_REASONS)) {
    return sendPlain(
      res,
      htmlReply(
        400,
        messagePage('Bad request', `Choose a failure reason: ${Object.keys(CARD_FAILURE_REASONS).join(', ')}.`),
      ),
    )
  }
  const newMandate = () => ctx.ids.next('mdt')
  // A payment with captureMode manual is authorized, not paid, when the payer pays (captures.ts).
  const chosen = outcome === 'paid' && isManualCapture(record) ? 'authorized' : (outcome as CheckoutOutcome)
  if (!ctx.store.applyOutcome(id, chosen, isoNow(ctx), newMandate, reason as CardFailureReason)) {
    return sendPlain(res, htmlReply(409, checkoutPage(record.data, token)))
  }
  const payment = record.data
  if (payment.status === 'authorized') {
    onAuthorized(record, ctx.now())
    scheduleDelayedCapture(ctx, record, ctx.now())
  }
  // https://docs.mollie.com/reference/get-payment-link `paidAt`: when the link was first paid.
  const link = record.related?.paymentLinkId
    ? ctx.store.recurring.linkAnyScope(record.related.paymentLinkId)
    : undefined
  if (link && payment.status === 'paid') link.paidAt ??= isoNow(ctx)
  ctx.events.emit(ctx, 'payment', payment.id)
  if (payment.orderId !== undefined) ctx.events.emit(ctx, 'order', payment.orderId)
  // The customer goes to cancelUrl on an explicit cancel when there is one, else to redirectUrl (spec 2.2).
  const target = outcome === 'canceled' && payment.cancelUrl ? payment.cancelUrl : payment.redirectUrl
  if (target) return sendPlain(res, { status: 303, headers: { Location: target }, body: '' })
  return sendPlain(res, htmlReply(200, resultPage(payment)))
}

/**
 * The page of a payment link (`_links.paymentLink`): GET shows it; its form (POST, with the page's
 * token, like the checkout form) makes the link's payment and sends the payer to its checkout
 * (https://docs.mollie.com/reference/create-payment-link: a payment "will only be created once the
 * customer initiates the payment").
 */
export async function handlePaymentLinkPage(
  ctx: SandboxContext,
  req: IncomingMessage,
  res: ServerResponse,
  url: URL,
): Promise<void> {
  const body = (await readBody(req, 10_000)) ?? Buffer.alloc(0)
  const id = decodeURIComponent(url.pathname.slice('/payment-link/'.length))
  const link = ctx.store.recurring.linkAnyScope(id)
  if (!link) return sendPlain(res, htmlReply(404, messagePage('Not found', `There is no payment link ${id}.`)))
  const token = checkoutToken(ctx.checkoutSecret, link.id)
  const closed = paymentLinkClosed(ctx, link)
  const method = (req.method ?? 'GET').toUpperCase()
  if (method === 'GET' || method === 'HEAD') return sendPlain(res, htmlReply(200, paymentLinkPage(link, token, closed)))
  if (method !== 'POST') {
    return sendPlain(
      res,
      htmlReply(405, messagePage('Method not allowed', 'Use GET or POST.'), { Allow: 'GET, HEAD, POST' }),
    )
  }
  if (closed !== null) return sendPlain(res, htmlReply(409, paymentLinkPage(link, token, closed)))
  const refusal = checkoutPostRefusal(req, ctx.origin, new URLSearchParams(body.toString('utf8')).get('token'), token)
  if (refusal !== null)
    return sendPlain(res, htmlReply(403, messagePage('Not sent from the payment link page', refusal)))
  const payment = startPaymentLinkPayment(ctx, link)
  return sendPlain(res, { status: 303, headers: { Location: `${ctx.origin}/checkout/${payment.data.id}` }, body: '' })
}

export function handleDashboard(ctx: SandboxContext, url: URL): Reply {
  const [, kind, id = ''] = url.pathname.split('/').filter(Boolean)
  if (kind === 'payments') {
    const record = ctx.store.getPaymentAnyScope(id)
    if (record)
      return htmlReply(200, dashboardPage('Payment', id, paymentJson(ctx.origin, record.data, record.related)))
  }
  if (kind === 'orders') {
    const record = ctx.store.getOrderAnyScope(id)
    if (record) {
      const json = orderJson(ctx.origin, record, orderPayments(ctx, record.paymentIds), new Set(['payments']))
      return htmlReply(200, dashboardPage('Order', id, json))
    }
  }
  return htmlReply(404, messagePage('Not found', `Nothing at ${url.pathname}.`))
}
