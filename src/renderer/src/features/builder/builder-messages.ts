// Which of the builder's messages are shown yet, and what Create does: decided here, apart from
// React, so use-builder-screen.ts only keeps the state (fields touched, Create pressed) and acts.
import type { BuilderState, DraftContent } from '../../../../shared/order-builder'
import { controlIdOf, formTargetOf } from '../../../../shared/order-builder'
import type { RuleViolation } from '../../../../shared/order-rules'

/**
 * Messages under a control appear once the agent has been in that field or pressed Create, never on
 * a fresh form (issue 13 item 6). The summary by the Create button names the problems of touched
 * fields (all of them after Create); the rest it only counts.
 */
export function shownMessages(
  state: BuilderState,
  content: DraftContent,
  touched: ReadonlySet<string>,
  attempted: boolean,
): { shownState: BuilderState; shownViolations: RuleViolation[] } {
  if (attempted) return { shownState: state, shownViolations: state.violations }
  const formErrors: BuilderState['formErrors'] = {}
  for (const [path, errors] of Object.entries(state.formErrors)) {
    if (touched.has(controlIdOf(path))) formErrors[path] = errors
  }
  const shownViolations = state.violations.filter((v) => {
    const target = formTargetOf(v.field, content)
    return target !== null && touched.has(target.controlId)
  })
  return { shownState: { ...state, formErrors }, shownViolations }
}

type CreateStep =
  /** a create is on its way, or the draft is archived: nothing happens */
  | { kind: 'wait' }
  /** the first problem is shown instead of sending */
  | { kind: 'show'; violation: RuleViolation }
  | { kind: 'send' }

/** What Create does: the first problem is shown instead, unless sent anyway where only overrides remain. */
export function createStep(
  state: Pick<BuilderState, 'violations' | 'onlyOverrides'>,
  store: { sending: boolean; archived: unknown },
  sendAnyway = false,
): CreateStep {
  if (store.sending || store.archived) return { kind: 'wait' }
  const first = state.violations[0]
  if (first && !(sendAnyway && state.onlyOverrides)) return { kind: 'show', violation: first }
  return { kind: 'send' }
}
