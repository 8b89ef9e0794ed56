import type { Payment } from '../../../shared/api-types'
import type { HandlersFor } from '../../../shared/ipc/define'
import type { paymentsChannels } from '../../../shared/ipc/payments'
import type { PaymentsService } from './types'

/** The `payments.*` browsing IPC handlers: thin, the rules live in the service. */
export function createPaymentsHandlers(
  service: PaymentsService,
  /**
   * Called before a payment is opened; returns where to report it once read (its index row is
   * refreshed, unless the connection changed meanwhile: app-services/ decides).
   */
  begin: () => Promise<(kind: 'payments', payment: Payment) => void>,
): HandlersFor<typeof paymentsChannels> {
  return {
    'payments.list': (input) => service.list(input),
    'payments.get': async ({ sessionId, id, requestKey }) => {
      const read = await begin()
      const result = await service.get(sessionId, id, requestKey)
      read('payments', result.payment)
      return result
    },
    'payments.cancel': ({ requestKey }) => service.cancel(requestKey),
    'payments.export': (input) => service.exportPayments(input),
  }
}
