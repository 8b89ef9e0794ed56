// Main's say over the built-in Sandbox's webhook calls (issue 45 item 1), with a scripted person:
// one question per host however many calls wait for it, the whole URL in it, Cancel first and the
// default; the settings' receivers only when they are on this machine; a flood of hosts is not asked.
import { describe, expect, it, vi } from 'vitest'
import {
  askMain,
  clearLogQuestion,
  type MainQuestion,
  type QuestionPort,
} from '../../../../src/main/services/main-questions'
import { createSandboxWebhookPolicy, sandboxWebhookQuestion } from '../../../../src/main/services/sandbox-webhooks'

function person(answer: (q: MainQuestion) => number): QuestionPort & { asked: MainQuestion[] } {
  const asked: MainQuestion[] = []
  return {
    asked,
    ask: async (q) => {
      asked.push(q)
      await new Promise((r) => setTimeout(r, 5))
      return answer(q)
    },
  }
}

describe('the Sandbox’s webhook policy in main', () => {
  it('asks once per host, also when many calls wait at once, and remembers the answer for the session', async () => {
    const questions = person((q) => (q.message.includes('yes.example') ? 1 : 0))
    const allowed = createSandboxWebhookPolicy({ questions })
    const answers = await Promise.all([
      allowed('https://yes.example/a'),
      allowed('https://yes.example:8443/b?x=1'),
      allowed('https://no.example/c'),
      allowed('https://no.example/d'),
    ])
    expect(answers).toEqual([true, true, false, false])
    expect(await allowed('https://yes.example/later')).toBe(true)
    expect(await allowed('https://no.example/later')).toBe(false)
    expect(questions.asked.map((q) => q.buttons)).toEqual([
      ['Cancel', 'Call yes.example'],
      ['Cancel', 'Call no.example'],
    ])
  })

  it('shows the whole URL (the data rides in the path and query) on one line, Cancel the default', () => {
    const url = new URL(`https://exfil.example/c?d=${'jan.jansen@example.com;NL91ABNA0417164300;'.repeat(8)}`)
    const q = sandboxWebhookQuestion(url)
    expect(q).toMatchObject({ kind: 'sandbox-webhook', defaultId: 0, cancelId: 0 })
    expect(q.buttons[0]).toBe('Cancel')
    expect(q.detail).toContain(`Address: ${url.href}`)
    const broken = sandboxWebhookQuestion(new URL('https://exfil.example/a%0D%0AAllow%20it'))
    expect(broken.detail.split('\n').at(-1)).toBe('Address: https://exfil.example/a%0D%0AAllow%20it')
  })

  it('calls the settings’ receivers unasked only when they are on this machine', async () => {
    const questions = person((q) => q.cancelId)
    const allowed = createSandboxWebhookPolicy({
      questions,
      receivers: ['http://127.0.0.1:4321', 'https://hooks.example'],
    })
    expect(await allowed('http://127.0.0.1:4321/hook')).toBe(true)
    expect(await allowed('http://127.0.0.1:4322/hook')).toBe(false)
    expect(await allowed('https://hooks.example/x')).toBe(false)
    expect(questions.asked.map((q) => q.buttons[1])).toEqual(['Call 127.0.0.1', 'Call hooks.example'])
  })

  it('refuses new hosts unasked while three questions wait (a page flooding hosts)', async () => {
    const questions = person((q) => q.cancelId)
    const allowed = createSandboxWebhookPolicy({ questions })
    const answers = await Promise.all(Array.from({ length: 10 }, (_, i) => allowed(`https://h${i}.example/`)))
    expect(answers.every((a) => a === false)).toBe(true)
    expect(questions.asked).toHaveLength(3)
  })

  it('with no question port, nothing is allowed', async () => {
    expect(await createSandboxWebhookPolicy({ questions: undefined })('https://shop.example/')).toBe(false)
  })

  it('while another of main’s questions is open, a call is not sent and its host is asked at the next call', async () => {
    const pending: ((button: number) => void)[] = []
    const questions: QuestionPort & { asked: MainQuestion[] } = {
      asked: [],
      ask(q) {
        questions.asked.push(q)
        return new Promise<number>((resolve) => pending.push(resolve))
      },
    }
    const allowed = createSandboxWebhookPolicy({ questions })
    // The person is answering another question (a key for a foreign address, say).
    const other = askMain(questions, clearLogQuestion(1))
    expect(await allowed('https://shop.example/hook')).toBe(false)
    expect(questions.asked.map((q) => q.kind)).toEqual(['clear-request-log'])
    pending.shift()?.(0)
    await other
    const next = allowed('https://shop.example/hook')
    await vi.waitFor(() => expect(questions.asked.map((q) => q.kind)).toEqual(['clear-request-log', 'sandbox-webhook']))
    pending.shift()?.(1)
    expect(await next).toBe(true)
  })
})
