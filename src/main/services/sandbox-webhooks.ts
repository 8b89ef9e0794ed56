// The built-in Sandbox runs inside main, so its webhook calls are main's own outbound requests. A page
// can create a test payment whose webhookUrl carries data in its host, path or query; the Sandbox
// calls it when the payment changes. So main decides which hosts it calls: the loopback receivers
// the Sandbox's own settings name, and any other host only after the person said yes to main's own
// question naming the host and the whole URL. The answer is kept per host until Paydesk quits.
import { isLoopbackHost } from '../../shared/host-scope'
import { plainLine } from './dialog-text'
import { askMain, type MainQuestion, type QuestionPort } from './main-questions'

/** The whole URL is shown, however long: the data rides in its path and query. */
const MAX_URL_IN_QUESTION = 2_000
/** More questions than this waiting at once: a page is flooding; further hosts are refused unasked. */
const MAX_WAITING_QUESTIONS = 3

export function sandboxWebhookQuestion(url: URL): MainQuestion {
  const host = plainLine(url.hostname, 120)
  return {
    kind: 'sandbox-webhook',
    title: 'Let the Sandbox call a shop',
    message: `Let the Sandbox send webhook calls to ${host}?`,
    detail:
      `A test payment asks Paydesk's Sandbox to call ${host} when the payment changes. Whoever runs ${host} ` +
      'receives each call and everything written into the address below, which can carry customer data. ' +
      'Allow it only if you set up this shop address yourself; Paydesk asks once per address until it quits.\n\n' +
      `Address: ${plainLine(url.href, MAX_URL_IN_QUESTION)}`,
    buttons: ['Cancel', `Call ${host}`],
    defaultId: 0,
    cancelId: 0,
  }
}

/**
 * The in-app Sandbox's webhookPolicy: `receivers` (loopback origins from its settings) are called
 * without a question; any other host after main asked once (questions one after another).
 */
export function createSandboxWebhookPolicy(options: {
  questions: QuestionPort | undefined
  receivers?: readonly string[]
}): (url: string) => Promise<boolean> {
  const receivers = new Set(
    (options.receivers ?? [])
      .map((r) => new URL(r))
      .filter((r) => isLoopbackHost(r.hostname))
      .map((r) => r.origin),
  )
  const answers = new Map<string, Promise<boolean>>()
  let queue: Promise<unknown> = Promise.resolve()
  let waiting = 0
  return async (text) => {
    const url = new URL(text)
    if (receivers.has(url.origin)) return true
    const host = url.hostname
    const known = answers.get(host)
    if (known) return known
    if (waiting >= MAX_WAITING_QUESTIONS) return false
    waiting++
    // null: not asked, because another of main's questions was open (one at a time, askMain).
    const asked = queue.then(() =>
      askMain(options.questions, sandboxWebhookQuestion(url)).then(
        (button) => button === 1,
        () => null,
      ),
    )
    queue = asked.finally(() => waiting--)
    // Not asked is not sent this time, and not remembered: the host is asked at its next call.
    const answer = asked.then((yes) => {
      if (yes !== null) return yes
      if (answers.get(host) === answer) answers.delete(host)
      return false
    })
    answers.set(host, answer)
    return answer
  }
}
