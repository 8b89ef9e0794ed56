// The actions service over a fake client, for unit tests of one write: a test connection (not live)
// whose client is the test's own, and a fresh data key; and the objects such a client answers with.
import { randomBytes } from 'node:crypto'
import { createActionsService, type ActionsService } from '../../../src/main/services/actions'
import type { Payment, Refund } from '../../../src/shared/api-types'

/** A paid 30.00 EUR payment as a fake client answers it (the fields the write reads); `over` changes any. */
export function scriptedPayment(over: Record<string, unknown> = {}): Payment {
  return {
    resource: 'payment',
    id: 'tr_00000000AAAA',
    mode: 'test',
    status: 'paid',
    description: 'Order 12',
    amount: { currency: 'EUR', value: '30.00' },
    amountRemaining: { currency: 'EUR', value: '30.00' },
    createdAt: '2026-03-02T09:00:00+00:00',
    ...over,
  } as unknown as Payment
}

/** A pending refund of `value` EUR made at `createdAt`, as a fake client answers it. */
export function scriptedRefund(id: string, value: string, createdAt: string): Refund {
  return {
    resource: 'refund',
    id,
    status: 'pending',
    amount: { currency: 'EUR', value },
    createdAt,
  } as unknown as Refund
}

type ServiceOptions = Parameters<typeof createActionsService>[0]

export function actionsOverClient(
  client: unknown,
  {
    key = randomBytes(32),
    ...options
  }: Omit<ServiceOptions, 'connections' | 'getKey'> & {
    /** The data key (a restart of the same desk passes the same one). */
    key?: Uint8Array
  },
): ActionsService {
  return createActionsService({
    ...options,
    getKey: async () => key,
    connections: {
      activeConnection: async () => ({
        id: 'conn_0000000000000001',
        label: 'Shop',
        kind: 'api-key',
        mode: 'test',
        profileId: null,
        testmode: null,
        isLive: false,
        builtIn: false,
      }),
      getActiveClient: async () => client as never,
    },
  })
}
