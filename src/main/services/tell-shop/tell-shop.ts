// "I paid but the shop says I didn't" (issue 49 item 5): Tell the shop again. The page names a payment
// and nothing else. Main reads the payment fresh with the desk's own credential and takes the webhook
// address from the service's answer (the payment's webhookUrl; for a payment of an order without one,
// its order's, which the service calls with the order's id), asks the person in its own dialog naming
// the host and the whole address (Cancel first and the default; the lane every question of main
// shares), then calls the shop once (shop-call.ts). The answer is kept three times: in the request log
// (the Inspector), in the team's action record (kind `tell-the-shop`, so the payment's timeline shows
// it), and in the reply, from which the view builds the note for the shop's developer.
import { randomUUID } from 'node:crypto'
import type { AttemptEvent, RequestOrigin } from '../../../shared/api-events'
import type { Payment } from '../../../shared/api-types'
import { TELL_SHOP_USER_AGENT, type TellShopResult } from '../../../shared/ipc/tell-shop'
import type { RecordedOutcome } from '../../../shared/team-record'
import type { ApiClient } from '../../api'
import { UserFacingError } from '../../errors'
import type { WriteRecorder } from '../../team/recorded-write'
import type { ActiveConnectionInfo } from '../connections'
import { plainLine } from '../dialog-text'
import { readBeforeAct } from '../actions/fresh-read'
import { askMain, type MainQuestion, type QuestionPort } from '../main-questions'
import { addressProblem, callShop, type ShopCallOptions, type ShopCallResult } from './shop-call'

interface TellShopOptions {
  connections: {
    activeConnection(): Promise<ActiveConnectionInfo>
    getActiveClient(): Promise<Pick<ApiClient, 'getPayment' | 'getOrder'>>
  }
  questions: QuestionPort | undefined
  record: WriteRecorder
  /** Puts the call into the request log under the active connection. */
  log: (event: AttemptEvent, connection: ActiveConnectionInfo) => void
  /** Loopback origins the built-in Sandbox calls as its own shop receivers (AppDeps.sandboxWebhookReceivers). */
  sandboxReceivers?: readonly string[]
  call?: Omit<ShopCallOptions, 'localOrigins'>
  now?: () => number
}

/** The whole address is shown in the question, however long: data can ride in its path and query. */
const MAX_URL_IN_QUESTION = 2_000

function tellShopQuestion(url: URL, objectId: string): MainQuestion {
  const host = plainLine(url.hostname, 120)
  return {
    kind: 'tell-shop',
    title: 'Tell the shop again',
    message: `Send the shop at ${host} a new status call for ${objectId}?`,
    detail:
      `Paydesk will send one POST with "id=${objectId}" to the address below, the webhook address the payment ` +
      `service has for this payment, as the service itself does. ${host} then reads the payment's status from the ` +
      'service. Nothing else is sent: no key, no customer data.\n\n' +
      `Address: ${plainLine(url.href, MAX_URL_IN_QUESTION)}`,
    buttons: ['Cancel', `Tell ${host}`],
    defaultId: 0,
    cancelId: 0,
  }
}

/** Where the service calls the shop for this payment: its own webhook, else its order's. */
async function targetOf(
  payment: Payment,
  client: Pick<ApiClient, 'getOrder'>,
  origin: RequestOrigin,
): Promise<{ url: URL; objectId: string }> {
  let text = payment.webhookUrl ?? null
  let objectId = payment.id
  if (!text && payment.orderId) {
    const order = await readBeforeAct(payment.orderId, 'telling the shop', () =>
      client.getOrder(payment.orderId as string, { priority: 'user', origin }),
    )
    text = order.webhookUrl ?? null
    objectId = order.id
  }
  if (!text) {
    throw new UserFacingError(
      'conflict',
      `Nothing was sent: payment ${payment.id} has no webhook address, so the payment service does not call the shop about it either.`,
    )
  }
  try {
    return { url: new URL(text), objectId }
  } catch {
    throw new UserFacingError('conflict', `Nothing was sent: the payment's webhook address is not a web address.`)
  }
}

/** The shop's answer in one sentence. */
function answerWords(host: string, result: Pick<ShopCallResult, 'status' | 'failure' | 'location'>): string {
  if (result.status === null) return `${host} did not answer: ${result.failure ?? 'no answer.'}`
  if (result.status >= 200 && result.status < 300) return `${host} answered ${result.status}: the shop took the call.`
  if (result.location !== null) {
    return `${host} answered ${result.status}, a redirect to ${plainLine(result.location, 200)}; Paydesk does not follow redirects, so the shop was not told. Its webhook address needs fixing.`
  }
  return `${host} answered ${result.status}: the shop did not take the call.`
}

/** The record's outcome: a 2xx is done; any other answer refused; no answer at all unknown. */
function outcomeOf(sentence: string, result: ShopCallResult): RecordedOutcome {
  const done = result.status !== null && result.status >= 200 && result.status < 300
  return {
    result: done
      ? 'done'
      : result.status !== null
        ? 'refused'
        : result.failure?.startsWith('no answer')
          ? 'unknown'
          : 'refused',
    status: result.status,
    resultId: null,
    summary: sentence,
  }
}

/** The call as the request log keeps an attempt. */
function logEvent(
  requestId: string,
  startedAt: number,
  url: URL,
  headers: Record<string, string>,
  body: string,
  result: ShopCallResult,
): AttemptEvent {
  const ok = result.status !== null && result.status >= 200 && result.status < 300
  return {
    requestId,
    attempt: 1,
    startedAt,
    method: 'POST',
    url: url.href,
    requestHeaders: headers,
    requestBody: body,
    status: result.status,
    responseHeaders: result.responseHeaders,
    responseBody: result.responseBody,
    responseBodyTruncated: false,
    timings: { queuedMs: 0, connectMs: null, headersMs: null, totalMs: result.durationMs },
    rateLimit: null,
    outcome: ok ? 'success' : 'failed',
    error: ok
      ? null
      : { kind: result.status === null ? 'network' : 'http', message: result.failure ?? `status ${result.status}` },
    retryReason: null,
    nextWaitMs: null,
    idempotencyKey: null,
    bucket: null,
    requestClass: 'write',
    origin: { screen: 'payments', action: 'tell the shop again' },
    notes: [
      "Sent by Paydesk to the shop's webhook address (not to the payment service), after you allowed it.",
      ...(result.location !== null ? [`Redirect to ${result.location} not followed.`] : []),
    ],
  }
}

export function createTellShop(options: TellShopOptions) {
  const now = options.now ?? (() => Date.now())
  return async function tellShop(input: { paymentId: string; ticket?: string }): Promise<TellShopResult> {
    const connection = await options.connections.activeConnection()
    const client = await options.connections.getActiveClient()
    const origin: RequestOrigin = { screen: 'payments', action: 'read before telling the shop' }
    const payment = await readBeforeAct(input.paymentId, 'telling the shop', () =>
      client.getPayment(input.paymentId, { priority: 'user', origin }),
    )
    const { url, objectId } = await targetOf(payment, client, origin)
    const localOrigins = new Set(
      connection.builtIn ? (options.sandboxReceivers ?? []).map((r) => new URL(r).origin) : [],
    )
    // A literal address on this machine or a private network is refused before anything is asked.
    const problem = addressProblem(url, localOrigins)
    if (problem !== null) throw new UserFacingError('conflict', `Nothing was sent: ${problem}`)
    const answer = await askMain(options.questions, tellShopQuestion(url, objectId))
    if (answer !== 1) {
      throw new UserFacingError('canceled', `Nothing was sent: you did not allow the call to ${url.hostname}.`)
    }
    const body = new URLSearchParams({ id: objectId }).toString()
    const headers = {
      'Content-Type': 'application/x-www-form-urlencoded',
      Accept: '*/*',
      'User-Agent': TELL_SHOP_USER_AGENT,
    }
    const startedAt = now()
    const result = await callShop(url, body, headers, { ...options.call, localOrigins })
    if (result.refused) throw new UserFacingError('conflict', `Nothing was sent: ${result.failure ?? ''}`.trim())
    const requestId = `tell_${randomUUID()}`
    options.log(logEvent(requestId, startedAt, url, headers, body, result), connection)
    const sentence = `Told the shop again about ${objectId}: ${answerWords(url.hostname, result)}`
    options.record({
      action: 'tell-the-shop',
      object: { kind: 'payment', id: payment.id },
      amount: null,
      idempotencyKey: null,
      ticket: input.ticket ?? null,
      reason: null,
      outcome: outcomeOf(sentence, result),
    })
    return {
      url: url.href,
      objectId,
      body,
      answer: {
        at: new Date(startedAt).toISOString(),
        status: result.status,
        failure: result.failure,
        durationMs: result.durationMs,
      },
      sentence,
      requestId,
    }
  }
}
