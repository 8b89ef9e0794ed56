import { describe, expect, it } from 'vitest'
import { isApiErrorView } from '../../../../../src/shared/api-error'
import { ApiError, bodySnippet, readErrorBody } from '../../../../../src/main/api/call/errors'
import { toIpcError } from '../../../../../src/main/errors'

describe('bodySnippet', () => {
  it('keeps the first 300 characters and marks the cut', () => {
    const s = bodySnippet('x'.repeat(1000))
    expect(s).toBe('x'.repeat(300) + '…')
    expect(bodySnippet('short')).toBe('short')
  })

  it('escapes control characters into one readable line', () => {
    expect(bodySnippet('a\nb\tc\r\u0000\u001b[31m')).toBe('a\\nb\\tc\\r\\u0000\\u001b[31m')
  })
})

describe('readErrorBody (spec 7)', () => {
  it('reads title, detail, field and the documentation link', () => {
    expect(
      readErrorBody({
        status: 422,
        title: 'Unprocessable Entity',
        detail: 'The amount is higher than the maximum',
        field: 'amount',
        _links: { documentation: { href: 'https://docs.example/errors', type: 'text/html' } },
      }),
    ).toEqual({
      title: 'Unprocessable Entity',
      detail: 'The amount is higher than the maximum',
      field: 'amount',
      documentationUrl: 'https://docs.example/errors',
    })
  })

  it('returns null for bodies that are not error objects', () => {
    for (const v of [null, 'text', 42, [], {}, { title: 3 }]) expect(readErrorBody(v)).toBeNull()
  })
})

describe('ApiError.toView', () => {
  it('is plain, JSON-round-trippable and carries the context', () => {
    const e = new ApiError({
      kind: 'http',
      message: '422 Unprocessable Entity: bad amount',
      status: 422,
      field: 'amount',
      requestId: 'req-1',
      idempotencyKey: 'key-1',
      attempts: [{ attempt: 1, status: 422, error: null, durationMs: 12, waitBeforeMs: 0, reason: 'first' }],
      origin: { screen: 'order-builder', action: 'create' },
    })
    const view = e.toView()
    expect(isApiErrorView(view)).toBe(true)
    expect(JSON.parse(JSON.stringify(view))).toEqual(view)
    expect(view).toMatchObject({
      kind: 'http',
      status: 422,
      field: 'amount',
      requestId: 'req-1',
      idempotencyKey: 'key-1',
    })
    expect(e).toBeInstanceOf(Error)
  })
})

describe('ApiError over IPC', () => {
  it('is presented as an api-error with its view, or canceled when aborted', () => {
    const http = new ApiError({
      kind: 'http',
      message: 'Unprocessable Entity: bad VAT',
      status: 422,
      field: 'lines.0.vatAmount',
    })
    const view = toIpcError(http)
    expect(view.code).toBe('api-error')
    expect(view.message).toBe('Unprocessable Entity: bad VAT')
    expect(view.api).toMatchObject({ name: 'ApiError', status: 422, field: 'lines.0.vatAmount' })
    expect(toIpcError(new ApiError({ kind: 'aborted', message: 'Canceled' })).code).toBe('canceled')
  })
})
