// The rate-limited API client of the main process: every call Paydesk makes to the payment service
// goes through createApiClient(). It queues behind the learned rate-limit buckets (spec 8.1),
// retries only what is safe to replay (spec 7, an Idempotency-Key on every write the operation
// table keys), reports every attempt as an AttemptEvent and fails with a typed ApiError. No
// electron import.
//
// The parts: runtime.ts (what all calls share), call.ts (one call's state and errors), attempt.ts
// (one HTTP try), answer.ts (what it means), retry-decision.ts (again, and when), attempt-events.ts
// (summary and event), resources.ts and lists.ts (the calls on orders, payments, refunds, lists).

import type { ApiClient, ApiClientOptions, CallOptions } from './client-types'
import { answerOf } from './call/answer'
import { sendOne } from './call/attempt'
import { recordAttempt } from './call/attempt-events'
import { abortedError, circuitOpen, lostAnswer, probeFailed, startCall, type Call } from './call/call'
import type { Clock } from './clock'
import { listCalls, type Send } from './resources/lists'
import { requestFor } from './call/operation-request'
import type { LogicalRequest } from './call/request-builder'
import { objectCalls, type Caller } from './resources/resources'
import { isOutage } from './call/retry'
import { nextStep } from './call/retry-decision'
import { createRuntime } from './call/runtime'

export type { ApiCredential } from './call/request-builder'
export type {
  ApiClient,
  ApiClientOptions,
  CallOptions,
  CreateOptions,
  CreateOrderOptions,
  GetOrderOptions,
  GetPaymentOptions,
  ListOrdersInput,
  ListPaymentsInput,
  ListRefundsInput,
} from './client-types'

/** Attempts of one call until one answers, one fails for good, or the call is stopped. */
async function attemptAll<T>(call: Call): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    if (call.signal.aborted) throw abortedError(call)
    // A service down for longer than a call's outage budget: nothing is sent until the pause ends,
    // except one probe at a time (an agent's call first: outage.ts).
    const { outage } = call.rt
    const admission = outage.admit(call.rt.clock.now(), call.priority)
    if (admission.refusal) throw lostAnswer(call, circuitOpen(call, admission.refusal))
    let sent: Awaited<ReturnType<typeof sendOne>>
    try {
      sent = await sendOne(call, attempt)
    } finally {
      if (admission.probe) outage.probeDone(call.rt.clock.now(), call.priority)
    }
    const answer = answerOf(call, sent)
    const down = answer.failure !== null && isOutage(answer.failure)
    if (answer.failure && down) outage.noteOutage(answer.failure, call.rt.clock.now())
    else if (sent.res.status !== null) outage.noteAnswer()
    let next = nextStep(call, sent, answer, attempt)
    // The probe met the outage again: the service is still down, said at once (no budget of retries).
    const still = admission.probe && down ? outage.refusal(call.rt.clock.now()) : null
    if (still && answer.error)
      next = { ...next, retry: false, nextWaitMs: null, error: probeFailed(call, answer.error, still) }
    recordAttempt(call, sent, answer, next, attempt)
    if (next.error === null) return answer.value as T
    if (!next.retry) throw lostAnswer(call, next.error)
    call.reason = next.reason
    call.backoffMs = 0
    // After a 429 the bucket pause is the wait: the limiter's queue holds the next attempt.
    if (sent.res.status !== 429 && next.nextWaitMs !== null && next.nextWaitMs > 0) {
      const slept = await sleep(call.rt.clock, next.nextWaitMs, call.signal)
      if (!slept) throw abortedError(call)
      call.backoffMs = next.nextWaitMs
    }
  }
}

export function createApiClient(options: ApiClientOptions): ApiClient {
  const rt = createRuntime(options)

  async function request<T>(req: LogicalRequest, opts: CallOptions = {}): Promise<T> {
    const call = startCall(rt, req, opts)
    try {
      return await attemptAll<T>(call)
    } finally {
      rt.clock.clearTimer(call.deadlineTimer)
    }
  }
  const send: Send = request
  const call: Caller = (id, params, body, opts = {}) => {
    const { query, idempotencyKey } = opts
    return request<unknown>(requestFor(id, params, { query, body, idempotencyKey }), opts)
  }

  return {
    request,
    call,
    createOrder: (body, opts) => objectCalls.createOrder(call, body, opts),
    getOrder: (id, opts) => objectCalls.getOrder(call, id, opts),
    cancelOrder: (id, opts) => objectCalls.cancelOrder(call, id, opts),
    createOrderPayment: (orderId, body, opts) => objectCalls.createOrderPayment(call, orderId, body, opts),
    listProfiles: (opts) => listCalls.listProfiles(send, opts),
    listPermissions: (opts) => listCalls.listPermissions(send, opts),
    createPayment: (body, opts) => objectCalls.createPayment(call, body, opts),
    getPayment: (id, opts) => objectCalls.getPayment(call, id, opts),
    updatePayment: (id, body, opts) => objectCalls.updatePayment(call, id, body, opts),
    cancelPayment: (id, opts) => objectCalls.cancelPayment(call, id, opts),
    createRefund: (paymentId, body, opts) => objectCalls.createRefund(call, paymentId, body, opts),
    listRefunds: (paymentId, input, opts) => listCalls.listRefunds(send, paymentId, input, opts),
    listAllChargebacks: (input, opts) => listCalls.listAllChargebacks(send, input, opts),
    getRefund: (paymentId, refundId, opts) => objectCalls.getRefund(call, paymentId, refundId, opts),
    cancelRefund: (paymentId, refundId, opts) => objectCalls.cancelRefund(call, paymentId, refundId, opts),
    listPayments: (input, opts) => listCalls.listPayments(send, input, opts),
    iteratePayments: (query, opts) => listCalls.iteratePayments(send, query, opts),
    listOrders: (input, opts) => listCalls.listOrders(send, input, opts),
    buckets: () => rt.limiter.snapshots(),
    dispose() {
      if (rt.lifetime.signal.aborted) return
      rt.lifetime.abort()
      rt.limiter.dispose()
      rt.agents.user.destroy()
      rt.agents.background.destroy()
    },
  }
}

/** Resolves true after `ms`, false if aborted first. */
function sleep(clock: Clock, ms: number, signal: AbortSignal): Promise<boolean> {
  return new Promise((resolve) => {
    if (signal.aborted) return resolve(false)
    const onAbort = () => {
      clock.clearTimer(handle)
      resolve(false)
    }
    const handle = clock.setTimer(() => {
      signal.removeEventListener('abort', onAbort)
      resolve(true)
    }, ms)
    signal.addEventListener('abort', onAbort, { once: true })
  })
}
