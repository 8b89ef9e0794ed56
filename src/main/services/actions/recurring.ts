// "Stop charging me" (issue 49 item 6): a customer's mandates and subscriptions, read by main, and
// the two writes that stop the charges. Each write reads its object fresh (a read that leaves its state
// unknown sends nothing: fresh-read.ts), refuses when it does not apply (already revoked or canceled),
// asks on a live connection (main's own dialog), sends the DELETE without a key (the service ignores
// one there), records it, and answers with the view read again and the sentence for the caller.
// Revoking a mandate cancels the subscriptions connected to it: "all connected subscriptions will be
// canceled" (https://docs.mollie.com/reference/v2/mandates-api/revoke-mandate).
import type { Mandate, Subscription } from '../../../shared/recurring-types'
import type { MandateRow, RecurringView, RecurringWriteResult, SubscriptionRow } from '../../../shared/ipc/recurring'
import { RECURRING_VIEW_BOUND } from '../../../shared/ipc/recurring'
import { MAX_PAGE_SIZE } from '../../../shared/service'
import { stopsWithMandate } from '../../../shared/service/subscriptions'
import {
  cancelNotApplicable,
  mandateHolder,
  mandateMethodWords,
  maskedAccount,
  revokeNotApplicable,
  subscriptionName,
} from '../../../shared/story/recurring-words'
import type { CallOptions } from '../../api/client'
import { getCustomer } from '../../api/resources/customers'
import { mandateCalls, subscriptionCalls } from '../../api/resources/recurring'
import { livePrompt, money, refuse, unkeyedWrite, type ActionsContext } from './context'
import { readBeforeAct } from './fresh-read'
import type { ActionsClient } from './types'

type Client = Pick<ActionsClient, 'request'>

const opts = (action: string): CallOptions => ({ priority: 'user', origin: { screen: 'customer', action } })

interface SubscriptionCharges {
  count: number
  more: boolean
  lastPaidAt: string | null
  underWay: SubscriptionRow['underWay']
}

const newest = <T extends { createdAt: string }>(items: readonly T[]): T | undefined =>
  items.reduce<T | undefined>((last, p) => (last === undefined || p.createdAt > last.createdAt ? p : last), undefined)

/**
 * How many payments a subscription made (one page of the largest size), when the newest paid one was
 * paid, and the newest one still being collected: a state told as it is (a failed charge is no payment
 * taken, and one under way is not stopped by a cancel).
 */
async function chargesOf(client: Client, s: Subscription, action: string): Promise<SubscriptionCharges> {
  const page = await subscriptionCalls.payments(client, s.customerId, s.id, { limit: MAX_PAGE_SIZE }, opts(action))
  const payments = page._embedded.payments
  const paid = newest(payments.filter((p) => p.status === 'paid'))
  const open = newest(payments.filter((p) => p.status === 'open' || p.status === 'pending'))
  return {
    count: payments.length,
    more: Boolean(page._links?.next),
    lastPaidAt: paid ? (paid.paidAt ?? paid.createdAt) : null,
    underWay: open ? { amount: open.amount, createdAt: open.createdAt } : null,
  }
}

function subscriptionRow(s: Subscription, charges: SubscriptionCharges | null): SubscriptionRow {
  return {
    id: s.id,
    description: s.description,
    amount: s.amount,
    interval: s.interval,
    status: s.status,
    method: s.method,
    nextPaymentDate: s.nextPaymentDate ?? null,
    startDate: s.startDate,
    createdAt: s.createdAt,
    canceledAt: s.canceledAt ?? null,
    times: s.times,
    timesCharged: charges?.count ?? null,
    moreCharges: charges?.more ?? false,
    lastPaidAt: charges?.lastPaidAt ?? null,
    underWay: charges?.underWay ?? null,
  }
}

/** The mandate as the page may see it: the account masked here, in main. */
function mandateRow(m: Mandate, mandates: readonly Mandate[], subscriptions: readonly Subscription[]): MandateRow {
  return {
    id: m.id,
    method: m.method,
    account: maskedAccount(m),
    holder: mandateHolder(m),
    status: m.status,
    since: m.signatureDate ?? m.createdAt.slice(0, 10),
    reference: m.mandateReference,
    subscriptionIds: subscriptions.filter((s) => stopsWithMandate(s, m.id, mandates)).map((s) => s.id),
  }
}

const newestFirst = (a: { createdAt: string }, b: { createdAt: string }) =>
  a.createdAt < b.createdAt ? 1 : a.createdAt > b.createdAt ? -1 : 0

/** The customer's mandates and subscriptions, each subscription with its payments counted. */
async function readRecurring(client: Client, customerId: string, now: number): Promise<RecurringView> {
  const page = { limit: RECURRING_VIEW_BOUND }
  const [mandateList, subscriptionList] = await Promise.all([
    mandateCalls.list(client, customerId, page, opts('read mandates')),
    subscriptionCalls.list(client, customerId, page, opts('read subscriptions')),
  ])
  const mandates = [...mandateList._embedded.mandates].sort(newestFirst)
  const subscriptions = [...subscriptionList._embedded.subscriptions].sort(newestFirst)
  const failed: string[] = []
  const rows = await Promise.all(
    subscriptions.map(async (s) => {
      const charges = await chargesOf(client, s, 'read subscription payments').catch(() => {
        failed.push(s.description)
        return null
      })
      return subscriptionRow(s, charges)
    }),
  )
  return {
    customerId,
    mandates: mandates.map((m) => mandateRow(m, mandates, subscriptions)),
    subscriptions: rows,
    more: Boolean(mandateList._links?.next) || Boolean(subscriptionList._links?.next),
    partial:
      failed.length > 0
        ? `The payments of ${failed.map((d) => `“${d}”`).join(', ')} could not be read just now, so how many were taken is not shown.`
        : null,
    readAt: new Date(now).toISOString(),
  }
}

/** The customer's name for main's live question (a customer that cannot be read is named by id). */
async function customerWords(client: Client, customerId: string): Promise<string> {
  const customer = await getCustomer(client, customerId, opts('read before a recurring write')).catch(() => null)
  const name = [customer?.name, customer?.email].filter(Boolean).join(' ')
  return name ? `${name} (${customerId})` : customerId
}

/** The view read again after a write; when that read fails, the write still stands: `fallback` says so. */
async function viewAfter(ctx: ActionsContext, client: Client, customerId: string, fallback: RecurringView) {
  return readRecurring(client, customerId, ctx.now()).catch(() => ({
    ...fallback,
    partial: 'Done, but the mandates and subscriptions could not be read again just now: “Read again” shows them.',
  }))
}

export async function cancelCustomerSubscription(
  ctx: ActionsContext,
  input: { customerId: string; subscriptionId: string; ticket?: string },
): Promise<RecurringWriteResult> {
  const { customerId, subscriptionId } = input
  const { connections } = ctx.options
  const connection = await connections.activeConnection()
  const client = await connections.getActiveClient()
  const read = opts('read before cancel subscription')
  const [sub, view] = await readBeforeAct(subscriptionId, 'a subscription cancel', () =>
    Promise.all([
      subscriptionCalls.get(client, customerId, subscriptionId, read),
      readRecurring(client, customerId, ctx.now()),
    ]),
  )
  const row = view.subscriptions.find((s) => s.id === sub.id) ?? subscriptionRow(sub, null)
  refuse(cancelNotApplicable(row))
  await livePrompt(ctx, connection, {
    action: 'Cancel a subscription',
    amount: money(sub.amount),
    reference: `${sub.description} (${sub.id}, ${sub.interval})`,
    customer: await customerWords(client, customerId),
  })
  const { requestId } = await unkeyedWrite(
    ctx,
    {
      action: 'cancel-subscription',
      object: { kind: 'customer', id: customerId },
      amount: sub.amount,
      ticket: input.ticket ?? null,
      reason: null,
      words: `Cancel of subscription ${sub.id} ${subscriptionName(row)}`,
    },
    () => subscriptionCalls.cancel(client, customerId, subscriptionId, opts('cancel subscription')),
  )
  return {
    view: await viewAfter(ctx, client, customerId, view),
    stopped: { mandate: null, subscriptions: [row] },
    requestId,
  }
}

export async function revokeCustomerMandate(
  ctx: ActionsContext,
  input: { customerId: string; mandateId: string; ticket?: string },
): Promise<RecurringWriteResult> {
  const { customerId, mandateId } = input
  const { connections } = ctx.options
  const connection = await connections.activeConnection()
  const client = await connections.getActiveClient()
  const read = opts('read before revoke mandate')
  const [mandate, view] = await readBeforeAct(mandateId, 'a mandate revoke', () =>
    Promise.all([mandateCalls.get(client, customerId, mandateId, read), readRecurring(client, customerId, ctx.now())]),
  )
  const row = view.mandates.find((m) => m.id === mandate.id) ?? mandateRow(mandate, [mandate], [])
  refuse(revokeNotApplicable(row))
  const stopping = view.subscriptions.filter((s) => row.subscriptionIds.includes(s.id))
  await livePrompt(ctx, connection, {
    action: `Revoke a mandate${stopping.length > 0 ? ` and stop ${stopping.length} subscription(s)` : ''}`,
    amount: null,
    reference: `${mandateMethodWords(row.method)} ${row.account ?? ''} (${row.id})`,
    customer: await customerWords(client, customerId),
  })
  const { requestId } = await unkeyedWrite(
    ctx,
    {
      action: 'revoke-mandate',
      object: { kind: 'customer', id: customerId },
      amount: null,
      ticket: input.ticket ?? null,
      reason: null,
      words: `Revoke of mandate ${row.id} (${mandateMethodWords(row.method)}${row.account ? `, ${row.account}` : ''})`,
    },
    () => mandateCalls.revoke(client, customerId, mandateId, opts('revoke mandate')),
  )
  return {
    view: await viewAfter(ctx, client, customerId, view),
    stopped: { mandate: row, subscriptions: stopping },
    requestId,
  }
}

/** The view for the customer view's section. */
export async function openRecurring(ctx: ActionsContext, customerId: string): Promise<RecurringView> {
  return readRecurring(await ctx.options.connections.getActiveClient(), customerId, ctx.now())
}
