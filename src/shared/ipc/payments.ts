import { z } from 'zod'
import { MAX_PAGE_SIZE, type Order, type Payment } from '../api-types'
import type { DeliveryRecord } from '../deliveries'
import { SORT_ORDERS } from '../service/pagination'
import { defineChannel } from './define'
import { paymentIdSchema as paymentId } from './ids'

/**
 * The payments browser's channels (spec 4.2, 4.3). Paging only ever follows links the service
 * gave (`link`) or sends the documented query (`from`, `limit`, `sort`); main hands either to the
 * API client, which checks a link's origin before sending the credential.
 */

/** Names one browsing session of the renderer: main keeps the pages it served to it (for export). */
const sessionId = z.string().min(1).max(64)
/** Names one list request so it can be cancelled while it waits for the rate limit. */
const requestKey = z.string().min(1).max(64)

const listPaymentsQuerySchema = z
  .object({
    from: paymentId.optional(),
    limit: z.number().int().min(1).max(MAX_PAGE_SIZE).optional(),
    sort: z.enum(SORT_ORDERS).optional(),
  })
  .strict()

export const paymentsListInput = z
  .object({
    sessionId,
    requestKey,
    /** Either a query (first page, "start from id", a new sort) ... */
    query: listPaymentsQuerySchema.optional(),
    /** ... or a `_links.*.href` from an earlier response, followed verbatim. */
    link: z.string().min(1).max(4096).optional(),
    /** What the request is for, shown in the inspector (`next`, `load-more`, `refetch`...). */
    action: z.enum(['first', 'next', 'previous', 'from', 'sort', 'load-more', 'refetch', 'refresh']).optional(),
  })
  .strict()
  .refine((v) => (v.query === undefined) !== (v.link === undefined), {
    message: 'give either query or link, not both',
  })

const paymentsGetInput = z.object({ sessionId, id: paymentId, requestKey: requestKey.optional() }).strict()

const paymentsCancelInput = z.object({ requestKey }).strict()

const EXPORT_FORMATS = ['csv', 'json'] as const
export type PaymentsExportFormat = (typeof EXPORT_FORMATS)[number]
/** Every payment of 400 full pages: far above what a browsing session holds. */
const MAX_EXPORT_IDS = 100_000

export const paymentsExportInput = z
  .object({
    sessionId,
    /** Names the export in `payments.exportProgress` events. */
    exportId: z.string().min(1).max(64),
    format: z.enum(EXPORT_FORMATS),
    /** Which payments, in display order; main writes its own copies of them, never renderer data. */
    ids: z.array(paymentId).min(1).max(MAX_EXPORT_IDS),
  })
  .strict()

export interface PaymentsPageResult {
  /**
   * The page (a PaymentList) as JSON text with its `_embedded.payments` left empty: its count and
   * cursor links. Strings cross IPC far cheaper than a graph of 250 payments (structured clone in
   * Electron, Playwright's serializer in the e2e harness).
   */
  pageText: string
  /**
   * The page's payments, each as its own JSON text on one line, in order (JSON text holds no raw line
   * break). The renderer parses a row when it is drawn or filtered (renderer/src/lib/page-rows.ts),
   * not the whole page when it arrives. One string, not a list of 250: main's secret scrubber reads
   * it once, as it read the page (a list of strings costs it 2.5 times as much: each string and each
   * neighbouring pair).
   */
  rowsText: string
  /**
   * The same payments' listed fields (payments-page.ts ListedPayment), one line of JSON each, in the
   * same order: what a row drawn parses, a quarter of the payment's text.
   */
  shownText: string
  /** The payments' ids, in the same order (export, find-in-list, the keys of a dropped page). */
  ids: string[]
  /** The currencies of the payments' amounts, sorted (the list filter's choices). */
  currencies: string[]
  /** The API client's request id (the inspector entry), when the request log reported it. */
  requestId: string | null
}

/** What the payment view tells beside the payment (services/payment-context.ts). */
export interface PaymentContext {
  /** The order the payment belongs to: who the customer is (null when none, or it could not be read). */
  order: Pick<Order, 'id' | 'orderNumber' | 'status' | 'billingAddress' | 'shippingAddress'> | null
  /** The webhook calls to the shop, on the built-in Sandbox only (null elsewhere). */
  deliveries: DeliveryRecord[] | null
}

export interface PaymentResult {
  /** With its refunds and chargebacks embedded. */
  payment: Payment
  requestId: string | null
  context?: PaymentContext
}

export interface PaymentsExportResult {
  /** null when the user canceled the save dialog. */
  path: string | null
  rows: number
  /** Ids main no longer held and fetched again by id. */
  refetched: number
  /** Whether customers' personal data is in the file (the person chose in main's dialog). */
  personalData: 'left-out' | 'included' | null
}

export const paymentsChannels = {
  'payments.list': defineChannel<PaymentsPageResult>()(paymentsListInput),
  'payments.get': defineChannel<PaymentResult>()(paymentsGetInput),
  'payments.cancel': defineChannel<{ canceled: boolean }>()(paymentsCancelInput),
  'payments.export': defineChannel<PaymentsExportResult>()(paymentsExportInput),
}
