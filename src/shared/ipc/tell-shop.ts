import { z } from 'zod'
import { defineChannel } from './define'
import { paymentIdSchema as paymentId } from './ids'
import { ticketInput } from './team'

// "I paid but the shop says I didn't" (issue 49 item 5): Tell the shop again. The page names only the
// payment; main reads it, takes the webhook address from what the service answered, asks the person
// naming the host, and POSTs `id=…` there itself (src/main/services/tell-shop/). No address, body or
// header comes from the page.

/** The User-Agent of main's call: the shop's developer can tell it from the service's own calls. */
export const TELL_SHOP_USER_AGENT = 'Paydesk (Tell the shop again)'

/** The shop's answer to one call, as main saw it. */
interface ShopAnswer {
  /** When the call was sent (ISO 8601). */
  at: string
  /** The HTTP status, or null when the shop did not answer. */
  status: number | null
  /** Why there was no answer, in words ("no answer within 10 s", "the name shop.example does not exist"). */
  failure: string | null
  durationMs: number
}

export interface TellShopResult {
  /** Where main sent it (the payment's, or its order's, webhookUrl as the service gave it). */
  url: string
  /** The id sent in the body (`tr_…`, or `ord_…` for an order's webhook). */
  objectId: string
  /** The exact body sent (`id=tr_…`). */
  body: string
  answer: ShopAnswer
  /** What happened, in one sentence of the agent's words. */
  sentence: string
  /** The request log's entry of the call (the Inspector). */
  requestId: string
}

export const tellShopInput = z
  .object({
    paymentId,
    /** The helpdesk's ticket reference, recorded with the call. */
    ticket: ticketInput.optional(),
  })
  .strict()

export const tellShopChannels = {
  'payments.tellShop': defineChannel<TellShopResult>()(tellShopInput),
}
