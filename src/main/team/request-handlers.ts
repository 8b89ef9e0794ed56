// The `requests.*` IPC handlers (issue 51): main asks the team database (through the record service's
// connection) and reads a payment fresh with the desk's own (read) credential before a lead's approval.
import type { ClientBase } from 'pg'
import type { Payment } from '../../shared/api-types'
import type { NewActionRecord } from '../../shared/team-record'
import type { HandlersFor } from '../../shared/ipc/define'
import type { requestChannels, WriteRequestView } from '../../shared/ipc/requests'
import { UserFacingError } from '../errors'
import type { RecordService } from './record-service'
import {
  decideRequest,
  noLongerApplies,
  requestRefund,
  REQUEST_COLUMNS,
  requestFromRow,
  requestStateWords,
  runnerOnline,
  waitingForMe,
  type RequestRow,
  type WriteRequest,
} from './write-requests'

interface RequestHandlerDeps {
  record: RecordService
  /** The payment as it is now, read with the desk's credential. */
  readPayment: (paymentId: string) => Promise<Payment>
  /** The desk (machine) asking. */
  desk: string
}

function view(request: WriteRequest, online: boolean): WriteRequestView {
  return {
    id: request.id,
    paymentId: request.paymentId,
    amount: request.amount,
    ticket: request.ticket,
    reason: request.reason,
    requestedBy: request.requestedBy,
    requestedAt: request.requestedAt,
    state: request.state,
    words: requestStateWords(request, online),
  }
}

async function mine(db: ClientBase): Promise<WriteRequest[]> {
  const { rows } = await db.query<RequestRow>(
    `SELECT ${REQUEST_COLUMNS} FROM paydesk.write_requests
     WHERE requested_by = session_user AND requested_at > now() - interval '7 days' ORDER BY id DESC LIMIT 50`,
  )
  return rows.map(requestFromRow)
}

/** Whether this team sends writes through a runner: a runner login exists. */
async function teamHasRunner(db: ClientBase): Promise<boolean> {
  const { rows } = await db.query<{ n: number }>(
    `SELECT count(*)::int AS n FROM paydesk.agents WHERE role = 'runner' AND removed_at IS NULL`,
  )
  return (rows[0]?.n ?? 0) > 0
}

/** The action record's row for a lead's approval or refusal of a request (issue 50 item 2). */
function approvalRecord(request: WriteRequestView, refusal: string | null, words: string): NewActionRecord {
  const approved = refusal === null
  return {
    action: 'approve',
    object: { kind: 'payment', id: request.paymentId },
    amount: request.amount,
    idempotencyKey: null,
    ticket: request.ticket,
    reason: refusal,
    outcome: {
      result: approved ? 'done' : 'refused',
      status: null,
      resultId: null,
      summary: `${approved ? 'Approved' : 'Refused'} the refund ${request.requestedBy} asked for: ${words}`,
    },
  }
}

export function createRequestHandlers(deps: RequestHandlerDeps): HandlersFor<typeof requestChannels> {
  const { record } = deps
  return {
    // Main checks the payment as it is now (with the desk's read credential) before asking, so an
    // agent hears at once why a refund cannot be made; the runner checks again before sending.
    'requests.refund': async ({ paymentId, amount, description, ticket }) => {
      const payment = await deps.readPayment(paymentId)
      const why = noLongerApplies(payment, { amount })
      if (why !== null) throw new UserFacingError('conflict', why)
      return record.withTeamDatabase(async (db) => {
        if (!(await teamHasRunner(db))) {
          throw new UserFacingError('conflict', 'This team has no team runner: refunds are made on each desk.')
        }
        const made = await requestRefund(db, {
          paymentId,
          amount,
          ticket: ticket ?? null,
          reason: description ?? null,
          desk: deps.desk,
        })
        return view(made, await runnerOnline(db))
      })
    },
    'requests.list': async () => {
      const status = await record.status()
      if (status.home !== 'team' || status.state !== 'connected') {
        return { teamMode: false, runnerOnline: false, waitingForMe: [], mine: [] }
      }
      return record.withTeamDatabase(async (db) => {
        // One connection answers one query at a time: asked in turn.
        const teamMode = await teamHasRunner(db)
        const online = await runnerOnline(db)
        const waiting = await waitingForMe(db)
        const own = await mine(db)
        return {
          teamMode,
          runnerOnline: online,
          waitingForMe: waiting.map((r) => view(r, online)),
          mine: own.map((r) => view(r, online)),
        }
      })
    },
    'requests.decide': async (input) => {
      const decided = await record.withTeamDatabase(async (db) => {
        const decision = input.approve ? { approve: true as const } : { approve: false as const, reason: input.reason }
        const { request, words } = await decideRequest(db, input.id, decision, deps.readPayment)
        return { request: view(request, await runnerOnline(db)), words }
      })
      // A lead's decision is a write of the team's own: it goes into the action record beside the refund.
      record.record(approvalRecord(decided.request, input.approve ? null : input.reason, decided.words))
      return decided
    },
  }
}
