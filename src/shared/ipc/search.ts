import { z } from 'zod'
import type { RequestLogSummary } from '../request-log-types'
import { defineChannel } from './define'
import { PAYMENT_CAP_CHOICES } from '../search/index-cap'
import type { RecordObjectRef } from '../team-record'

// The search box, the home screen and the background sync of the local index (docs/SEARCH.md,
// "The search box"). Main parses and runs every query; the renderer only shows what comes back.

export type SyncKind = 'payments' | 'orders'

export interface SearchHit {
  kind: 'payment' | 'order'
  id: string
  createdAt: string
  status: string
  /** The state in the agent's words ("refunded" for a paid payment all refunded); the status otherwise. */
  state: string
  method: string | null
  amount: { currency: string; value: string }
  orderId: string | null
  /** The payment's description or the order's number. */
  title: string
  /** Name and e-mail, when known. */
  customer: string
  /** What matched, in the agent's words ("Customer e-mail", "Amount", …). */
  matched: string[]
  /** For an order: its newest payment in the index (opened while there is no order view). */
  latestPaymentId: string | null
}

export interface IndexFreshness {
  connectionId: string
  payments: number
  orders: number
  /** When the last complete sync of both lists finished, or null if never. */
  syncedAt: string | null
  /** A damaged index was set aside and is being rebuilt. */
  notice: string | null
  /** The most payments and orders the index keeps (the newest). */
  cap: { payments: number; orders: number }
  /**
   * When the service holds older objects than the index keeps (it stopped at its cap): the creation
   * time of the oldest one it keeps; null when it holds the whole list.
   */
  keptSince: { payments: string | null; orders: string | null }
}

export interface SearchGroup {
  hits: SearchHit[]
  /** More matched than are shown. */
  more: boolean
  /**
   * The words matched so many (more than RANKED_CANDIDATES, or the search stopped early) that the
   * newest matches are shown, newest first, rather than the most relevant.
   */
  broad: boolean
}

export interface SearchResult {
  text: string
  /** What was understood, one chip each. */
  chips: string[]
  warnings: string[]
  /** An id or a link holding one: open it (the view fetches it fresh). */
  direct: { kind: 'payment' | 'order'; id: string } | null
  /** The objects the shared record attaches this text to as a helpdesk ticket reference (issue 50). */
  ticket?: { reference: string; objects: RecordObjectRef[] } | null
  orders: SearchGroup
  payments: SearchGroup
  index: IndexFreshness
  tookMs: number
}

export interface SyncProgress {
  connectionId: string
  state: 'idle' | 'running' | 'canceled' | 'interrupted' | 'done'
  full: boolean
  /** The list being walked now. */
  kind: SyncKind | null
  items: number
  pages: number
  /** Pages per second since the sync started. */
  pagesPerSecond: number
  startedAt: string | null
  finishedAt: string | null
  /** Why the sync stopped early (network fault, rate limit, …); it resumes where it stopped. */
  error: string | null
}

export interface HomeSummary {
  /** Payments created today / in the last 7 days, by status (from the index). */
  today: Record<string, number>
  last7Days: Record<string, number>
  /** Failed, expired and canceled payments created today. */
  failuresToday: SearchHit[]
  payments: number
  orders: number
}

/** A seeded practice customer of the built-in Sandbox (docs/SANDBOX.md "Practice calls"). */
export interface PracticeCustomer {
  name: string
  email: string
  question: string
}

export interface HomeView {
  summary: HomeSummary
  /** The practice customers to try, when the active connection is the built-in Sandbox; else empty. */
  practice: PracticeCustomer[]
  /** The latest failed requests of this connection (Inspector rows). */
  recentErrors: RequestLogSummary[]
  index: IndexFreshness
  sync: SyncProgress
}

const queryInput = z
  .object({
    /** Bounded generously: the parser refuses long queries with a readable message. */
    text: z.string().max(20_000),
  })
  .strict()

export const searchChannels = {
  'search.query': defineChannel<SearchResult>()(queryInput),
  'search.home': defineChannel<HomeView>()(z.undefined()),
  'search.sync': defineChannel<SyncProgress>()(z.object({ full: z.boolean().optional() }).strict().optional()),
  'search.cancelSync': defineChannel<SyncProgress>()(z.undefined()),
  'search.status': defineChannel<SyncProgress>()(z.undefined()),
  /** The agent's choice of how many payments this connection's index keeps (main checks it is one of the choices). */
  'search.setPaymentCap': defineChannel<IndexFreshness>()(
    z.object({ payments: z.literal(PAYMENT_CAP_CHOICES) }).strict(),
  ),
}
