// The team runner (issue 51): the one process of a team that holds the write-capable key. It takes
// the queued write requests in order, one at a time under a row lock (FOR UPDATE SKIP LOCKED, so two
// runners never take the same request), reads the payment fresh and checks the refund still applies
// (the shared rules: what is left to refund, a chargeback), sends it once with the request's
// idempotency key, and in the same transaction records the service's answer on the request and in
// the action record. The database tells the desks (NOTIFY on paydesk_requests).
//
// Sent once, even across a crash: the refund carries the request's id in its metadata; a request
// found queued again (the runner stopped between the send and the commit) is first looked for among
// the payment's refunds, and recorded from there instead of being sent again. The idempotency key
// covers a retry within one attempt.
import type { ClientBase } from 'pg'
import type { Payment, Refund } from '../../shared/api-types'
import { formatAmountForDisplay } from '../../shared/money'
import type { ActionRecordEntry } from '../../shared/team-record'
import { isApiError } from '../api/call/errors'
import { actionValues, INSERT_ACTION } from './pg-rows'
import { REQUEST_COLUMNS, noLongerApplies, requestFromRow, type RequestRow, type WriteRequest } from './write-requests'

/** What the runner needs of the payment service (the project's API client, with the write key). */
export interface RunnerApi {
  getPayment(paymentId: string): Promise<Payment>
  createRefund(
    paymentId: string,
    body: { amount: WriteRequest['amount']; description?: string; metadata: Record<string, string> },
    idempotencyKey: string,
  ): Promise<Refund>
}

/** The refund's metadata key that names the request it was sent for. */
const REQUEST_METADATA_KEY = 'paydeskRequest'

/** After this many attempts without an answer a request ends `unknown` (each retry uses its one key). */
const MAX_ATTEMPTS = 5

export type StepResult = 'none' | 'done' | 'refused' | 'unknown' | 'retry'

function refundOfRequest(payment: Payment, request: WriteRequest): Refund | null {
  const refunds = (payment._embedded?.refunds ?? []) as readonly Refund[]
  return (
    refunds.find((r) => {
      const metadata = r.metadata as Record<string, unknown> | null | undefined
      return metadata?.[REQUEST_METADATA_KEY] === request.requestId
    }) ?? null
  )
}

/** What happened to one request, to write on the request and in the action record. */
interface Outcome {
  state: 'done' | 'refused' | 'unknown' | 'queued'
  by: 'runner' | 'service'
  status: number | null
  resultId: string | null
  summary: string
  /** whether the write reached the service (so it belongs in the action record) */
  sent: boolean
}

async function send(api: RunnerApi, request: WriteRequest): Promise<Outcome> {
  let payment: Payment
  try {
    payment = await api.getPayment(request.paymentId)
  } catch (error) {
    if (isApiError(error) && error.status !== null && error.status >= 400 && error.status < 500) {
      return outcome('refused', 'runner', null, null, `Not sent: the payment could not be read (${error.message})`)
    }
    return outcome('queued', 'runner', null, null, 'Not sent yet: the payment could not be read; tried again later.')
  }
  const already = refundOfRequest(payment, request)
  if (already !== null) {
    return { ...outcome('done', 'service', 201, already.id, refundWords(request, already)), sent: true }
  }
  const why = noLongerApplies(payment, request)
  if (why !== null) return outcome('refused', 'runner', null, null, `Not sent: ${why}`)
  const metadata: Record<string, string> = { [REQUEST_METADATA_KEY]: request.requestId }
  if (request.ticket) metadata.ticket = request.ticket
  try {
    const refund = await api.createRefund(
      request.paymentId,
      { amount: request.amount, ...(request.reason ? { description: request.reason } : {}), metadata },
      request.idempotencyKey,
    )
    return { ...outcome('done', 'service', 201, refund.id, refundWords(request, refund)), sent: true }
  } catch (error) {
    if (isApiError(error) && error.status !== null && error.status < 500) {
      const detail = error.detail ?? error.message
      return {
        ...outcome('refused', 'service', error.status, null, `The service refused the refund: ${detail}`),
        sent: true,
      }
    }
    const last = request.attempts + 1 >= MAX_ATTEMPTS
    return {
      ...outcome(
        last ? 'unknown' : 'queued',
        'service',
        null,
        null,
        last
          ? `No answer from the service after ${MAX_ATTEMPTS} attempts: the refund may have been made; check the payment's refunds.`
          : 'No answer from the service yet; sent again with the same key.',
      ),
      sent: last,
    }
  }
}

function outcome(
  state: Outcome['state'],
  by: Outcome['by'],
  status: number | null,
  resultId: string | null,
  summary: string,
): Outcome {
  return { state, by, status, resultId, summary, sent: false }
}

function refundWords(request: WriteRequest, refund: Refund): string {
  return `refund ${refund.id} of ${formatAmountForDisplay(request.amount)} on ${request.paymentId}, now ${refund.status}`
}

function recordEntry(request: WriteRequest, result: Outcome, desk: string, at: string): ActionRecordEntry {
  const approved = request.decidedBy ? `, approved by ${request.decidedBy}` : ''
  return {
    id: `request-${request.requestId}`,
    seq: 0,
    at,
    agent: request.requestedBy,
    desk,
    prevHash: '',
    hash: '',
    action: 'refund',
    object: { kind: 'payment', id: request.paymentId },
    amount: request.amount,
    idempotencyKey: request.idempotencyKey,
    ticket: request.ticket,
    reason: request.reason,
    outcome: {
      result: result.state === 'done' ? 'done' : result.state === 'refused' ? 'refused' : 'unknown',
      status: result.status,
      resultId: result.resultId,
      summary: `${result.summary} (sent by the team runner${approved})`,
    },
  }
}

/**
 * Takes the oldest queued request nobody else holds, sends it and records the answer, all under the
 * request's row lock. Returns what happened ('none': nothing was queued).
 */
export async function runOneRequest(
  db: ClientBase,
  api: RunnerApi,
  desk: string,
  now: () => Date = () => new Date(),
): Promise<StepResult> {
  await db.query('BEGIN')
  try {
    const { rows } = await db.query<RequestRow>(
      `SELECT ${REQUEST_COLUMNS} FROM paydesk.write_requests WHERE state = 'queued'
       ORDER BY id FOR UPDATE SKIP LOCKED LIMIT 1`,
    )
    const row = rows[0]
    if (!row) {
      await db.query('COMMIT')
      return 'none'
    }
    const request = requestFromRow(row)
    const result = await send(api, request)
    await db.query(
      `UPDATE paydesk.write_requests SET state = $2, attempts = attempts + 1, result_by = $3, result_status = $4,
         result_id = $5, result_summary = $6 WHERE id = $1`,
      [request.id, result.state, result.by, result.status, result.resultId, result.summary],
    )
    if (result.sent) {
      await db.query(INSERT_ACTION, actionValues(recordEntry(request, result, desk, now().toISOString())))
    }
    await db.query('COMMIT')
    return result.state === 'queued' ? 'retry' : result.state
  } catch (error) {
    await db.query('ROLLBACK').catch(() => undefined)
    throw error
  }
}

/** Sends every queued request until none is left or one must wait (its payment or the service did not answer). */
export async function drainQueue(db: ClientBase, api: RunnerApi, desk: string): Promise<StepResult[]> {
  const results: StepResult[] = []
  for (;;) {
    const result = await runOneRequest(db, api, desk)
    if (result === 'none' || result === 'retry') {
      if (result === 'retry') results.push(result)
      return results
    }
    results.push(result)
  }
}
