// The builder's derived state lives in shared/ipc/orders.ts (pure, unit-tested under node).
export { deriveBuilder, type BuilderState } from '../../../../shared/order-builder'
