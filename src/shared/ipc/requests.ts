import { z } from 'zod'
import type { Amount } from '../api-types'
import { refundInput } from './actions'
import { defineChannel } from './define'

// Write requests in team mode (issue 51): a desk without a write key asks the team runner for a
// refund through the team database, where its role's limits decide whether a lead must approve it. The
// page names the payment and the amount; main asks the database, which stamps who asked; a lead's
// decision is checked again by the database (not their own request, only while it waits).

type RequestStateView = 'waiting-approval' | 'queued' | 'done' | 'refused' | 'unknown'

/** A request as a desk shows it: where it stands in the agent's words first. */
export interface WriteRequestView {
  id: number
  paymentId: string
  amount: Amount
  ticket: string | null
  reason: string | null
  requestedBy: string
  requestedAt: string
  state: RequestStateView
  /** Where it stands, in a sentence ("Waiting for approval by a lead."). */
  words: string
}

export interface RequestsView {
  /** Whether refunds on this desk go through requests (a team database with a team runner). */
  teamMode: boolean
  runnerOnline: boolean
  /** Requests of others this login (a lead) may approve or refuse, oldest first. */
  waitingForMe: WriteRequestView[]
  /** This login's own requests of the last days, newest first. */
  mine: WriteRequestView[]
}

const reason = z.string().trim().max(500)

export const requestChannels = {
  /** Asks the team runner for a refund (team mode); the answer says whether it waits for a lead. */
  'requests.refund': defineChannel<WriteRequestView>()(refundInput),
  'requests.list': defineChannel<RequestsView>()(z.undefined()),
  /** A lead approves, or refuses with a reason, a request of someone else. */
  'requests.decide': defineChannel<{ request: WriteRequestView; words: string }>()(
    z.discriminatedUnion('approve', [
      z.object({ id: z.number().int().positive(), approve: z.literal(true) }).strict(),
      z.object({ id: z.number().int().positive(), approve: z.literal(false), reason: reason.min(1) }).strict(),
    ]),
  ),
}
