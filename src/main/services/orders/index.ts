// Creating orders and payments from the builder's drafts: send.ts (one create, step by step: the
// draft's owner, write 1, the live question, the call, write 2), service.ts, types.ts (the rules).
export { createOrdersService } from './service'
export { isDefinitiveClientError } from './send'
export type { OrdersClient, OrdersService, OrdersServiceOptions } from './types'
