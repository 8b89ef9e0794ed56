// The chargebacks workspace (issue 49 item 4): the account's chargebacks (GET /chargebacks, newest
// first, each with its payment embedded), at most CHARGEBACK_PAGES pages, ordered open first.
import type { Address, Chargeback, ChargebackList, Payment } from '../../../shared/api-types'
import type { ChargebackRow, ChargebacksView } from '../../../shared/ipc/chargebacks'
import { MAX_PAGE_SIZE } from '../../../shared/api-types'
import type { ApiClient } from '../../api'

/** Pages of 250 read at most: the newest 1,000 chargebacks. */
const CHARGEBACK_PAGES = 4

function customerOf(address: Address | undefined): string | null {
  if (!address) return null
  const name = [address.givenName, address.familyName].filter((p) => p && p.trim() !== '').join(' ')
  return [name, address.email].filter(Boolean).join(' · ') || null
}

function rowOf(c: Chargeback): ChargebackRow {
  const payment = (c as Chargeback & { _embedded?: { payment?: Payment } })._embedded?.payment
  return {
    id: c.id,
    amount: c.amount,
    createdAt: c.createdAt,
    reversedAt: c.reversedAt ?? null,
    reason: c.reason ?? null,
    paymentId: c.paymentId,
    paymentDescription: payment?.description ?? null,
    method: payment?.method ?? null,
    customer: customerOf(payment?.billingAddress ?? payment?.shippingAddress),
  }
}

/** Open first, then newest first (the list's own order within each). */
export async function listChargebacks(
  client: Pick<ApiClient, 'listAllChargebacks'>,
  trace: <T>(run: () => Promise<T>) => Promise<{ value: T; requestId: string | null }>,
): Promise<ChargebacksView> {
  const read: Chargeback[] = []
  let link: string | null = null
  let requestId: string | null = null
  for (let page = 0; page < CHARGEBACK_PAGES; page++) {
    const input: { link: string } | { limit: number } = link ? { link } : { limit: MAX_PAGE_SIZE }
    const answer: { value: ChargebackList; requestId: string | null } = await trace(() =>
      client.listAllChargebacks(input, {
        priority: 'user',
        origin: { screen: 'chargebacks', action: 'list chargebacks' },
      }),
    )
    requestId ??= answer.requestId
    read.push(...answer.value._embedded.chargebacks)
    link = answer.value._links.next?.href ?? null
    if (!link) break
  }
  const byTime = (a: Chargeback, b: Chargeback) => Date.parse(b.createdAt) - Date.parse(a.createdAt)
  const open = read.filter((c) => !c.reversedAt).sort(byTime)
  const reversed = read.filter((c) => c.reversedAt).sort(byTime)
  return { rows: [...open, ...reversed].map(rowOf), more: link !== null, requestId }
}
