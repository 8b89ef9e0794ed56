import { z } from 'zod'
import type { Amount } from '../api-types'
import { defineChannel } from './define'
import { orderIdSchema, paymentIdSchema } from './ids'
import { ticketInput } from './team'

// Something to send from a payment or an order (issue 49 item 7): a new payment link and a proof of
// payment (message, e-mail draft, PDF). The page names only the object; main reads it fresh and builds
// every word, amount, address and link from what it read.

const objectRef = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('payment'), id: paymentIdSchema }).strict(),
  z.object({ kind: z.literal('order'), id: orderIdSchema }).strict(),
])

const newLinkInput = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('payment'), id: paymentIdSchema, ticket: ticketInput.optional() }).strict(),
  z.object({ kind: z.literal('order'), id: orderIdSchema, ticket: ticketInput.optional() }).strict(),
])

/** One fact of a proof of payment: a label in the customer's language and its value. */
export interface SummaryRow {
  label: string
  value: string
}

/** The proof of payment as main built it, in the customer's language. */
export interface ProofView {
  /** The paid payment it proves (for an order: the order's paid payment). */
  paymentId: string
  language: string
  title: string
  rows: SummaryRow[]
  /** The message to copy, exactly as the e-mail draft carries it. */
  text: string
  /** The customer's e-mail address is known (the e-mail draft can be made). */
  canEmail: boolean
}

/** A payment link main created for the payment or order. */
export interface NewLinkView {
  linkId: string
  /** The link the customer pays with. */
  url: string
  amount: Amount
  description: string
  canEmail: boolean
}

export const sendingChannels = {
  /** The proof of payment of a paid payment (or an order's paid payment), read fresh. */
  'forCustomer.proof': defineChannel<ProofView>()(objectRef),
  /** An e-mail draft of the proof to the customer's address. */
  'forCustomer.emailProof': defineChannel<{ opened: true }>()(objectRef),
  /** The proof as a printable page saved as PDF where the agent chose (main's save dialog). */
  'forCustomer.saveProof': defineChannel<{ saved: boolean; fileName: string | null }>()(objectRef),
  /** A new payment link for the same amount and description (any method), recorded as a create. */
  'forCustomer.newLink': defineChannel<NewLinkView>()(newLinkInput),
  /** An e-mail draft with the link main created last for this payment or order. */
  'forCustomer.emailNewLink': defineChannel<{ opened: true }>()(objectRef),
}
