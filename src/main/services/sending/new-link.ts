// A new payment link for a payment or an order that was not paid (issue 49 item 7): main reads the
// object fresh, checks that a link is what it needs (shared/new-link.ts), asks on a live connection in
// its own dialog, creates the link for the same amount and description with any method allowed
// (https://docs.mollie.com/reference/create-payment-link) and records the write as a create on the
// payment or order it was made for. The e-mail draft then carries the link main made, never one the
// page names.
import { randomUUID } from 'node:crypto'
import type { Order, Payment } from '../../../shared/api-types'
import type { NewLinkView } from '../../../shared/ipc/sending'
import { formatAmountForDisplay } from '../../../shared/money'
import { newLinkProblemForOrder, newLinkProblemForPayment } from '../../../shared/new-link'
import type { CreatePaymentLinkRequest, PaymentLink } from '../../../shared/recurring-types'
import { paymentLinkCalls } from '../../api/resources/recurring'
import { UserFacingError } from '../../errors'
import { recordedSend } from '../../team/recorded-write'
import { customerName } from '../actions/context'
import { readBeforeAct } from '../actions/fresh-read'
import { refuseEveryLiveWrite, requireLiveConfirmation, withCallbacks } from '../live-write-guard'
import type { SendingServiceOptions } from './types'

type ObjectRef = { kind: 'payment' | 'order'; id: string }

/** A link main made, kept for the e-mail draft of the same object. */
export interface MadeLink {
  connectionId: string
  link: PaymentLink
  url: string
  /** The amount the link asks for: the one main sent. */
  amount: { currency: string; value: string }
  /** Who the draft goes to and how it greets them, from the object main read. */
  email: string | null
  name: string | null
  locale: string | null
}

function origin(ref: ObjectRef, action: string) {
  return { screen: ref.kind === 'order' ? 'order' : 'payments', action } as const
}

interface LinkSource {
  amount: { currency: string; value: string }
  description: string
  redirectUrl: string | null
  customer: string | null
  email: string | null
  name: string | null
  locale: string | null
  reference: string
}

function fromPayment(p: Payment, order: Order | null): LinkSource {
  const address = p.billingAddress ?? order?.billingAddress
  return {
    amount: p.amount,
    description: p.description,
    redirectUrl: p.redirectUrl,
    // A payment of an order names the order's customer.
    customer: customerName(address),
    email: address?.email || null,
    name: address?.givenName || null,
    locale: p.locale ?? order?.locale ?? null,
    reference: `${p.description} (${p.id})`,
  }
}

function fromOrder(o: Order): LinkSource {
  return {
    amount: o.amount,
    description: `Order ${o.orderNumber}`,
    redirectUrl: o.redirectUrl ?? null,
    customer: customerName(o.billingAddress),
    email: o.billingAddress?.email || null,
    name: o.billingAddress?.givenName || null,
    locale: o.locale ?? null,
    reference: `order ${o.orderNumber} (${o.id})`,
  }
}

function refuse(reason: string): never {
  throw new UserFacingError('conflict', `No payment link was made: ${reason}`)
}

async function readSource(options: SendingServiceOptions, ref: ObjectRef): Promise<LinkSource> {
  const client = await options.connections.getActiveClient()
  const what = 'a new payment link'
  if (ref.kind === 'order') {
    const order = await readBeforeAct(ref.id, what, () =>
      client.getOrder(ref.id, { embed: 'payments', priority: 'user', origin: origin(ref, 'read before new link') }),
    )
    const problem = newLinkProblemForOrder(order, order._embedded?.payments ?? [])
    if (problem !== null) refuse(problem)
    return fromOrder(order)
  }
  const payment = await readBeforeAct(ref.id, what, () =>
    client.getPayment(ref.id, { priority: 'user', origin: origin(ref, 'read before new link') }),
  )
  const problem = newLinkProblemForPayment(payment)
  if (problem !== null) refuse(problem)
  const orderId = payment.orderId
  const order = orderId
    ? await readBeforeAct(orderId, what, () =>
        client.getOrder(orderId, { priority: 'user', origin: origin(ref, 'read order before new link') }),
      )
    : null
  return fromPayment(payment, order)
}

export async function createNewLink(
  options: SendingServiceOptions,
  made: Map<string, MadeLink>,
  input: ObjectRef & { ticket?: string },
): Promise<NewLinkView> {
  const ref: ObjectRef = { kind: input.kind, id: input.id }
  const connection = await options.connections.activeConnection()
  const client = await options.connections.getActiveClient()
  const source = await readSource(options, ref)
  const body: CreatePaymentLinkRequest = {
    description: source.description,
    amount: source.amount,
    ...(source.redirectUrl ? { redirectUrl: source.redirectUrl } : {}),
  }
  if (connection.isLive) {
    await requireLiveConfirmation(options.liveWrites ?? refuseEveryLiveWrite, {
      connection: connection.label,
      action: 'Create a payment link',
      amount: `${source.amount.currency} ${source.amount.value}`,
      reference: source.reference,
      customer: source.customer,
      lineCount: null,
      ...withCallbacks(body as unknown as Record<string, unknown>),
    })
  }
  const idempotencyKey = randomUUID()
  const link = await recordedSend(
    options.record,
    {
      action: 'create',
      object: ref,
      amount: source.amount,
      idempotencyKey,
      ticket: input.ticket ?? null,
      reason: null,
      words: `New payment link for ${source.reference}, ${formatAmountForDisplay(source.amount, 'en-GB')}`,
    },
    () =>
      paymentLinkCalls.create(client, body, {
        idempotencyKey,
        priority: 'user',
        origin: origin(ref, 'new payment link'),
      }),
  )
  const url = link._links.paymentLink.href
  made.set(`${ref.kind}:${ref.id}`, {
    connectionId: connection.id,
    link,
    url,
    amount: link.amount ?? source.amount,
    email: source.email,
    name: source.name,
    locale: source.locale,
  })
  return {
    linkId: link.id,
    url,
    amount: link.amount ?? source.amount,
    description: link.description,
    canEmail: source.email !== null,
  }
}

/** The e-mail draft with the link main made last for this object on the active connection. */
export async function emailNewLink(
  options: SendingServiceOptions,
  made: Map<string, MadeLink>,
  ref: ObjectRef,
): Promise<{ opened: true }> {
  const connection = await options.connections.activeConnection()
  const entry = made.get(`${ref.kind}:${ref.id}`)
  if (!entry || entry.connectionId !== connection.id) {
    throw new UserFacingError('conflict', `No e-mail was drafted: no new payment link was made for ${ref.id} here.`)
  }
  if (entry.email === null) {
    throw new UserFacingError('conflict', `No e-mail was drafted: ${ref.id} has no customer e-mail address.`)
  }
  await options.mail.openMailDraft({
    to: entry.email,
    link: entry.url,
    amount: entry.amount,
    what: entry.link.description,
    name: entry.name,
    locale: entry.locale,
  })
  return { opened: true }
}
