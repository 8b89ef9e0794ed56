// Something to send from a payment or an order (issue 49 item 7): a new payment link, and a proof of
// payment as a message, an e-mail draft and a PDF. Every part is built by main from what it read.
import type { HandlersFor } from '../../../shared/ipc/define'
import type { sendingChannels } from '../../../shared/ipc/sending'
import { createNewLink, emailNewLink, type MadeLink } from './new-link'
import { emailProof, proofOf, saveProof } from './proof'
import type { SendingServiceOptions } from './types'

/** The channels' handlers over one service (the links made here are kept for their e-mail drafts). */
export function createSendingHandlers(options: SendingServiceOptions): HandlersFor<typeof sendingChannels> {
  const made = new Map<string, MadeLink>()
  const ref = (input: { kind: 'payment' | 'order'; id: string }) => ({ kind: input.kind, id: input.id })
  return {
    'forCustomer.proof': (input) => proofOf(options, ref(input)),
    'forCustomer.emailProof': (input) => emailProof(options, ref(input)),
    'forCustomer.saveProof': (input) => saveProof(options, ref(input)),
    'forCustomer.newLink': (input) => createNewLink(options, made, input),
    'forCustomer.emailNewLink': (input) => emailNewLink(options, made, ref(input)),
  }
}
