import type { Payment, PaymentList } from '../../../shared/api-types'
import type {
  PaymentsExportFormat,
  PaymentsExportResult,
  PaymentResult,
  PaymentsPageResult,
} from '../../../shared/ipc/payments'
import type { CallOptions, GetPaymentOptions, ListPaymentsInput } from '../../api/client'
import type { QuestionPort } from '../main-questions'
import type { PaymentContextDeps } from '../payment-context'

/** The part of the API client the browser uses. */
export interface PaymentsClient extends Pick<PaymentContextDeps, 'getOrder'> {
  listPayments(input?: ListPaymentsInput, opts?: CallOptions): Promise<PaymentList>
  getPayment(id: string, opts?: GetPaymentOptions): Promise<Payment>
}

interface SavePathChooser {
  (options: {
    title: string
    defaultName: string
    filters: { name: string; extensions: string[] }[]
  }): Promise<string | null>
}

export interface PaymentsServiceOptions {
  getClient: () => Promise<PaymentsClient>
  chooseSavePath: SavePathChooser
  /** Main's own questions: whether the export may contain customers' personal data (default: no). */
  questions?: QuestionPort
  onExportProgress?: (progress: { exportId: string; written: number; total: number; done: boolean }) => void
  /**
   * Reports the request id of each API attempt, synchronously from inside the client's call (the
   * request log's event). The service ties it to the call that caused it through async context,
   * because the client returns only the data on success.
   */
  observeRequestIds?: (listener: (requestId: string) => void) => () => void
  /** The built-in Sandbox's webhook calls for an object (payment-context.ts); null elsewhere. */
  deliveries?: PaymentContextDeps['deliveries']
  /** Payments kept per browsing session for export (oldest served dropped first). Default 120,000. */
  maxPaymentsPerSession?: number
  /** Sessions kept (least recently used dropped). Default 4. */
  maxSessions?: number
  /** Page links remembered per browsing session (oldest dropped first). Default 20,000. */
  maxLinksPerSession?: number
  /** Ids an export may fetch again because main no longer holds them. Default 2,000. */
  maxExportRefetch?: number
  clock?: () => Date
}

export interface ListRequest {
  sessionId: string
  requestKey: string
  query?: { from?: string; limit?: number; sort?: 'asc' | 'desc' }
  link?: string
  action?: string
}

export interface PaymentsService {
  list(request: ListRequest): Promise<PaymentsPageResult>
  get(sessionId: string, id: string, requestKey?: string): Promise<PaymentResult>
  cancel(requestKey: string): { canceled: boolean }
  exportPayments(request: {
    sessionId: string
    exportId: string
    format: PaymentsExportFormat
    ids: string[]
  }): Promise<PaymentsExportResult>
  /** Payments the session holds (for tests and diagnostics). */
  sessionSize(sessionId: string): number
  dispose(): void
}
