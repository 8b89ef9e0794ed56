// The desk's side of a write request in team mode (issue 51): a desk holds only a read credential, so
// a refund is asked for by inserting a row into paydesk.write_requests; the database decides whether
// it waits for a lead (requests-schema.ts) and the team runner sends it. A lead approves or refuses
// a waiting request of someone else on their own desk. The words here are the agent's.
import { randomUUID } from 'node:crypto'
import type { ClientBase } from 'pg'
import type { Amount, Payment } from '../../shared/api-types'
import { formatAmountForDisplay } from '../../shared/money'
import { refundAmountProblem, refundBlocker } from '../../shared/payment-writes'
import { buildRefundGuard } from '../../shared/refund-guard'
import { UserFacingError } from '../errors'
import { sqlState } from './pg-store'
import type { ApiClient } from '../api'

type WriteRequestState = 'waiting-approval' | 'queued' | 'done' | 'refused' | 'unknown'

export interface WriteRequest {
  id: number
  requestId: string
  paymentId: string
  amount: Amount
  idempotencyKey: string
  ticket: string | null
  reason: string | null
  desk: string
  requestedBy: string
  requestedAt: string
  needsApproval: boolean
  state: WriteRequestState
  decidedBy: string | null
  decisionReason: string | null
  attempts: number
  resultBy: 'lead' | 'runner' | 'service' | null
  resultStatus: number | null
  resultId: string | null
  resultSummary: string | null
}

export const REQUEST_COLUMNS = `id::int AS id, request_id, object_id, amount_value, amount_currency, idempotency_key,
  ticket, reason, desk, requested_by, paydesk.iso(requested_at) AS requested_at, needs_approval, state, decided_by,
  decision_reason, attempts, result_by, result_status, result_id, result_summary`

export interface RequestRow {
  id: number
  request_id: string
  object_id: string
  amount_value: string
  amount_currency: string
  idempotency_key: string
  ticket: string | null
  reason: string | null
  desk: string
  requested_by: string
  requested_at: string
  needs_approval: boolean
  state: WriteRequestState
  decided_by: string | null
  decision_reason: string | null
  attempts: number
  result_by: WriteRequest['resultBy']
  result_status: number | null
  result_id: string | null
  result_summary: string | null
}

export function requestFromRow(row: RequestRow): WriteRequest {
  return {
    id: row.id,
    requestId: row.request_id,
    paymentId: row.object_id,
    amount: { value: row.amount_value, currency: row.amount_currency },
    idempotencyKey: row.idempotency_key,
    ticket: row.ticket,
    reason: row.reason,
    desk: row.desk,
    requestedBy: row.requested_by,
    requestedAt: row.requested_at,
    needsApproval: row.needs_approval,
    state: row.state,
    decidedBy: row.decided_by,
    decisionReason: row.decision_reason,
    attempts: row.attempts,
    resultBy: row.result_by,
    resultStatus: row.result_status,
    resultId: row.result_id,
    resultSummary: row.result_summary,
  }
}

/** Where a request stands, in the requesting agent's words. */
export function requestStateWords(request: WriteRequest, runnerOnline: boolean): string {
  switch (request.state) {
    case 'waiting-approval':
      return 'Waiting for approval by a lead.'
    case 'queued':
      return runnerOnline
        ? 'Approved or within your limit: waiting for the team runner to send it.'
        : 'Waiting for the team runner, which is not running now; it is sent once the runner is back.'
    case 'done':
      return `Sent: the service made ${request.resultSummary ?? 'the refund'}.`
    case 'refused':
      return request.resultBy === 'lead'
        ? `Refused by ${request.decidedBy ?? 'a lead'}: ${request.decisionReason ?? ''}`
        : `Not refunded: ${request.resultSummary ?? 'refused'}`
    case 'unknown':
      return `Sent, but the service's answer was lost: check the payment's refunds before asking again. ${request.resultSummary ?? ''}`.trim()
  }
}

interface RefundRequestInput {
  paymentId: string
  amount: Amount
  ticket?: string | null
  reason?: string | null
  desk: string
  /** Made once per refund the agent asks for, so a request sent twice is kept once. */
  requestId?: string
}

/** Asks the team runner for a refund; the database stamps who asked and whether a lead must approve. */
export async function requestRefund(db: ClientBase, input: RefundRequestInput): Promise<WriteRequest> {
  const requestId = input.requestId ?? randomUUID()
  await db.query(
    `INSERT INTO paydesk.write_requests (request_id, action, object_kind, object_id, amount_value, amount_currency,
       idempotency_key, ticket, reason, desk)
     VALUES ($1, 'refund', 'payment', $2, $3, $4, $5, $6, $7, $8)`,
    [
      requestId,
      input.paymentId,
      input.amount.value,
      input.amount.currency,
      `paydesk-${requestId}`,
      input.ticket ?? null,
      input.reason ?? null,
      input.desk,
    ],
  )
  const made = await requestByRequestId(db, requestId)
  if (made === null) throw new Error('The refund request was not kept by the team database.')
  return made
}

async function requestByRequestId(db: ClientBase, requestId: string): Promise<WriteRequest | null> {
  const { rows } = await db.query<RequestRow>(
    `SELECT ${REQUEST_COLUMNS} FROM paydesk.write_requests WHERE request_id = $1`,
    [requestId],
  )
  return rows[0] ? requestFromRow(rows[0]) : null
}

export async function requestById(db: ClientBase, id: number): Promise<WriteRequest | null> {
  const { rows } = await db.query<RequestRow>(`SELECT ${REQUEST_COLUMNS} FROM paydesk.write_requests WHERE id = $1`, [
    id,
  ])
  return rows[0] ? requestFromRow(rows[0]) : null
}

/** The requests waiting for a lead that this login may decide (not its own), oldest first. */
export async function waitingForMe(db: ClientBase): Promise<WriteRequest[]> {
  const { rows } = await db.query<RequestRow>(
    `SELECT ${REQUEST_COLUMNS} FROM paydesk.write_requests
     WHERE state = 'waiting-approval' AND requested_by <> session_user
       AND pg_has_role(session_user, 'paydesk_lead', 'MEMBER')
     ORDER BY id LIMIT 200`,
  )
  return rows.map(requestFromRow)
}

/** Whether a team runner is connected (its request loop's session is named `paydesk-runner@<host>`). */
export async function runnerOnline(db: ClientBase): Promise<boolean> {
  const { rows } = await db.query<{ n: number }>(
    `SELECT count(*)::int AS n FROM pg_stat_activity WHERE application_name LIKE 'paydesk-runner@%'`,
  )
  return (rows[0]?.n ?? 0) > 0
}

/**
 * Why this payment, read fresh (with its refunds and chargebacks embedded), no longer takes the
 * request's refund; null when it still does. The shared rules: the state and what is left to refund,
 * and the collision guard's open chargeback, which holds a refund (it could pay the customer twice; in
 * team mode nobody overrides it: a new request after the chargeback is settled).
 */
export function noLongerApplies(
  payment: Payment,
  request: Pick<WriteRequest, 'amount'>,
  nowMs: number = Date.now(),
): string | null {
  const plain = refundBlocker(payment) ?? refundAmountProblem(payment, request.amount)?.message
  if (plain) return plain
  const guard = buildRefundGuard(payment, payment._embedded?.refunds ?? [], payment._embedded?.chargebacks ?? [], nowMs)
  const open = guard.openChargebacks[0]
  if (!open) return null
  return (
    `the customer's bank opened a chargeback of ${formatAmountForDisplay(open.amount)} on this payment: it is ` +
    'taking that money back already, so this refund could pay the customer twice.'
  )
}

type Decision = { approve: true } | { approve: false; reason: string }

/**
 * A lead's decision on a waiting request. `freshPayment` reads the payment anew (with the desk's read
 * credential) before an approval: a request that no longer applies is not approved but refused with
 * the reason, and the lead is told why. The database holds the rules again (row-level security): an
 * agent cannot decide, nobody decides their own request, a decided request is not decided again.
 */
export async function decideRequest(
  db: ClientBase,
  id: number,
  decision: Decision,
  freshPayment: (paymentId: string) => Promise<Payment>,
): Promise<{ request: WriteRequest; words: string }> {
  const request = await requestById(db, id)
  if (request === null) throw new UserFacingError('not-found', 'There is no such refund request.')
  if (request.state !== 'waiting-approval') {
    throw new UserFacingError(
      'conflict',
      `This refund request is no longer waiting for approval (it is ${request.state}).`,
    )
  }
  let state: 'queued' | 'refused' = 'queued'
  let reason: string | null = null
  let why: string | null = null
  if (decision.approve) {
    why = noLongerApplies(await freshPayment(request.paymentId), request)
    if (why !== null) {
      state = 'refused'
      reason = `No longer applies: ${why}`
    }
  } else {
    state = 'refused'
    reason = decision.reason.trim()
    if (reason === '') {
      throw new UserFacingError('invalid-input', 'Say why the refund is refused: the agent who asked reads it.')
    }
  }
  let changed: number
  try {
    changed =
      (
        await db.query(
          `UPDATE paydesk.write_requests SET state = $2, decision_reason = $3 WHERE id = $1 AND state = 'waiting-approval'`,
          [id, state, reason],
        )
      ).rowCount ?? 0
  } catch (error) {
    if (sqlState(error) === '42501') {
      throw new UserFacingError('conflict', 'Only a lead approves or refuses a refund request.')
    }
    throw error
  }
  const after = (await requestById(db, id)) ?? request
  if (changed === 0) {
    throw new UserFacingError(
      'conflict',
      after.requestedBy === (await currentLogin(db))
        ? 'You asked for this refund yourself: another lead decides it.'
        : after.state !== 'waiting-approval'
          ? `This refund request is no longer waiting for approval (it is ${after.state}).`
          : 'Only a lead approves or refuses a refund request.',
    )
  }
  if (why !== null) return { request: after, words: `This refund no longer applies, so it was refused: ${why}` }
  return { request: after, words: state === 'queued' ? 'Approved: the team runner sends it.' : 'Refused.' }
}

async function currentLogin(db: ClientBase): Promise<string> {
  const { rows } = await db.query<{ login: string }>('SELECT session_user AS login')
  return rows[0]?.login ?? ''
}

/** Before a lead's approval: the payment as it is now, its refunds and chargebacks, with this desk's own (read) credential. */
export function approvalReader(
  getActiveClient: () => Promise<Pick<ApiClient, 'getPayment'>>,
): (paymentId: string) => Promise<Payment> {
  return async (paymentId) =>
    (await getActiveClient()).getPayment(paymentId, {
      embed: ['refunds', 'chargebacks'],
      priority: 'user',
      origin: { screen: 'home', action: 'read before approving a refund' },
    })
}
