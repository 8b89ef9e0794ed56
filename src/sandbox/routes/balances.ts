// Balances (https://docs.mollie.com/reference/balances-api) and settlements
// (https://docs.mollie.com/reference/settlements-api) of the scope, derived from its payments, refunds
// and chargebacks (ledger.ts; choices in docs/SANDBOX.md "Balances and settlements").
import type { Balance, BalanceTransaction, Settlement } from '../../shared/api-types-ledger'
import { amountFromMinor, fromMinor } from '../../shared/money'
import { refundJson } from '../actions'
import { HAL_JSON, SandboxError, jsonReply, type Reply } from '../errors'
import {
  availableMinor,
  balanceCurrencies,
  movements,
  settlementId,
  settlements,
  weekStartMs,
  WEEK_MS,
  type Movement,
  type SettlementPeriod,
} from '../ledger'
import { listQuery, listReply, queryScope, type ApiRequest } from '../request'
import { paymentJsonText, serviceTimestamp, type Scope } from '../resources'
import type { SandboxContext } from '../context'
import { listPage } from '../records'
import { apiHref, apiLink } from '../links'

const hal = (href: string) => ({ href, type: HAL_JSON })
const docs = (origin: string, topic: string) => ({ href: `${origin}/docs/${topic}`, type: 'text/html' })

/** Balance ids: `bal_` + the sandbox's mark + the currency (one balance per currency; choice). */
function balanceId(currency: string): string {
  return `bal_sandbox${currency}`
}

function balanceJson(ctx: SandboxContext, scope: Scope, currency: string): Balance {
  const id = balanceId(currency)
  return {
    resource: 'balance',
    id,
    mode: scope.mode,
    createdAt: '2024-01-01T00:00:00+00:00',
    currency,
    description: `${currency} balance of the sandbox shop`,
    status: 'active',
    transferFrequency: 'every-monday',
    transferThreshold: amountFromMinor(0n, currency),
    transferReference: null,
    transferDestination: { type: 'bank-account', beneficiaryName: 'Sandbox shop', bankAccount: 'NL55INGB0000000000' },
    availableAmount: amountFromMinor(availableMinor(ctx.store, scope, currency, ctx.now()), currency),
    pendingAmount: amountFromMinor(0n, currency),
    _links: {
      self: apiLink(ctx.origin, 'get-balance', { balanceId: id }),
      documentation: docs(ctx.origin, 'balances'),
    },
  }
}

function currencyOfBalance(ctx: SandboxContext, scope: Scope, id: string): string {
  const currency = balanceCurrencies(ctx.store, scope).find((c) => balanceId(c) === id)
  if (currency === undefined) throw new SandboxError(404, `No balance exists with id ${id}.`)
  return currency
}

/** GET /v2/balances (https://docs.mollie.com/reference/list-balances): `currency`, `from`, `limit`. */
export function listBalancesRoute(ctx: SandboxContext, request: ApiRequest): Reply {
  const scope = queryScope(ctx, request)
  const query = listQuery(request)
  const wanted = request.url.searchParams.get('currency')
  if (wanted !== null && !/^[A-Z]{3}$/.test(wanted)) {
    throw new SandboxError(400, 'The currency must be an ISO 4217 code such as EUR.', 'currency')
  }
  const items = balanceCurrencies(ctx.store, scope)
    .filter((c) => wanted === null || c === wanted)
    .map((c) => ({ data: { id: balanceId(c), currency: c } }))
    .sort((a, b) => (a.data.id < b.data.id ? -1 : 1))
  return listReply(ctx, request, query, listPage(items, query), 'balances', (b) =>
    JSON.stringify(balanceJson(ctx, scope, b.data.currency)),
  )
}

/** GET /v2/balances/{id} (https://docs.mollie.com/reference/get-balance). */
export function getBalanceRoute(ctx: SandboxContext, request: ApiRequest, id: string): Reply {
  const scope = queryScope(ctx, request)
  return jsonReply(200, balanceJson(ctx, scope, currencyOfBalance(ctx, scope, id)))
}

/** GET /v2/balances/primary (https://docs.mollie.com/reference/get-primary-balance): the EUR balance. */
export function getPrimaryBalanceRoute(ctx: SandboxContext, request: ApiRequest): Reply {
  return jsonReply(200, balanceJson(ctx, queryScope(ctx, request), 'EUR'))
}

function transactionJson(m: Movement | (SettlementPeriod & { atMs: number }), currency: string): BalanceTransaction {
  if ('paidOut' in m) {
    const amount = amountFromMinor(-m.minor, currency)
    return {
      resource: 'balance_transaction',
      id: `baltr_${String(m.atMs).padStart(14, '0')}${m.id.slice(4)}`,
      type: 'outgoing-transfer',
      resultAmount: amount,
      initialAmount: amount,
      deductions: null,
      createdAt: serviceTimestamp(m.atMs),
      context: { settlementId: m.id },
    }
  }
  const amount = amountFromMinor(m.minor, currency)
  const context: Record<string, string> = { paymentId: m.paymentId }
  if (m.refund) context.refundId = m.refund.id
  if (m.chargeback) context.chargebackId = m.chargeback.id
  return {
    resource: 'balance_transaction',
    id: `baltr_${String(m.atMs).padStart(14, '0')}${m.sourceId.replace(/^[a-z]+_/, '')}${m.type === 'chargeback-reversal' ? 'r' : ''}`,
    type: m.type === 'chargeback-reversal' ? 'chargeback' : m.type,
    resultAmount: amount,
    initialAmount: amount,
    deductions: null,
    createdAt: serviceTimestamp(m.atMs),
    context,
  }
}

/**
 * GET /v2/balances/{id}/transactions (https://docs.mollie.com/reference/list-balance-transactions):
 * every movement of the balance (payments in; refunds and chargebacks out; each settlement's
 * outgoing transfer), newest first.
 */
export function listBalanceTransactionsRoute(ctx: SandboxContext, request: ApiRequest, id: string): Reply {
  const scope = queryScope(ctx, request)
  const currency = id === 'primary' ? 'EUR' : currencyOfBalance(ctx, scope, id)
  const query = listQuery(request)
  const nowMs = ctx.now()
  const items: BalanceTransaction[] = movements(ctx.store, scope, currency, nowMs).map((m) =>
    transactionJson(m, currency),
  )
  for (const s of settlements(ctx.store, scope, nowMs)) {
    if (s.currency === currency && s.paidOut)
      items.push(transactionJson({ ...s, atMs: s.weekStartMs + WEEK_MS }, currency))
  }
  const list = items.sort((a, b) => (a.id < b.id ? -1 : 1)).map((data) => ({ data }))
  return listReply(ctx, request, query, listPage(list, query), 'balance_transactions', (t) => JSON.stringify(t.data))
}

function settlementJson(ctx: SandboxContext, s: SettlementPeriod): Settlement {
  const end = s.weekStartMs + WEEK_MS
  const day = new Date(s.weekStartMs).toISOString().slice(0, 10).replaceAll('-', '')
  const self = apiHref(ctx.origin, 'get-settlement', { settlementId: s.id })
  return {
    resource: 'settlement',
    id: s.id,
    reference: s.paidOut ? `SB-${day}-${s.currency}` : null,
    createdAt: serviceTimestamp(s.weekStartMs),
    settledAt: s.paidOut ? serviceTimestamp(end) : null,
    status: s.paidOut ? 'paidout' : 'open',
    amount: { currency: s.currency, value: fromMinor(s.minor, s.currency) },
    balanceId: balanceId(s.currency),
    periods: {},
    _links: {
      self: hal(self),
      payments: hal(`${self}/payments`),
      refunds: hal(`${self}/refunds`),
      documentation: docs(ctx.origin, 'settlements'),
    },
  }
}

function settlementOf(ctx: SandboxContext, request: ApiRequest, id: string): SettlementPeriod {
  const found = settlements(ctx.store, queryScope(ctx, request), ctx.now()).find((s) => s.id === id)
  if (!found) throw new SandboxError(404, `No settlement exists with id ${id}.`)
  return found
}

/** GET /v2/settlements (https://docs.mollie.com/reference/list-settlements): newest first. */
export function listSettlementsRoute(ctx: SandboxContext, request: ApiRequest): Reply {
  const query = listQuery(request)
  const list = settlements(ctx.store, queryScope(ctx, request), ctx.now()).map((data) => ({ data }))
  return listReply(ctx, request, query, listPage(list, query), 'settlements', (s) =>
    JSON.stringify(settlementJson(ctx, s.data)),
  )
}

/** GET /v2/settlements/{id} (https://docs.mollie.com/reference/get-settlement). */
export function getSettlementRoute(ctx: SandboxContext, request: ApiRequest, id: string): Reply {
  return jsonReply(200, settlementJson(ctx, settlementOf(ctx, request, id)))
}

/** GET /v2/settlements/open (https://docs.mollie.com/reference/get-open-settlement): this week's EUR settlement. */
export function getOpenSettlementRoute(ctx: SandboxContext, request: ApiRequest): Reply {
  const id = settlementId(weekStartMs(ctx.now()), 'EUR')
  const found = settlements(ctx.store, queryScope(ctx, request), ctx.now()).find((s) => s.id === id)
  if (!found) throw new SandboxError(404, 'There is no open settlement: nothing moved this week.')
  return jsonReply(200, settlementJson(ctx, found))
}

/** GET /v2/settlements/{id}/payments (https://docs.mollie.com/reference/list-settlement-payments). */
export function listSettlementPaymentsRoute(ctx: SandboxContext, request: ApiRequest, id: string): Reply {
  const query = listQuery(request)
  const period = settlementOf(ctx, request, id)
  const list = period.movements.flatMap((m) => (m.type === 'payment' && m.payment ? [m.payment] : []))
  list.sort((a, b) => (a.data.id < b.data.id ? -1 : 1))
  return listReply(ctx, request, query, listPage(list, query), 'payments', (p) => paymentJsonText(ctx.origin, p))
}

/** GET /v2/settlements/{id}/refunds (https://docs.mollie.com/reference/list-settlement-refunds). */
export function listSettlementRefundsRoute(ctx: SandboxContext, request: ApiRequest, id: string): Reply {
  const query = listQuery(request)
  const period = settlementOf(ctx, request, id)
  const list = period.movements.flatMap((m) => (m.refund ? [{ data: m.refund }] : []))
  list.sort((a, b) => (a.data.id < b.data.id ? -1 : 1))
  return listReply(ctx, request, query, listPage(list, query), 'refunds', (r) =>
    JSON.stringify(refundJson(ctx.origin, r.data)),
  )
}
