// Proof of payment (issue 49 item 7): main reads the payment (and its order) fresh, reads the
// merchant's name from the profile the payment belongs to, and builds the message, the e-mail draft
// and the printable page from what it read (shared/paid-summary.ts, proof-page.ts). The page names
// only the payment or order.
import { basename } from 'node:path'
import type { Order, Payment } from '../../../shared/api-types'
import type { ProofView } from '../../../shared/ipc/sending'
import { paidSummary, paidSummaryProblem, type PaidSummary } from '../../../shared/paid-summary'
import { scopeForOperation } from '../../../shared/service/scope'
import { getProfile } from '../../api/resources/fulfilment'
import { UserFacingError } from '../../errors'
import { writeFileAtomic } from '../../storage/atomic-file'
import { readBeforeAct } from '../actions/fresh-read'
import { proofPageHtml } from './proof-page'
import type { SendingClient, SendingServiceOptions } from './types'

type ObjectRef = { kind: 'payment' | 'order'; id: string }

interface ProofFacts {
  payment: Payment
  order: Order | null
  summary: PaidSummary
  /** The customer's e-mail address, where the payment or its order has one. */
  email: string | null
}

function origin(ref: ObjectRef, action: string) {
  return { screen: ref.kind === 'order' ? 'order' : 'payments', action } as const
}

function noProof(reason: string): never {
  throw new UserFacingError('conflict', `No proof of payment was made: ${reason}`)
}

/** The order's paid payment, newest first; null when none is paid. */
function paidPaymentOf(order: Order): Payment | null {
  const payments = [...(order._embedded?.payments ?? [])].filter((p) => p.paidAt)
  payments.sort((a, b) => (b.paidAt ?? '').localeCompare(a.paidAt ?? ''))
  return payments[0] ?? null
}

/** The payment and its order, read fresh (a read that leaves the state unknown makes no proof). */
async function readPaid(client: SendingClient, ref: ObjectRef): Promise<{ payment: Payment; order: Order | null }> {
  const what = 'a proof of payment'
  if (ref.kind === 'order') {
    const order = await readBeforeAct(ref.id, what, () =>
      client.getOrder(ref.id, {
        embed: 'payments',
        priority: 'user',
        origin: origin(ref, 'read before proof of payment'),
      }),
    )
    const paid = paidPaymentOf(order)
    if (paid === null) noProof(`order ${order.orderNumber} is ${order.status}; none of its payments is paid.`)
    return { payment: paid, order }
  }
  const payment = await readBeforeAct(ref.id, what, () =>
    client.getPayment(ref.id, { priority: 'user', origin: origin(ref, 'read before proof of payment') }),
  )
  const orderId = payment.orderId
  const order = orderId
    ? await readBeforeAct(orderId, what, () =>
        client.getOrder(orderId, { priority: 'user', origin: origin(ref, 'read order before proof of payment') }),
      )
    : null
  return { payment, order }
}

async function proofFacts(options: SendingServiceOptions, ref: ObjectRef): Promise<ProofFacts> {
  const connection = await options.connections.activeConnection()
  const client = await options.connections.getActiveClient()
  const { payment, order } = await readPaid(client, ref)
  const problem = paidSummaryProblem(payment)
  if (problem !== null) noProof(problem)
  // An API key speaks for its own profile (it may send no profileId); an organization token names the payment's.
  const ownProfile = scopeForOperation(connection.kind, 'get-profile').profileId === 'forbidden'
  const profile = await readBeforeAct(payment.profileId, 'a proof of payment', () =>
    getProfile(client, ownProfile ? 'me' : payment.profileId, {
      priority: 'user',
      origin: origin(ref, 'read the merchant’s name for proof of payment'),
    }),
  )
  const summary = paidSummary({
    // The customer's locale: the payment's, else its order's.
    payment: { ...payment, locale: payment.locale ?? order?.locale ?? null },
    merchant: profile.name,
    orderNumber: order?.orderNumber ?? null,
    timeZone: options.timeZone,
  })
  const email = payment.billingAddress?.email || order?.billingAddress?.email || null
  return { payment, order, summary, email }
}

export async function proofOf(options: SendingServiceOptions, ref: ObjectRef): Promise<ProofView> {
  const { payment, summary, email } = await proofFacts(options, ref)
  return {
    paymentId: payment.id,
    language: summary.language,
    title: summary.title,
    rows: summary.rows,
    text: summary.text,
    canEmail: email !== null,
  }
}

export async function emailProof(options: SendingServiceOptions, ref: ObjectRef): Promise<{ opened: true }> {
  const { summary, email, payment } = await proofFacts(options, ref)
  if (email === null) {
    throw new UserFacingError('conflict', `No e-mail was drafted: ${payment.id} has no customer e-mail address.`)
  }
  await options.mail.openTextDraft(email, `${summary.title} – ${payment.id}`, summary.text)
  return { opened: true }
}

/** The page printed to PDF and written where the agent chose in main's save dialog. */
export async function saveProof(
  options: SendingServiceOptions,
  ref: ObjectRef,
): Promise<{ saved: boolean; fileName: string | null }> {
  const pdf = options.pdf
  if (!pdf) throw new UserFacingError('conflict', 'Nothing was saved: this Paydesk cannot print to PDF.')
  const { summary, payment } = await proofFacts(options, ref)
  const path = await options.chooseSavePath({
    title: `Save the proof of payment of ${payment.id} as PDF`,
    defaultName: `proof-of-payment-${payment.id}.pdf`,
    filters: [{ name: 'PDF', extensions: ['pdf'] }],
  })
  if (path === null) return { saved: false, fileName: null }
  const bytes = await pdf.print(proofPageHtml(summary))
  await writeFileAtomic(path, bytes, { mode: 0o644 })
  return { saved: true, fileName: basename(path) }
}
