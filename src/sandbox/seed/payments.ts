// The seeded payments, orders, refunds and chargebacks, built in time order from the plans of
// merchant.ts (random ones and the practice stories). Statuses follow age: a payment still open
// past its method's expiry has expired; a refund moves on as the sandbox's refunds do.
import type { Mode, OrderLine, OrderStatus, PaymentMethod, PaymentStatus } from '../../shared/api-types'
import { amountFromMinor, fromMinor, toMinor } from '../../shared/money'
import { paymentIsCancelable } from '../../shared/payment-writes'
import { METHODS_REQUIRING_LINES } from '../../shared/service/enums'
import { methodTakesCurrency } from '../../shared/service/methods'
import type { IdFactory } from '../ids'
import { orderExpiresAt, paymentDetails, paymentExpiresAt, serviceTimestamp } from '../resources'
import { REFUND_EXECUTION_DELAY_MS, REFUND_SETTLE_MS } from '../routes/refunds'
import { failureDetails, type OrderRecord, type PaymentRecord, type RefundData, type SandboxStore } from '../store'
import { orderLines } from './lines'
import {
  DAY_MS,
  expiryMs,
  FAILURE_REASONS,
  LABELS,
  METHODS,
  pick,
  pickStatus,
  SHOP,
  WEBHOOK,
  WEBHOOK_DOWN,
  type Plan,
  type SeedOptions,
  type SeedResult,
} from './plan'
import { COUNTRIES } from './people'
import type { StoryPayment } from './stories'

const CURRENCY_RANGES: readonly { currency: string; maxMinor: number }[] = [
  { currency: 'EUR', maxMinor: 250_00 },
  { currency: 'EUR', maxMinor: 80_00 },
  { currency: 'EUR', maxMinor: 1_500_00 },
  { currency: 'GBP', maxMinor: 300_00 },
  { currency: 'USD', maxMinor: 500_00 },
  { currency: 'SEK', maxMinor: 5_000_00 },
  { currency: 'PLN', maxMinor: 2_000_00 },
  { currency: 'CHF', maxMinor: 400_00 },
]

interface Later {
  atMs: number
  kind: 'refund' | 'chargeback'
  record: PaymentRecord
  minor: bigint
  /** a line refund: the order line it refunds, all of it */
  line?: OrderLine
  /** a refund that did not move on with time (the story says what became of it) */
  status?: 'queued' | 'failed'
}

interface Choice {
  status: PaymentStatus
  method: PaymentMethod | null
  minor: bigint
  currency: string
  description: string
  sequenceType: 'oneoff' | 'first' | 'recurring'
  order: boolean
  story?: StoryPayment
}

function randomChoice(o: SeedOptions, plan: Plan): Choice {
  const random = o.random
  const mandate = plan.customer?.mandate
  if (mandate && random() < 0.5) {
    const month = serviceTimestamp(plan.createdMs).slice(0, 7)
    return {
      status: random() < 0.06 ? 'failed' : 'paid',
      method: 'directdebit',
      minor: 12_99n,
      currency: 'EUR',
      description: `Subscription ${month}`,
      sequenceType: 'recurring',
      order: false,
    }
  }
  const range = pick(CURRENCY_RANGES, random)
  const minor = BigInt(100 + Math.floor(random() * range.maxMinor))
  const status = pickStatus(random)
  // Only a method that takes the currency (METHOD_CURRENCIES); one that needs lines (klarna) only on an order.
  const methodDraw = random()
  const order = range.currency === 'EUR' && random() < 0.12 && o.orders !== false
  const usable = METHODS.filter(
    (m) => methodTakesCurrency(m, range.currency) && (order || !METHODS_REQUIRING_LINES.includes(m)),
  )
  const method = usable[Math.floor(methodDraw * usable.length)] ?? 'creditcard'
  const label = pick(LABELS, random)
  return {
    status,
    method,
    minor,
    currency: range.currency,
    description: `${label} ${10000 + Math.floor(random() * 90000)}`,
    sequenceType: 'oneoff',
    order,
  }
}

function storyChoice(p: StoryPayment): Choice {
  return {
    status: p.status,
    method: p.method,
    minor: p.amount,
    currency: p.currency,
    description: p.description,
    sequenceType: p.sequenceType ?? 'oneoff',
    order: p.order === true,
    story: p,
  }
}

/** Open past its method's expiry → expired; authorized for longer than 28 days → paid (captured). */
function settle(choice: Choice, createdMs: number, nowMs: number): void {
  const age = nowMs - createdMs
  if (choice.status === 'open' && age > expiryMs(choice.method)) choice.status = 'expired'
  if (choice.status === 'authorized' && age > 28 * DAY_MS) choice.status = 'paid'
}

const ORDER_STATUS: Record<PaymentStatus, OrderStatus> = {
  open: 'created',
  pending: 'pending',
  authorized: 'authorized',
  paid: 'paid',
  canceled: 'canceled',
  expired: 'expired',
  failed: 'expired',
}

function seedOrder(
  o: SeedOptions,
  mode: Mode,
  plan: Plan,
  choice: Choice,
  createdAt: string,
  number: number,
): OrderRecord {
  const person = plan.customer?.person
  const country = person?.country ?? pick(COUNTRIES.slice(0, 4), o.random)
  const orderId = o.ids.next('ord')
  // The story's line refund needs a line that is a part of the order: its shipping is never free.
  const paidShipping = choice.story?.refund?.amount === 'first-line'
  const lines = orderLines({ orderId, ids: o.ids, createdAt }, country, o.random, paidShipping)
  const currency = lines[0]?.totalAmount.currency ?? 'EUR'
  const total = lines.reduce((sum, l) => sum + toMinor(l.totalAmount), 0n)
  choice.minor = total
  choice.currency = currency
  // A customer's order is in their currency (GBP in Britain): by card when the method does not take it.
  if (choice.method !== null && !methodTakesCurrency(choice.method, currency)) choice.method = 'creditcard'
  choice.description = `Order S-${number}`
  const status = ORDER_STATUS[choice.status]
  for (const line of lines) {
    line.status = status === 'expired' || status === 'pending' ? 'canceled' : status
    line.isCancelable = status === 'authorized' || status === 'created'
    line.cancelableQuantity = line.isCancelable ? line.quantity : 0
    line.shippableQuantity = status === 'paid' || status === 'authorized' ? line.quantity : 0
    line.refundableQuantity = status === 'paid' ? line.quantity : 0
  }
  const address = person?.address ?? {
    givenName: 'Alex',
    familyName: 'Example',
    email: 'alex@example.org',
    country: country.code,
  }
  const data: OrderRecord['data'] = {
    resource: 'order',
    id: orderId,
    profileId: o.profileId,
    mode,
    orderNumber: `S-${number}`,
    amount: { currency, value: fromMinor(total, currency) },
    status,
    metadata: null,
    createdAt,
    method: choice.method,
    locale: country.locale,
    redirectUrl: `${SHOP}/orders/S-${number}/return`,
    webhookUrl: choice.story?.webhookDown ? WEBHOOK_DOWN : WEBHOOK,
    billingAddress: { ...address },
    shippingAddress: { ...address },
    lines,
  }
  if (status === 'created' || status === 'authorized') data.isCancelable = true
  if (status === 'created' || status === 'authorized' || status === 'pending') {
    data.expiresAt = orderExpiresAt(createdAt)
  }
  return { data, paymentIds: [] }
}

/** One payment record, as the checkout or the mandate would have left it. */
function seedPayment(
  o: SeedOptions,
  id: string,
  mode: Mode,
  plan: Plan,
  choice: Choice,
  orderId?: string,
): PaymentRecord {
  const { createdMs } = plan
  const amount = { currency: choice.currency, value: fromMinor(choice.minor, choice.currency) }
  // A story's attempts happen in the order it tells (Lukas's second card fails after his first).
  const jitter = Math.floor(o.random() * 600_000)
  const eventMs = createdMs + 60_000 + (plan.story ? 0 : jitter)
  const customer = plan.customer
  const data: PaymentRecord['data'] = {
    resource: 'payment',
    id,
    mode,
    createdAt: serviceTimestamp(createdMs),
    amount,
    description: choice.description,
    method: choice.method,
    metadata: null,
    status: choice.status,
    profileId: o.profileId,
    sequenceType: choice.sequenceType,
    redirectUrl: choice.sequenceType === 'recurring' ? null : `${SHOP}/return`,
    webhookUrl: choice.story?.webhookDown ? WEBHOOK_DOWN : WEBHOOK,
  }
  if (orderId) data.orderId = orderId
  if (customer) {
    data.customerId = customer.data.id
    // Shared with the customer's other payments: nothing changes a payment's billingAddress.
    data.billingAddress = customer.person.address
    if (choice.sequenceType === 'recurring' && customer.mandate) data.mandateId = customer.mandate.id
  }
  const address = customer?.person.address
  switch (choice.status) {
    case 'open':
    case 'authorized':
      data.isCancelable = paymentIsCancelable(data)
      if (choice.status === 'authorized') data.authorizedAt = serviceTimestamp(eventMs)
      break
    case 'paid':
      data.paidAt = serviceTimestamp(eventMs)
      data.amountRefunded = { currency: amount.currency, value: fromMinor(0n, amount.currency) }
      data.amountRemaining = { ...amount }
      break
    case 'canceled':
      data.canceledAt = serviceTimestamp(eventMs)
      break
    case 'expired':
      data.expiredAt = serviceTimestamp(createdMs + expiryMs(choice.method))
      break
    case 'failed':
      data.failedAt = serviceTimestamp(eventMs)
      break
    default:
      break
  }
  if (choice.status === 'open') {
    data.expiresAt = paymentExpiresAt(choice.method, createdMs)
    data.details = choice.method === 'banktransfer' ? paymentDetails('banktransfer', id, address) : null
  } else {
    data.locale = customer?.person.country.locale ?? 'en_US'
    if (address?.country) data.countryCode = address.country
    if (choice.status === 'paid' || choice.status === 'authorized')
      data.details = paymentDetails(choice.method, id, address)
    if (choice.status === 'failed') {
      data.details = failureDetails(data, choice.story?.failureReason ?? pick(FAILURE_REASONS, o.random), address)
    }
  }
  return { data, offeredMethods: null }
}

function laterEvents(
  o: SeedOptions,
  record: PaymentRecord,
  choice: Choice,
  order: OrderRecord | undefined,
  createdMs: number,
): Later[] {
  const out: Later[] = []
  if (record.data.status !== 'paid') return out
  const story = choice.story
  if (story?.refund) {
    const line = story.refund.amount === 'first-line' ? order?.data.lines[0] : undefined
    const minor = story.refund.amount === 'first-line' ? partOfOrder(order, record) : story.refund.amount
    const later: Later = { atMs: createdMs + story.refund.afterMs, kind: 'refund', record, minor }
    if (line && toMinor(line.totalAmount) === minor) later.line = line
    if (story.refund.status) later.status = story.refund.status
    out.push(later)
  } else if (!story && o.random() < 0.09 && record.data.method !== 'paysafecard') {
    const full = o.random() < 0.4
    const minor = full ? choice.minor : BigInt(Math.max(1, Math.floor(Number(choice.minor) * (0.1 + o.random() * 0.5))))
    out.push({ atMs: createdMs + Math.floor(o.random() * 20 * DAY_MS), kind: 'refund', record, minor })
  }
  if (story?.chargeback)
    out.push({ atMs: createdMs + story.chargeback.afterMs, kind: 'chargeback', record, minor: choice.minor })
  else if (
    !story &&
    (record.data.method === 'creditcard' || record.data.method === 'directdebit') &&
    o.random() < 0.012
  ) {
    out.push({
      atMs: createdMs + Math.floor(o.random() * 60 * DAY_MS),
      kind: 'chargeback',
      record,
      minor: choice.minor,
    })
  }
  return out
}

function applyLater(store: SandboxStore, ids: IdFactory, e: Later, nowMs: number, result: SeedResult): void {
  const payment = e.record.data
  const currency = payment.amount.currency
  const remaining = toMinor(payment.amountRemaining ?? payment.amount)
  const minor = e.minor > remaining ? remaining : e.minor
  if (minor <= 0n) return
  if (e.kind === 'chargeback') {
    store.addChargeback({
      resource: 'chargeback',
      id: ids.next('chb'),
      amount: amountFromMinor(minor, currency),
      settlementAmount: { currency, value: `-${fromMinor(minor, currency)}` },
      createdAt: serviceTimestamp(e.atMs),
      reason:
        payment.method === 'directdebit'
          ? { code: 'MD06', description: 'Refund request by end customer' }
          : { code: '4837', description: 'No cardholder authorization' },
      reversedAt: null,
      paymentId: payment.id,
    })
    payment.amountChargedBack = amountFromMinor(minor, currency)
  } else {
    const age = nowMs - e.atMs
    const status =
      e.status ??
      (age < REFUND_EXECUTION_DELAY_MS
        ? 'pending'
        : age < REFUND_EXECUTION_DELAY_MS + REFUND_SETTLE_MS
          ? 'processing'
          : 'refunded')
    const refund: RefundData = {
      resource: 'refund',
      id: ids.next('re'),
      mode: payment.mode,
      description: minor === toMinor(payment.amount) ? 'Full refund' : 'Partial refund',
      amount: amountFromMinor(minor, currency),
      metadata: null,
      status,
      paymentId: payment.id,
      createdAt: serviceTimestamp(e.atMs),
    }
    if (payment.orderId) refund.orderId = payment.orderId
    if (e.line) refund.lines = [lineRefund(e.line)]
    store.addRefund(refund)
    // A failed refund's money came back: the payment and its order are as before it.
    if (status === 'failed') return
    if (status === 'queued') store.refundQueue.add(refund)
    payment.amountRefunded = amountFromMinor(
      toMinor(payment.amountRefunded ?? { currency, value: '0' }) + minor,
      currency,
    )
    refundOnOrder(store, payment.orderId, minor, currency, e.line)
    if (status === 'pending' || status === 'processing') {
      result.movingRefunds.push({ paymentId: payment.id, refundId: refund.id })
    }
  }
  payment.amountRemaining = amountFromMinor(remaining - minor, currency)
}

/** The refund line of a whole order line (https://docs.mollie.com/reference/create-order-refund). */
function lineRefund(line: OrderLine) {
  return {
    id: line.id,
    orderId: line.orderId,
    name: line.name,
    quantity: line.quantity,
    unitPrice: { ...line.unitPrice },
    totalAmount: { ...line.totalAmount },
  }
}

/** A seeded refund counts on its order (`amountRefunded`) and, as a line refund, on the line. */
function refundOnOrder(
  store: SandboxStore,
  orderId: string | undefined,
  minor: bigint,
  currency: string,
  line: OrderLine | undefined,
): void {
  const order = orderId === undefined ? undefined : store.getOrderAnyScope(orderId)?.data
  if (!order) return
  const before = order.amountRefunded === undefined ? 0n : toMinor(order.amountRefunded)
  order.amountRefunded = amountFromMinor(before + minor, currency)
  if (!line) return
  line.quantityRefunded = line.quantity
  line.refundableQuantity = 0
  line.amountRefunded = { ...line.totalAmount }
}

/** Builds every plan in time order, then refunds and chargebacks in theirs. */
export function buildAll(store: SandboxStore, o: SeedOptions, plans: Plan[], result: SeedResult): void {
  const later: Later[] = []
  let orderNumber = 100_000
  for (const plan of plans) {
    const choice = plan.story ? storyChoice(plan.story) : randomChoice(o, plan)
    settle(choice, plan.createdMs, o.nowMs)
    const createdAt = serviceTimestamp(plan.createdMs)
    const order = choice.order ? seedOrder(o, plan.mode, plan, choice, createdAt, ++orderNumber) : undefined
    const record = seedPayment(o, o.ids.next('tr'), plan.mode, plan, choice, order?.data.id)
    if (order) {
      if (choice.story?.webhookDown && order.data.webhookUrl) {
        result.webhookDown.push({
          objectId: order.data.id,
          url: order.data.webhookUrl,
          fromMs: plan.createdMs + 600_000,
        })
      }
      order.paymentIds.push(record.data.id)
      if (record.data.paidAt) order.data.paidAt = record.data.paidAt
      store.addOrder(order)
    }
    store.addPayment(record)
    if (record.data.status === 'open') result.open.push(record)
    for (const e of laterEvents(o, record, choice, order, plan.createdMs)) if (e.atMs < o.nowMs) later.push(e)
  }
  later.sort((a, b) => a.atMs - b.atMs)
  for (const e of later) applyLater(store, o.ids, e, o.nowMs, result)
}

/**
 * The refund of the order's first line: a part of the payment, as the story ("partly refunded")
 * says. When the first line is the whole amount (one product, free shipping), half of it instead.
 */
function partOfOrder(order: OrderRecord | undefined, record: PaymentRecord): bigint {
  const whole = toMinor(record.data.amount)
  const first = toMinor(order?.data.lines[0]?.totalAmount ?? record.data.amount)
  return first < whole ? first : whole / 2n
}
