import { z } from 'zod'
import type { Amount, Chargeback } from '../api-types'
import { defineChannel } from './define'

// The chargebacks workspace (issue 49 item 4): the account's chargebacks, open first, newest first,
// each with its payment and customer, read by main from the active connection.

export interface ChargebackRow {
  id: string
  amount: Amount
  createdAt: string
  reversedAt: string | null
  reason: Chargeback['reason']
  paymentId: string
  /** From the payment it was read with (embedded): what was paid for, how, and by whom. */
  paymentDescription: string | null
  method: string | null
  customer: string | null
}

export interface ChargebacksView {
  rows: ChargebackRow[]
  /** More chargebacks exist than were read (the newest are shown). */
  more: boolean
  requestId: string | null
}

export const chargebackChannels = {
  'chargebacks.list': defineChannel<ChargebacksView>()(z.undefined()),
}
