// @vitest-environment happy-dom
// One logged request's detail over the window's real stores (only the preload bridge is faked): the
// attempt shown (the last by default, another when chosen) beside the rate limit of the most telling
// one, the error fields and the explanation read from the entry's last answer, the payment id read
// from a body only when the answer succeeded, and the errands through main (the cURL command of the
// shown attempt, the documentation, removing a case id) with the line each leaves.
import { afterEach, describe, expect, it } from 'vitest'
import { act, cleanup } from '@testing-library/react'
import { useRequestDetail } from '../../../../../src/renderer/src/features/inspector/use-request-detail'
import type { RequestLogEntry } from '../../../../../src/shared/request-log-types'
import { installBridge, refusal, renderInWindow, windowStores } from '../../../helpers/hook-harness'
import { attemptEvent, logEntry } from '../../../helpers/request-log-fixtures'

const PAYMENT_ID = 'tr_WDqYK6vllg'
const PAYMENTS_URL = 'http://127.0.0.1:4010/v2/payments'
const CURL = 'curl -X POST \'http://127.0.0.1:4010/v2/payments\' -H "Authorization: Bearer $PAYDESK_API_KEY"'
const limitedRate = { policy: 'post-v2-payments', q: 25, w: 1, burst: 50, r: 0, t: 2, serviceBurst: 0, retryAfter: 2 }

/** A payment created on the second try: refused for the rate first, then answered 201 with the payment. */
function createdAfterRetry(secondStatus: number | null = 201): RequestLogEntry {
  const tooMany = attemptEvent({
    attempt: 1,
    url: PAYMENTS_URL,
    requestBody: JSON.stringify({ description: 'first try' }),
    status: 429,
    responseBody: JSON.stringify({ status: 429, title: 'Too Many Requests', detail: 'Slow down' }),
    rateLimit: limitedRate,
    outcome: 'retry',
  })
  const created = attemptEvent({
    attempt: 2,
    url: PAYMENTS_URL,
    requestBody: JSON.stringify({ description: 'second try' }),
    status: secondStatus,
    responseBody: JSON.stringify({ resource: 'payment', id: PAYMENT_ID, status: 'open' }),
    rateLimit: null,
    outcome: secondStatus !== null && secondStatus < 300 ? 'success' : 'failed',
    error: secondStatus !== null && secondStatus < 300 ? null : { kind: 'http', message: `${secondStatus}` },
  })
  return logEntry([tooMany, created], { method: 'POST', requestClass: 'write', idempotencyKey: 'idem-123' })
}

/** An order refused twice with 422, for another field the second time. */
function refusedTwice(): RequestLogEntry {
  const body = (field: string, detail: string) =>
    JSON.stringify({ status: 422, title: 'Unprocessable Entity', field, detail })
  return logEntry(
    [
      attemptEvent({ attempt: 1, responseBody: body('amount', 'The amount is higher than the maximum') }),
      attemptEvent({ attempt: 2, responseBody: body('billingAddress.email', 'The email address is not valid') }),
    ],
    { method: 'POST', requestClass: 'write' },
  )
}

function renderDetail(entry: RequestLogEntry) {
  return renderInWindow(windowStores(), (e: RequestLogEntry) => useRequestDetail(e), { initialProps: entry })
}

afterEach(() => cleanup())

describe('useRequestDetail', () => {
  it('shows the last attempt, another when chosen, and keeps the rate limit of the refused one', () => {
    installBridge()
    const view = renderDetail(createdAfterRetry())
    const d = () => view.result.current
    expect(d().first.attempt).toBe(1)
    expect(d().last.attempt).toBe(2)
    expect(d().shown.attempt).toBe(2)
    expect(d().requestBody).toContain('second try')
    expect(d().responseBody).toContain(PAYMENT_ID)
    expect(d().limited.attempt).toBe(1)
    expect(d().rateLines.length).toBeGreaterThan(0)
    expect(
      d()
        .rateLines.map((l) => l.text)
        .join(' '),
    ).toMatch(/post-v2-payments/)
    const rateLines = d().rateLines

    act(() => d().setAttemptNo(1))
    expect(d().shown.attempt).toBe(1)
    expect(d().requestBody).toContain('first try')
    expect(d().responseBody).toContain('Too Many Requests')
    expect(d().responseBody).not.toContain(PAYMENT_ID)
    // What the request came to is still told from its last answer.
    expect(d().limited.attempt).toBe(1)
    expect(d().rateLines).toEqual(rateLines)
    expect(d().explanation.title).toMatch(/^201/)
  })

  it('reads the error fields and the explanation from the last answer, whichever attempt is shown', () => {
    installBridge()
    const view = renderDetail(refusedTwice())
    const d = () => view.result.current
    expect(d().errorFields?.field).toBe('billingAddress.email')
    expect(d().errorFields?.detail).toBe('The email address is not valid')
    expect(d().explanation.title).toMatch(/^422/)
    const explanation = d().explanation
    act(() => d().setAttemptNo(1))
    expect(d().responseBody).toContain('The amount is higher than the maximum')
    expect(d().errorFields?.field).toBe('billingAddress.email')
    expect(d().explanation).toEqual(explanation)
  })

  it('reads the payment id from the answer only when it succeeded', () => {
    installBridge()
    expect(renderDetail(createdAfterRetry(201)).result.current.paymentId).toBe(PAYMENT_ID)
    expect(renderDetail(createdAfterRetry(500)).result.current.paymentId).toBeNull()
    expect(renderDetail(createdAfterRetry(null)).result.current.paymentId).toBeNull()
  })

  it('follows the entry as its next attempt arrives', () => {
    installBridge()
    const done = createdAfterRetry()
    const view = renderDetail({ ...done, attempts: done.attempts.slice(0, 1) })
    expect(view.result.current.shown.attempt).toBe(1)
    expect(view.result.current.errorFields?.title).toBe('Too Many Requests')
    expect(view.result.current.paymentId).toBeNull()
    view.rerender(done)
    expect(view.result.current.shown.attempt).toBe(2)
    expect(view.result.current.errorFields?.title).not.toBe('Too Many Requests')
    expect(view.result.current.responseBody).toContain(PAYMENT_ID)
    expect(view.result.current.paymentId).toBe(PAYMENT_ID)
  })

  it('builds the shown attempt’s cURL command in main and copies it, saying so', async () => {
    const bridge = installBridge({ 'requestLog.curl': { command: CURL }, 'app.copy': { copied: true } })
    const view = renderDetail(createdAfterRetry())
    act(() => view.result.current.setAttemptNo(1))
    await act(() => view.result.current.copyCurl())
    expect(bridge.inputsOf('requestLog.curl')).toEqual([{ id: 'req-1', attempt: 1 }])
    expect(bridge.inputsOf('app.copy')).toEqual([{ text: CURL }])
    expect(view.result.current.curl).toBe(CURL)
    expect(view.result.current.errandInfo).toBe(
      'cURL command copied. Set PAYDESK_API_KEY in your shell before running it.',
    )
    expect(view.result.current.errandError).toBeNull()
  })

  it('shows the command to copy by hand when the clipboard is not available', async () => {
    installBridge({
      'requestLog.curl': { command: CURL },
      'app.copy': () => {
        throw refusal('internal', 'clipboard unavailable')
      },
    })
    const view = renderDetail(createdAfterRetry())
    await act(() => view.result.current.copyCurl())
    expect(view.result.current.curl).toBe(CURL)
    expect(view.result.current.errandInfo).toMatch(/^Select the command below and copy it/)
    expect(view.result.current.errandError).toBeNull()
  })

  it('says when main could not build the command, and copies nothing', async () => {
    const bridge = installBridge({
      'requestLog.curl': () => {
        throw refusal('not-found', 'That request is no longer in the log.')
      },
      'app.copy': { copied: true },
    })
    const view = renderDetail(createdAfterRetry())
    await act(() => view.result.current.copyCurl())
    expect(view.result.current.errandError).toBe(
      'Could not build the cURL command: That request is no longer in the log.',
    )
    expect(view.result.current.curl).toBeNull()
    expect(bridge.inputsOf('app.copy')).toEqual([])
  })

  it('does not leave an earlier copy’s command or “copied” beside a later failure', async () => {
    const bridge = installBridge({ 'requestLog.curl': { command: CURL }, 'app.copy': { copied: true } })
    const view = renderDetail(createdAfterRetry())
    await act(() => view.result.current.copyCurl())
    expect(view.result.current.errandInfo).toMatch(/^cURL command copied/)
    bridge.answer('requestLog.curl', () => {
      throw refusal('not-found', 'That request is no longer in the log.')
    })
    act(() => view.result.current.setAttemptNo(1))
    await act(() => view.result.current.copyCurl())
    expect(view.result.current.errandError).toMatch(/^Could not build the cURL command/)
    expect(view.result.current.errandInfo).toBeNull()
    expect(view.result.current.curl).toBeNull()
  })

  it('says when the documentation could not be opened, and forgets it once it opens', async () => {
    const bridge = installBridge({
      'app.openExternal': () => {
        throw refusal('invalid-input', 'Only documentation addresses open.')
      },
    })
    const view = renderDetail(refusedTwice())
    await act(() => view.result.current.openDocs('https://docs.example/errors'))
    expect(bridge.inputsOf('app.openExternal')).toEqual([{ url: 'https://docs.example/errors' }])
    expect(view.result.current.errandError).toBe('Could not open the documentation: Only documentation addresses open.')
    bridge.answer('app.openExternal', { opened: true })
    await act(() => view.result.current.openDocs('https://docs.example/errors'))
    expect(view.result.current.errandError).toBeNull()
  })

  it('removes a case id through main, and says when it could not', async () => {
    const bridge = installBridge({ 'requestLog.tag': { updated: 1 } })
    const view = renderDetail(logEntry([attemptEvent()], { tags: ['case-7'] }))
    await act(() => view.result.current.removeTag('case-7'))
    expect(bridge.inputsOf('requestLog.tag')).toEqual([{ ids: ['req-1'], tag: 'case-7', remove: true }])
    expect(view.result.current.errandError).toBeNull()
    bridge.answer('requestLog.tag', () => {
      throw refusal('internal', 'The log is locked.')
    })
    await act(() => view.result.current.removeTag('case-7'))
    expect(view.result.current.errandError).toBe('Could not remove the case id: The log is locked.')
    // Removed on a second try: the failure is no longer told.
    bridge.answer('requestLog.tag', { updated: 1 })
    await act(() => view.result.current.removeTag('case-7'))
    expect(view.result.current.errandError).toBeNull()
  })
})
