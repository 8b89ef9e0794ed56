import type { HandlersFor } from '../../../shared/ipc/define'
import type { paymentsChannels } from '../../../shared/ipc/payments'
import type { PaymentsService } from './types'

/** The `payments.*` browsing IPC handlers: thin, the rules live in the service. */
export function createPaymentsHandlers(service: PaymentsService): HandlersFor<typeof paymentsChannels> {
  return {
    'payments.list': (input) => service.list(input),
    'payments.get': ({ sessionId, id, requestKey }) => service.get(sessionId, id, requestKey),
    'payments.cancel': ({ requestKey }) => service.cancel(requestKey),
    'payments.export': (input) => service.exportPayments(input),
  }
}
