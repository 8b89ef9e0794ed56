// The e-mail draft with a payment link, built from the payment or order main read itself: the page
// names only which object; the recipient, the link, the amount and the words are that object's
// (issue 45 item 3). A page can no longer send a link of its own or words with line breaks to a
// customer's address under the agent's name.
import type { Order, Payment } from '../../../shared/api-types'
import type { ApiClient } from '../../api'
import { parseAmountValue } from '../../../shared/money'
import { UserFacingError } from '../../errors'
import type { MailDraftInput } from '../external-links'

export type MailDraftSource = { kind: 'payment'; object: Payment } | { kind: 'order'; object: Order }

/** Reads the payment or order the page named, fresh, with the active connection (the draft's source). */
export function mailSourceReader(
  getActiveClient: () => Promise<Pick<ApiClient, 'getOrder' | 'getPayment'>>,
): (kind: MailDraftSource['kind'], id: string) => Promise<MailDraftSource> {
  return async (kind, id) => {
    const client = await getActiveClient()
    const origin = { screen: kind === 'order' ? 'order' : 'payments', action: 'read before e-mail draft' }
    return kind === 'order'
      ? { kind, object: await client.getOrder(id, { priority: 'user', origin }) }
      : { kind, object: await client.getPayment(id, { priority: 'user', origin }) }
  }
}

/** The draft's parts from the object, or a clear error when it cannot carry one. */
export function mailDraftOf(source: MailDraftSource): MailDraftInput {
  const { kind, object } = source
  const noun = kind === 'order' ? 'order' : 'payment'
  const address = object.billingAddress
  const to = address?.email ?? ''
  if (to === '') {
    throw new UserFacingError('conflict', `No e-mail was drafted: this ${noun} has no customer e-mail address.`)
  }
  // The object's own checkout link, and no other (spec 2.4; a payment's `_links.checkout`).
  const link = object._links.checkout?.href ?? ''
  if (link === '') {
    throw new UserFacingError(
      'conflict',
      `No e-mail was drafted: this ${noun} has no checkout link any more, so it can no longer be paid.`,
    )
  }
  if (!parseAmountValue(object.amount.value, object.amount.currency).ok) {
    throw new UserFacingError('conflict', `No e-mail was drafted: the ${noun}'s amount is not valid money.`)
  }
  return {
    to,
    link,
    amount: object.amount,
    what: source.kind === 'order' ? `order ${source.object.orderNumber}` : source.object.description,
    name: address?.givenName ?? null,
    locale: object.locale ?? address?.country ?? null,
  }
}
