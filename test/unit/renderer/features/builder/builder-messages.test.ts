// Which builder messages are shown yet and what Create does (the logic of use-builder-screen.ts),
// over the real derivation of a draft (deriveBuilder).
import { describe, expect, it } from 'vitest'
import { createStep, shownMessages } from '../../../../../src/renderer/src/features/builder/builder-messages'
import { controlIdOf, deriveBuilder, ruleContextFor, type DraftContent } from '../../../../../src/shared/order-builder'
import { DRAFT_API_KEY, draftLine, validOrderDraft } from '../../../../helpers/drafts'

const CTX = ruleContextFor(DRAFT_API_KEY, new Date('2026-11-22T12:00:00Z'))

/** The valid order with its order number and first line's name left empty: two problems. */
function twoProblems(): DraftContent {
  const valid = validOrderDraft()
  const [first, ...rest] = valid.lines
  return { ...valid, orderNumber: '', lines: [draftLine('a', { ...first, name: '' }), ...rest] }
}

const content = twoProblems()
const state = deriveBuilder(content, DRAFT_API_KEY, CTX)
const orderNumber = controlIdOf('orderNumber')
const fields = () => state.violations.map((v) => v.field)

describe('shownMessages', () => {
  it('derives the two problems the fixture means (the test would say nothing otherwise)', () => {
    expect(fields()).toEqual(expect.arrayContaining(['orderNumber', 'lines.0.name']))
  })

  it('shows nothing on a fresh form, though the summary still has every problem to count', () => {
    const { shownState, shownViolations } = shownMessages(state, content, new Set(), false)
    expect(shownState.formErrors).toEqual({})
    expect(shownViolations).toEqual([])
    expect(shownState.violations).toBe(state.violations)
  })

  it('shows the messages of a field the agent has been in, and only those', () => {
    const { shownState, shownViolations } = shownMessages(state, content, new Set([orderNumber]), false)
    expect(Object.keys(shownState.formErrors)).toEqual(['orderNumber'])
    expect(shownViolations.map((v) => v.field)).toEqual(['orderNumber'])
  })

  it('shows every message once Create was pressed', () => {
    const { shownState, shownViolations } = shownMessages(state, content, new Set(), true)
    expect(shownState).toBe(state)
    expect(shownViolations).toEqual(state.violations)
  })
})

describe('createStep', () => {
  const idle = { sending: false, archived: null }

  it('shows the first problem instead of sending', () => {
    expect(createStep(state, idle)).toEqual({ kind: 'show', violation: state.violations[0] })
  })

  it('sends a draft without problems, and one whose only problems are overrides when sent anyway', () => {
    expect(createStep(deriveBuilder(validOrderDraft(), DRAFT_API_KEY, CTX), idle)).toEqual({ kind: 'send' })
    const overridden = { violations: state.violations, onlyOverrides: true }
    expect(createStep(overridden, idle, true)).toEqual({ kind: 'send' })
    expect(createStep(overridden, idle, false)).toMatchObject({ kind: 'show' })
    expect(createStep(state, idle, true)).toMatchObject({ kind: 'show' })
  })

  it('does nothing while a create is on its way or for an archived draft', () => {
    expect(createStep(state, { sending: true, archived: null })).toEqual({ kind: 'wait' })
    expect(createStep(deriveBuilder(validOrderDraft(), DRAFT_API_KEY, CTX), { sending: false, archived: {} })).toEqual({
      kind: 'wait',
    })
  })
})
