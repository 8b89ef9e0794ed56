// The builder's field mapping lives in shared/ipc/orders.ts (pure, unit-tested under node).
export {
  controlIdOf,
  formTargetOf,
  LINE_DETAIL_FIELDS,
  LINE_FIELDS,
  type FormTarget,
  type LineField,
} from '../../../../shared/order-builder'
