// The order builder's pure logic, shared by the renderer (preview, inline validation) and main
// (what is sent): the draft model (draft.ts), the draft → request conversion (request.ts), the
// service-field → form control mapping (form-targets.ts), and the derived state per keystroke
// (derive.ts). No zod here (the renderer's CSP forbids eval, which zod probes for), no node, no
// DOM; the IPC schemas live in drafts.ts / orders.ts. This file is the entry: import from it.

export {
  ADDRESS_KEYS,
  emptyDraftContent,
  emptyDraftLine,
  METHOD_MODES,
  shippingCountryOf,
  type AddressKey,
  type DraftAddress,
  type DraftContent,
  type DraftLine,
  type MethodMode,
} from './draft'
export {
  buildDraftRequest,
  nextOrderNumber,
  ruleContextFor,
  type BuiltLine,
  type BuiltRequest,
  type CredentialShape,
} from './request'
export {
  controlIdOf,
  formTargetOf,
  LINE_DETAIL_FIELDS,
  LINE_FIELDS,
  type FormTarget,
  type LineField,
} from './form-targets'
export { deriveBuilder, type BuilderState } from './derive'
