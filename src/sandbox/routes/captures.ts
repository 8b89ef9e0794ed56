// Captures (https://docs.mollie.com/reference/captures-api, https://docs.mollie.com/docs/place-a-hold-for-a-payment):
// a payment created with `captureMode: manual` is authorized at checkout, not paid, and carries
// `captureBefore`; the merchant captures (all or part) or releases the authorization.
import type { Amount, Capture, Metadata } from '../../shared/api-types'
import { amountFromMinor, toMinor } from '../../shared/money'
import { childOfPayment, paymentInScope } from '../actions'
import { jsonReply, SandboxError, type Reply } from '../errors'
import { actScope, isoNow, listQuery, listReply, parsedBody, queryScope, type ApiRequest } from '../request'
import { serviceTimestamp } from '../resources'
import type { SandboxContext } from '../context'
import { listPage, zeroLike, type CaptureData, type PaymentRecord } from '../store'
import { apiLink } from '../links'

/** Sandbox choice: an authorization must be captured within 28 days (the card networks' usual hold). */
const CAPTURE_WINDOW_MS = 28 * 86_400_000
/** Methods that can hold an authorization for a later capture (choice, after the documentation's list). */
const MANUAL_CAPTURE_METHODS: readonly string[] = ['creditcard', 'applepay', 'klarna', 'billie', 'riverty']

/** Whether paying authorizes (holds) instead of paying at once: manual capture, or a delayed one. */
export function isManualCapture(record: PaymentRecord): boolean {
  return record.data.captureMode === 'manual' || record.data.captureDelay !== undefined
}

/**
 * https://docs.mollie.com/reference/create-payment `captureDelay`: "<n> hours" or "<n> days", at most
 * 7 days; it schedules an automatic capture, so it goes with captureMode automatic (or none).
 */
const CAPTURE_DELAY = /^([1-9]\d{0,2}) (hours|days)$/
const MAX_CAPTURE_DELAY_HOURS = 7 * 24

function captureDelayMs(delay: string): number {
  const [, n = '0', unit] = CAPTURE_DELAY.exec(delay) ?? []
  return Number(n) * (unit === 'days' ? 24 : 1) * 3_600_000
}

function applyCaptureDelay(record: PaymentRecord, body: Record<string, unknown>): void {
  const delay = body.captureDelay
  if (delay === undefined || delay === null) return
  if (
    typeof delay !== 'string' ||
    !CAPTURE_DELAY.test(delay) ||
    captureDelayMs(delay) > MAX_CAPTURE_DELAY_HOURS * 3_600_000
  ) {
    throw new SandboxError(
      422,
      'The captureDelay must be a number of hours or days, such as "8 hours" or "2 days", of at most 7 days.',
      'captureDelay',
    )
  }
  if (body.captureMode === 'manual') {
    throw new SandboxError(
      422,
      'A captureDelay schedules an automatic capture: send it without captureMode manual.',
      'captureDelay',
    )
  }
  const method = record.data.method
  if (method !== null && !MANUAL_CAPTURE_METHODS.includes(method)) {
    throw new SandboxError(422, `Payments with ${method} cannot be captured later.`, 'captureDelay')
  }
  record.data.captureDelay = delay
  if (method === null && record.offeredMethods === null) record.offeredMethods = ['creditcard']
}

/** The `captureMode` of create payment: `automatic` (default) or `manual` on a method that can hold. */
export function applyCaptureMode(record: PaymentRecord, body: Record<string, unknown>): void {
  applyCaptureDelay(record, body)
  const mode = body.captureMode
  if (mode === undefined || mode === null || mode === 'automatic') return
  if (mode !== 'manual') throw new SandboxError(422, 'The captureMode must be automatic or manual.', 'captureMode')
  const method = record.data.method
  if (method !== null && !MANUAL_CAPTURE_METHODS.includes(method)) {
    throw new SandboxError(422, `Payments with ${method} cannot be captured manually.`, 'captureMode')
  }
  record.data.captureMode = 'manual'
  // Without a method the payer pays by card (choice): the only method here that always holds.
  if (method === null && record.offeredMethods === null) record.offeredMethods = ['creditcard']
}

/** At authorization: `captureBefore` (https://docs.mollie.com/reference/get-payment). */
export function onAuthorized(record: PaymentRecord, authorizedMs: number): void {
  if (!isManualCapture(record)) return
  record.data.captureBefore = serviceTimestamp(authorizedMs + CAPTURE_WINDOW_MS)
  delete record.json
}

function captureJson(ctx: SandboxContext, c: CaptureData): Capture {
  return {
    ...c,
    _links: {
      self: apiLink(ctx.origin, 'get-capture', { paymentId: c.paymentId, captureId: c.id }),
      payment: apiLink(ctx.origin, 'get-payment', { paymentId: c.paymentId }),
      documentation: { href: `${ctx.origin}/docs/captures`, type: 'text/html' },
    },
  }
}

/**
 * POST /v2/payments/{id}/captures (https://docs.mollie.com/reference/create-capture): on an
 * authorized payment; `amount` defaults to the whole authorization and may not exceed it. The payment
 * becomes paid with `amountCaptured`; what is not captured is released (partial capture). The capture
 * is `pending`, then `succeeded` a minute later on the sandbox clock (choice).
 */
export function createCapture(ctx: SandboxContext, request: ApiRequest, id: string): Reply {
  const body = parsedBody(request) as Record<string, unknown>
  if (typeof body !== 'object' || body === null || Array.isArray(body)) {
    throw new SandboxError(422, 'The request body must be a JSON object.')
  }
  const record = paymentInScope(ctx.store, actScope(ctx, request), id)
  const payment = record.data
  if (payment.status !== 'authorized') {
    throw new SandboxError(422, `Only an authorized payment can be captured; this payment is ${payment.status}.`)
  }
  let amount: Amount = { ...payment.amount }
  if (body.amount !== undefined) {
    const a = body.amount as Partial<Amount>
    if (typeof a !== 'object' || a === null || typeof a.value !== 'string' || !/^\d+\.\d{2}$/.test(a.value)) {
      throw new SandboxError(422, 'The amount must be { currency, value } with a value such as 10.00.', 'amount.value')
    }
    if (a.currency !== payment.amount.currency) {
      throw new SandboxError(422, `The capture must be in ${payment.amount.currency}.`, 'amount.currency')
    }
    if (toMinor(a as Amount) <= 0n || toMinor(a as Amount) > toMinor(payment.amount)) {
      throw new SandboxError(
        422,
        `The amount must be above zero and at most ${payment.amount.value} ${payment.amount.currency}.`,
        'amount',
      )
    }
    amount = { currency: a.currency, value: a.value }
  }
  if (body.description !== undefined && typeof body.description !== 'string') {
    throw new SandboxError(422, 'The description must be text.', 'description')
  }
  const description = typeof body.description === 'string' ? body.description : payment.description
  const capture = captureNow(ctx, record, amount, description, (body.metadata ?? null) as Metadata | null)
  return jsonReply(201, captureJson(ctx, capture))
}

/**
 * Captures `amount` of an authorized payment now: the payment becomes paid with `amountCaptured`;
 * the capture is `pending`, then `succeeded` a minute later on the sandbox clock (choice).
 */
function captureNow(
  ctx: SandboxContext,
  record: PaymentRecord,
  amount: Amount,
  description: string,
  metadata: Metadata | null,
): CaptureData {
  const payment = record.data
  const capture: CaptureData = {
    resource: 'capture',
    id: ctx.ids.next('cpt'),
    mode: payment.mode,
    description,
    amount,
    status: 'pending',
    metadata,
    paymentId: payment.id,
    createdAt: isoNow(ctx),
  }
  ctx.store.addCapture(payment.id, capture)
  payment.status = 'paid'
  payment.paidAt = capture.createdAt
  payment.amountCaptured = { ...amount }
  payment.amountRefunded = { currency: amount.currency, value: zeroLike(amount.value) }
  payment.amountRemaining = amountFromMinor(toMinor(amount), amount.currency)
  delete payment.isCancelable
  delete payment.captureBefore
  delete record.json
  ctx.clock.schedule(Date.parse(capture.createdAt) + 60_000, () => {
    if (capture.status === 'pending') capture.status = 'succeeded'
  })
  ctx.events.emit(ctx, 'payment', payment.id)
  return capture
}

/** A payment with `captureDelay` is captured in full that long after its authorization, if still authorized. */
export function scheduleDelayedCapture(ctx: SandboxContext, record: PaymentRecord, authorizedMs: number): void {
  const delay = record.data.captureDelay
  if (delay === undefined) return
  ctx.clock.schedule(authorizedMs + captureDelayMs(delay), () => {
    if (record.data.status !== 'authorized') return
    captureNow(ctx, record, { ...record.data.amount }, record.data.description, null)
  })
}

export function listCaptures(ctx: SandboxContext, request: ApiRequest, id: string): Reply {
  const record = paymentInScope(ctx.store, queryScope(ctx, request), id)
  const query = listQuery(request)
  const items = ctx.store.capturesOf(record.data.id).map((c) => ({ data: c }))
  return listReply(ctx, request, query, listPage(items, query), 'captures', (c) =>
    JSON.stringify(captureJson(ctx, c.data)),
  )
}

export function getCapture(ctx: SandboxContext, request: ApiRequest, id: string, captureId: string): Reply {
  const record = paymentInScope(ctx.store, queryScope(ctx, request), id)
  const capture = childOfPayment(ctx.store.capturesOf(record.data.id), captureId, 'capture', id)
  return jsonReply(200, captureJson(ctx, capture))
}

/**
 * POST /v2/payments/{id}/release-authorization (https://docs.mollie.com/reference/release-authorization):
 * `202` with no body; the held amount is released and the payment becomes `canceled` (choice: at once).
 */
export function releaseAuthorization(ctx: SandboxContext, request: ApiRequest, id: string): Reply {
  const record = paymentInScope(ctx.store, actScope(ctx, request), id)
  const payment = record.data
  if (payment.status !== 'authorized') {
    throw new SandboxError(422, `Only an authorized payment can be released; this payment is ${payment.status}.`)
  }
  payment.status = 'canceled'
  payment.canceledAt = isoNow(ctx)
  delete payment.isCancelable
  delete payment.captureBefore
  delete record.json
  ctx.events.emit(ctx, 'payment', payment.id)
  return { status: 202, headers: {}, body: '' }
}
