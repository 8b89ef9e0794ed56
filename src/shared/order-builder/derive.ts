// The builder's derived state.
import {
  validateCreateOrder,
  validateCreatePayment,
  violationsByField,
  type RuleContext,
  type RuleViolation,
} from '../order-rules'
import type { DraftContent } from './draft'
import { formTargetOf } from './form-targets'
import { buildDraftRequest, type BuiltRequest, type CredentialShape } from './request'

// Everything the builder shows, derived from the draft in one pass per keystroke: the request
// body (shared/ipc/orders.ts), the service's rules (shared/order-rules/, the same module the
// sandbox answers with), and which problems remain. No rule is written here.

export interface BuilderState {
  built: BuiltRequest
  /** Rule violations plus the builder's own (unparsable JSON), noise removed (see below). */
  violations: RuleViolation[]
  byField: Record<string, RuleViolation[]>
  /** The preview: exactly the JSON text main will send. */
  previewJson: string
  /** True when every remaining violation is on a value the user overrode on purpose. */
  onlyOverrides: boolean
  /** Violations keyed by the FORM path of their control (form-targets.ts). */
  formErrors: Record<string, RuleViolation[]>
  /** Violations the form has no control for (shown in the summary only). */
  unmapped: RuleViolation[]
}

/**
 * Violations on a COMPUTED value that was not sent (its inputs are incomplete) only repeat the
 * inputs' own violations ("totalAmount is required" while the unit price is empty): dropped.
 */
function isNoise(v: RuleViolation, content: DraftContent, built: BuiltRequest): boolean {
  // With "same as billing" the shipping address is a copy: its violations repeat the billing ones.
  if (content.kind === 'order' && content.shippingSameAsBilling && v.field.startsWith('shippingAddress.')) return true
  const withLines = content.kind === 'order' || content.paymentWithLines
  if (v.field === 'amount') return withLines && built.amount === null && content.lines.length > 0
  const m = /^lines\.(\d+)\.(totalAmount|vatAmount)$/.exec(v.field)
  if (!m) return false
  const line = built.lines[Number.parseInt(m[1] ?? '', 10)]
  if (!line) return false
  return m[2] === 'totalAmount' ? line.sentTotal === null : line.sentVat === null
}

function isOverrideViolation(v: RuleViolation, content: DraftContent): boolean {
  const m = /^lines\.(\d+)\.(totalAmount|vatAmount)$/.exec(v.field)
  if (m) {
    const line = content.lines[Number.parseInt(m[1] ?? '', 10)]
    return !!line && (m[2] === 'totalAmount' ? line.totalOverride !== null : line.vatOverride !== null)
  }
  // The amount follows the sent line totals, so it deviates only when a total was overridden.
  return v.field === 'amount' && content.lines.some((l) => l.totalOverride !== null)
}

export function deriveBuilder(content: DraftContent, credential: CredentialShape, ctx: RuleContext): BuilderState {
  const built = buildDraftRequest(content, credential)
  const rules = content.kind === 'order' ? validateCreateOrder(built.body, ctx) : validateCreatePayment(built.body, ctx)
  // A field with a local issue (JSON that does not parse) was left out; its rules add nothing.
  const violations = [...built.localIssues, ...rules.filter((v) => !isNoise(v, content, built))]
  const formErrors: Record<string, RuleViolation[]> = Object.create(null) as Record<string, RuleViolation[]>
  const unmapped: RuleViolation[] = []
  const organizationToken = credential.kind === 'organization-token'
  for (const v of violations) {
    const target = formTargetOf(v.field, content, { organizationToken })
    if (!target) unmapped.push(v)
    else (formErrors[target.path] ??= []).push(v)
  }
  return {
    built,
    violations,
    formErrors,
    unmapped,
    byField: violationsByField(violations),
    previewJson: JSON.stringify(built.body, null, 2),
    onlyOverrides: violations.length > 0 && violations.every((v) => isOverrideViolation(v, content)),
  }
}
