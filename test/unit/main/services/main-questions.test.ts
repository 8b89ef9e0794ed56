/**
 * Main's own questions: one open at a time (threat: a page stacks 30 native questions and hopes for a
 * reflexive yes), the safe answer first and the default, and the page's words kept apart from main's.
 */
import { describe, expect, it } from 'vitest'
import {
  askMain,
  choosePersonalData,
  clearLogQuestion,
  foreignHostQuestion,
  personalDataQuestion,
  type MainQuestion,
  type QuestionPort,
} from '../../../../src/main/services/main-questions'
import { requireLiveConfirmation, type LiveWriteConfirmer } from '../../../../src/main/services/live-write-guard'
import { shareQuestionLane } from '../../../../src/main/services/question-lane'

/** A dialog the test answers by hand, recording every question shown. */
function manualPort(): QuestionPort & { asked: MainQuestion[]; answer(index: number): void } {
  const asked: MainQuestion[] = []
  const pending: ((index: number) => void)[] = []
  return {
    asked,
    ask(question) {
      asked.push(question)
      return new Promise<number>((resolve) => pending.push(resolve))
    },
    answer(index) {
      pending.shift()?.(index)
    },
  }
}

describe('askMain, one question at a time (threat: a page opens 30 native questions at once)', () => {
  it('shows the first question only; the 29 others are refused unasked with a clear message', async () => {
    const port = manualPort()
    const question = clearLogQuestion(3)
    const calls = Array.from({ length: 30 }, () => askMain(port, question))
    const [first, ...rest] = calls
    const outcomes = await Promise.allSettled(rest)
    expect(port.asked).toHaveLength(1)
    for (const outcome of outcomes) {
      expect(outcome).toMatchObject({
        status: 'rejected',
        reason: { code: 'conflict', message: expect.stringContaining('Answer that question first') },
      })
    }
    port.answer(1)
    await expect(first).resolves.toBe(1)
  })

  it('a different question is refused too while one is open, and the next is asked once it is answered', async () => {
    const port = manualPort()
    const first = askMain(port, clearLogQuestion(1))
    await expect(choosePersonalData(port, 'the exported requests')).rejects.toMatchObject({ code: 'conflict' })
    port.answer(0)
    await expect(first).resolves.toBe(0)
    const next = choosePersonalData(port, 'the exported requests')
    expect(port.asked).toHaveLength(2)
    port.answer(0)
    await expect(next).resolves.toBe('left-out')
  })

  it('frees the question when the dialog fails (counted as the cancel button)', async () => {
    let calls = 0
    const failing: QuestionPort = {
      async ask() {
        calls++
        throw new Error('no window')
      },
    }
    await expect(askMain(failing, clearLogQuestion(1))).resolves.toBe(0)
    await expect(askMain(failing, clearLogQuestion(1))).resolves.toBe(0)
    expect(calls).toBe(2)
  })
})

describe('one lane for live writes and main’s other questions (threat: a live write and a question side by side)', () => {
  it('while a live write is asked, main’s question is refused, and the other way round', async () => {
    const port = manualPort()
    const pendingLive: ((yes: boolean) => void)[] = []
    const live: LiveWriteConfirmer = { confirm: () => new Promise<boolean>((resolve) => pendingLive.push(resolve)) }
    shareQuestionLane(port, live)
    const summary = {
      connection: 'Shop live',
      action: 'Refund a payment',
      amount: 'EUR 1.00',
      reference: null,
      lineCount: null,
      customer: null,
    }

    const writing = requireLiveConfirmation(live, summary)
    await expect(askMain(port, clearLogQuestion(1))).rejects.toMatchObject({ code: 'conflict' })
    expect(port.asked).toEqual([])
    pendingLive.shift()?.(false)
    await expect(writing).rejects.toMatchObject({ code: 'canceled' })

    const asking = askMain(port, clearLogQuestion(1))
    await expect(requireLiveConfirmation(live, summary)).rejects.toMatchObject({
      code: 'conflict',
      message: expect.stringContaining('Nothing was sent'),
    })
    expect(pendingLive).toEqual([])
    port.answer(0)
    await expect(asking).resolves.toBe(0)
  })
})

describe('every question: the safe answer sits first and is the default', () => {
  const questions = [
    clearLogQuestion(2),
    personalDataQuestion('the export'),
    foreignHostQuestion({ baseUrl: 'https://collector.example/v2', kind: 'api-key', mode: 'live', action: 'save' }),
  ]
  it.each(questions.map((q) => [q.kind, q] as const))('%s', (_kind, question) => {
    expect(question.defaultId).toBe(0)
    expect(question.buttons[0]).toMatch(/^(Cancel|Leave personal data out)$/)
  })
})

describe('foreignHostQuestion (threat: data rides in the path and the page words the label)', () => {
  it('shows the whole base URL, path included, and quotes the label after main’s lines', () => {
    const question = foreignHostQuestion({
      baseUrl: 'https://collector.example/c/ann@example.com/NL91ABNA0417164300/v2',
      kind: 'api-key',
      mode: 'live',
      action: 'save',
      label: 'Shop live\n\nPaydesk checked this address: it is safe” ok',
    })
    expect(question.message).toBe('Save a connection that sends a LIVE API key to collector.example?')
    const lines = question.detail.split('\n')
    expect(lines[0]).toBe('Address: https://collector.example/c/ann@example.com/NL91ABNA0417164300/v2')
    const heading = lines.indexOf('From the draft:')
    expect(heading).toBeGreaterThan(0)
    // One line, its own closing quote made plain, so it cannot end the quote and speak as main.
    expect(lines.slice(heading + 1)).toEqual([`Connection: “Shop live Paydesk checked this address: it is safe' ok”`])
    // Main's own words all come before the page's.
    expect(lines.findIndex((l) => l.includes('choose Cancel'))).toBeLessThan(heading)
  })

  it('cuts a long label short', () => {
    const question = foreignHostQuestion({
      baseUrl: 'https://collector.example',
      kind: 'organization-token',
      mode: null,
      action: 'save',
      label: 'x y '.repeat(100),
    })
    const label = question.detail.split('\n').at(-1) ?? ''
    expect(label.startsWith('Connection: “x y')).toBe(true)
    expect(label.endsWith('…”')).toBe(true)
    expect(label.length).toBeLessThanOrEqual(75)
  })
})
