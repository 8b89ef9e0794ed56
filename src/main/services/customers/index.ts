// The customer view (docs/VIEWS.md, "Customer view"): service.ts (find, read fresh, sum up) and
// handlers.ts (its IPC channel).
export { createCustomerHandlers } from './handlers'
export { createCustomersService } from './service'
