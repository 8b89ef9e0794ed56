import type { customerChannels } from '../../../shared/ipc/customers'
import type { HandlersFor } from '../../../shared/ipc/define'
import type { CustomersService } from './service'

/** The `customers.*` IPC handlers: thin, the rules live in the service. */
export function createCustomerHandlers(service: CustomersService): HandlersFor<typeof customerChannels> {
  return {
    'customers.open': (input) => service.open(input),
  }
}
