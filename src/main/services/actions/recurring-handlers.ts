import type { HandlersFor } from '../../../shared/ipc/define'
import type { recurringChannels } from '../../../shared/ipc/recurring'
import type { ActionsService } from './types'

/** The `recurring.*` IPC handlers (issue 49 item 6): thin, the rules live in the actions service. */
export function createRecurringHandlers(
  actions: Pick<ActionsService, 'openRecurring' | 'revokeMandate' | 'cancelSubscription'>,
): HandlersFor<typeof recurringChannels> {
  return {
    'recurring.open': ({ customerId }) => actions.openRecurring(customerId),
    'recurring.revokeMandate': (input) => actions.revokeMandate(input),
    'recurring.cancelSubscription': (input) => actions.cancelSubscription(input),
  }
}
