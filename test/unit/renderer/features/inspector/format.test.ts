import { describe, expect, it } from 'vitest'
import { shortPath, statusCell, STATUS_CELL_WORDS } from '../../../../../src/renderer/src/features/inspector/format'

describe('Inspector path column', () => {
  it('drops the API version prefix and keeps the rest, query included', () => {
    expect(shortPath('/v2/payments/tr_7UhSN1zuXS')).toBe('/payments/tr_7UhSN1zuXS')
    expect(shortPath('/v2/orders/ord_1/payments')).toBe('/orders/ord_1/payments')
    expect(shortPath('/v2/payments?limit=250&from=tr_9')).toBe('/payments?limit=250&from=tr_9')
    expect(shortPath('/v2')).toBe('/')
  })

  it('leaves a path without a version prefix as it is (a profile path, another API)', () => {
    expect(shortPath('/payments/tr_1')).toBe('/payments/tr_1')
    expect(shortPath('/v2x/payments')).toBe('/v2x/payments')
    expect(shortPath('/api/v2/payments')).toBe('/api/v2/payments')
  })
})

describe('Inspector status column', () => {
  it('shows the HTTP status of an answer, coloured by its class, with no hover text', () => {
    expect(statusCell({ statusClass: '2xx', status: 201, errorKind: null, outcome: 'success' })).toEqual({
      text: '201',
      tone: 'ok',
      title: '',
    })
    expect(statusCell({ statusClass: '4xx', status: 422, errorKind: 'http', outcome: 'failed' })).toMatchObject({
      text: '422',
      tone: 'danger',
    })
    expect(statusCell({ statusClass: '5xx', status: 503, errorKind: 'http', outcome: 'failed' })).toMatchObject({
      text: '503',
      tone: 'warn',
    })
  })

  it('says in a short word when there was no answer, and what it means in a sentence', () => {
    const cases = [
      ['network', 'network', /connection failed/],
      ['timeout', 'timeout', /in time/],
      ['aborted', 'canceled', /Canceled/],
      ['malformed-response', 'bad reply', /could not be read/],
      ['queue-full', 'not sent', /rate limit/],
      ['foreign-origin', 'not sent', /another site/],
      ['invalid-request', 'not sent', /refused before/],
    ] as const
    for (const [kind, text, title] of cases) {
      const cell = statusCell({ statusClass: 'network', status: null, errorKind: kind, outcome: 'failed' })
      expect(cell).toMatchObject({ text, tone: 'warn' })
      expect(cell.title).toMatch(title)
      expect(STATUS_CELL_WORDS).toContain(text)
    }
    // A kind this version does not know (an older or newer log): a word that fits, the kind on hover.
    expect(statusCell({ statusClass: 'network', status: null, errorKind: 'toString', outcome: 'failed' })).toEqual({
      text: 'failed',
      tone: 'warn',
      title: 'No answer (toString).',
    })
  })

  it('does not show a 2xx whose body could not be read as a success', () => {
    expect(statusCell({ statusClass: '2xx', status: 200, errorKind: 'malformed-response', outcome: 'failed' })).toEqual(
      {
        text: 'bad reply',
        tone: 'warn',
        title: 'The service answered with a body that could not be read. (HTTP 200)',
      },
    )
    // Failed for a reason without a word of its own: still not a success, as the "2xx success" filter
    // (which leaves it out) has it.
    expect(statusCell({ statusClass: '2xx', status: 200, errorKind: null, outcome: 'failed' })).toEqual({
      text: 'failed',
      tone: 'warn',
      title: 'The answer could not be used. (HTTP 200)',
    })
  })

  it('says a request is being tried again, after which answer', () => {
    expect(statusCell({ statusClass: 'pending', status: 429, errorKind: null, outcome: 'retry' })).toEqual({
      text: 'retrying',
      tone: 'info',
      title: 'Being tried again after a 429 answer.',
    })
    expect(statusCell({ statusClass: 'pending', status: null, errorKind: null, outcome: 'retry' }).title).toBe(
      'Being tried again.',
    )
  })

  it('has words no longer than the column was sized for', () => {
    for (const word of STATUS_CELL_WORDS) expect(word.length).toBeLessThanOrEqual(9)
  })
})
