import { describe, expect, it } from 'vitest'
import { thrown } from '../../../helpers/thrown-api-error'
import {
  buildRequest,
  endpointKeyOf,
  redactHeaders,
  requestClassOf,
  type ApiCredential,
} from '../../../../../src/main/api/call/request-builder'
import { present } from '../../../../helpers/present'

const base = new URL('https://api.example.test/v2')
const apiKey: ApiCredential = { secret: 'test_secret123', kind: 'api-key' }
const orgToken: ApiCredential = { secret: 'access_tok', kind: 'organization-token', profileId: 'pfl_abc' }
const orgTest: ApiCredential = { ...orgToken, testmode: true }

describe('buildRequest: profileId/testmode (spec 5.3, 5.4)', () => {
  it('never sends profileId or testmode with an API key, even when the caller put them in', () => {
    const callerBody = { amount: { currency: 'EUR', value: '1.00' }, profileId: 'pfl_x', testmode: true }
    const b = buildRequest(base, apiKey, { method: 'POST', path: '/payments', body: callerBody })
    const sent = JSON.parse(present(b.bodyText))
    expect(sent).not.toHaveProperty('profileId')
    expect(sent).not.toHaveProperty('testmode')
    expect(b.notes).toHaveLength(2)
    // The caller's object is not modified.
    expect(callerBody.profileId).toBe('pfl_x')

    const g = buildRequest(base, apiKey, {
      method: 'GET',
      path: '/payments',
      query: { profileId: 'pfl_x', testmode: true, limit: 5 },
    })
    expect(g.url.searchParams.has('profileId')).toBe(false)
    expect(g.url.searchParams.has('testmode')).toBe(false)
    expect(g.url.searchParams.get('limit')).toBe('5')
  })

  it('strips them from a followed link too, for an API key', () => {
    const b = buildRequest(base, apiKey, {
      method: 'GET',
      link: 'https://api.example.test/v2/payments?from=tr_1&profileId=pfl_z',
    })
    expect(b.url.search).toBe('?from=tr_1')
  })

  // https://docs.mollie.com/reference/v2/orders-api/create-order and .../payments-api/create-payment
  // ("Access token parameters": profileId required), .../payments-api/get-payment and
  // .../orders-api/get-order (testmode only), .../payments-api/list-payments (profileId optional),
  // .../orders-api/create-order-payment (testmode only).
  it('sends profileId with an organization token where the service takes it: creates and lists', () => {
    const p = buildRequest(base, orgToken, { method: 'POST', path: '/orders', body: { orderNumber: '1' } })
    expect(JSON.parse(present(p.bodyText))).toEqual({ orderNumber: '1', profileId: 'pfl_abc' })
    const list = buildRequest(base, orgToken, { method: 'GET', path: '/payments', query: { limit: 5 } })
    expect(list.url.searchParams.get('profileId')).toBe('pfl_abc')
    const g = buildRequest(base, orgToken, { method: 'GET', path: '/payments/tr_1' })
    expect(g.url.searchParams.has('profileId')).toBe(false)
    expect(g.url.searchParams.has('testmode')).toBe(false)
    expect(g.bodyText).toBeNull()
    const o = buildRequest(base, orgTest, { method: 'GET', path: '/orders/ord_1', query: { embed: 'payments' } })
    expect(o.url.search).toBe('?embed=payments&testmode=true')
    const op = buildRequest(base, orgTest, {
      method: 'POST',
      path: '/orders/ord_1/payments',
      body: { method: 'ideal' },
    })
    expect(JSON.parse(present(op.bodyText))).toEqual({ method: 'ideal', testmode: true })
  })

  it('reads and acts on objects with a token that has no profile; creating needs one', () => {
    const noProfile: ApiCredential = { secret: 'access_tok', kind: 'organization-token', testmode: true }
    const g = buildRequest(base, noProfile, { method: 'GET', path: '/payments/tr_1' })
    expect(g.url.search).toBe('?testmode=true')
    const list = buildRequest(base, noProfile, { method: 'GET', path: '/payments' })
    expect(list.url.search).toBe('?testmode=true')
    const op = buildRequest(base, noProfile, { method: 'POST', path: '/orders/ord_1/payments', body: {} })
    expect(JSON.parse(present(op.bodyText))).toEqual({ testmode: true })
    expect(thrown(() => buildRequest(base, noProfile, { method: 'POST', path: '/payments', body: {} })).kind).toBe(
      'invalid-request',
    )
  })

  it('adds testmode=true only when the credential sets it', () => {
    const p = buildRequest(base, orgTest, { method: 'POST', path: '/payments', body: { description: 'x' } })
    expect(JSON.parse(present(p.bodyText))).toMatchObject({ profileId: 'pfl_abc', testmode: true })
    const g = buildRequest(base, orgTest, { method: 'GET', link: 'https://api.example.test/v2/payments?from=tr_9' })
    expect(g.url.searchParams.get('profileId')).toBe('pfl_abc')
    expect(g.url.searchParams.get('testmode')).toBe('true')
    const noTest = buildRequest(base, orgToken, { method: 'POST', path: '/payments', body: { testmode: true } })
    expect(JSON.parse(present(noTest.bodyText))).not.toHaveProperty('testmode')
  })

  it('refuses to create with an organization token without a profile', () => {
    const e = thrown(() =>
      buildRequest(base, { secret: 's', kind: 'organization-token' }, { method: 'POST', path: '/orders', body: {} }),
    )
    expect(e.kind).toBe('invalid-request')
    expect(e.message).not.toMatch(/spec \d/)
  })

  it("takes the scope from the operation table's row, not the path's shape", () => {
    // GET /profiles lists the token's profiles: the row takes no profileId (a shape guess sent one).
    const profiles = buildRequest(base, orgToken, { method: 'GET', path: '/profiles', query: { limit: 250 } })
    expect(profiles.url.searchParams.has('profileId')).toBe(false)
    // A customer's payment is created for a profile: the row requires it (a shape guess said "act").
    const noProfile: ApiCredential = { secret: 'access_tok', kind: 'organization-token' }
    const req = { method: 'POST', path: '/customers/cst_1/payments', body: {} }
    expect(thrown(() => buildRequest(base, noProfile, req)).kind).toBe('invalid-request')
    expect(JSON.parse(present(buildRequest(base, orgToken, req).bodyText))).toEqual({ profileId: 'pfl_abc' })
  })
})

describe('buildRequest: origin and URL', () => {
  it('joins paths below the base path', () => {
    const b = buildRequest(base, apiKey, { method: 'GET', path: '/payments', query: { limit: 10, from: undefined } })
    expect(b.url.href).toBe('https://api.example.test/v2/payments?limit=10')
    expect(b.cls).toBe('read')
    expect(b.endpointKey).toBe('GET /payments')
  })

  it('refuses a link to another origin (scheme, host or port) with a typed error', () => {
    for (const link of [
      'https://evil.example/v2/payments?from=tr_1',
      'http://api.example.test/v2/payments',
      'https://api.example.test:8443/v2/payments',
      '//evil.example/v2/payments',
    ]) {
      expect(thrown(() => buildRequest(base, apiKey, { method: 'GET', link })).kind).toBe('foreign-origin')
    }
    expect(thrown(() => buildRequest(base, apiKey, { method: 'GET', path: '//evil.example/x' })).kind).toBe(
      'invalid-request',
    )
  })

  it('sends the bearer secret, JSON headers and the idempotency key', () => {
    const b = buildRequest(base, apiKey, { method: 'POST', path: '/orders', body: { a: 1 }, idempotencyKey: 'k-1' })
    expect(b.headers.authorization).toBe('Bearer test_secret123')
    expect(b.headers['content-type']).toBe('application/json')
    expect(b.headers['idempotency-key']).toBe('k-1')
    expect(b.cls).toBe('write')
  })

  it('rejects a non-object body', () => {
    expect(thrown(() => buildRequest(base, apiKey, { method: 'POST', path: '/orders', body: [1] })).kind).toBe(
      'invalid-request',
    )
  })
})

describe('helpers', () => {
  it('classifies methods per spec 8.1.4', () => {
    for (const m of ['GET', 'head', 'OPTIONS']) expect(requestClassOf(m)).toBe('read')
    for (const m of ['POST', 'PUT', 'patch', 'DELETE']) expect(requestClassOf(m)).toBe('write')
  })

  it('normalizes ids in endpoint keys', () => {
    expect(endpointKeyOf('get', new URL('https://a.test/v2/payments/tr_0000000XSKcm'), base)).toBe('GET /payments/:id')
    expect(endpointKeyOf('GET', new URL('https://a.test/v2/orders/ord_abc/payments'), base)).toBe(
      'GET /orders/:id/payments',
    )
  })

  it('redacts the Authorization header', () => {
    expect(redactHeaders({ authorization: 'Bearer test_secret123', accept: 'x' })).toEqual({
      authorization: 'Bearer ***',
      accept: 'x',
    })
  })
})
