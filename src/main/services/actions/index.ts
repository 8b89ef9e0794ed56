// Acting on payments and orders from their views: refund, cancel a payment, update a payment,
// cancel an order; and reading an order with its payments. Electron-free.
//
// Rules kept here:
// - main reads the object fresh before acting and checks the same state rules the sandbox applies
//   (src/shared/payment-writes.ts): the renderer's idea of the state decides nothing;
// - on a live connection main asks through its own dialog (live-write-guard.ts) with a summary it
//   builds from what it read (amount, reference, customer, connection); no renderer flag counts;
// - every write carries an Idempotency-Key that main keeps per pending action in the data folder
//   (pending-actions.json): the same action sent again (a retry, a second click, after a restart)
//   reuses it, so the service replays the first answer instead of refunding twice. The key is
//   forgotten once the action got a definitive answer (success or a 4xx other than 408/429), or
//   after 24 hours (the service's own memory of keys);
// - every call names its origin (view and action) for the Inspector and returns its request id.
//
// The parts: context.ts (pending keys, request ids, live prompt, shared checks), refund.ts,
// payment-changes.ts (cancel, update), order-writes.ts (read, cancel, new payment), service.ts.
export { createActionsService } from './service'
export * from './types'
