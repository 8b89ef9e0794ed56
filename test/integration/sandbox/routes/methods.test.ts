// Methods, the documented details (issue 48 item 6): Apple Pay only for a checkout that shows wallets
// (https://docs.mollie.com/docs/apple-pay: `includeWallets=applepay`), `include=issuers` and
// `include=pricing` (https://docs.mollie.com/reference/list-methods, get-method), and every method the
// service offers (https://docs.mollie.com/reference/list-all-methods).
import { describe, expect, it } from 'vitest'
import { useHarness, type Json } from '../../helpers/sandbox-harness'

const ids = (r: { json: Json }) => r.json._embedded.methods.map((m: Json) => m.id)

const h = useHarness()

describe('methods', () => {
  it('lists applepay only with includeWallets=applepay (docs.mollie.com/docs/apple-pay)', async () => {
    expect(ids(await h.api('GET', '/methods'))).not.toContain('applepay')
    expect(ids(await h.api('GET', '/methods?includeWallets=applepay'))).toContain('applepay')
    const bad = await h.api('GET', '/methods?includeWallets=googlepay')
    expect(bad.status).toBe(400)
    expect(bad.json.field).toBe('includeWallets')
    expect((await h.api('GET', '/methods/applepay')).json.id).toBe('applepay')
  })

  it('include=issuers and include=pricing add them (docs.mollie.com/reference/list-methods)', async () => {
    const plain = (await h.api('GET', '/methods/ideal')).json
    expect(plain.issuers).toBeUndefined()
    expect(plain.pricing).toBeUndefined()
    const ideal = (await h.api('GET', '/methods/ideal?include=issuers,pricing')).json
    expect(ideal.issuers.length).toBeGreaterThan(3)
    expect(ideal.issuers[0]).toMatchObject({ resource: 'issuer', id: expect.stringMatching(/^ideal_/) })
    expect(ideal.pricing[0]).toMatchObject({ description: expect.any(String), fixed: { currency: 'EUR' } })
    const listed = (await h.api('GET', '/methods?include=issuers')).json._embedded.methods
    expect(listed.find((m: Json) => m.id === 'ideal').issuers).toBeDefined()
    expect(listed.find((m: Json) => m.id === 'paypal').issuers).toBeUndefined()
    const bad = await h.api('GET', '/methods?include=everything')
    expect(bad.status).toBe(400)
    expect(bad.json.field).toBe('include')
  })

  it('GET /v2/methods/all lists every method the service offers, activated or not (docs.mollie.com/reference/list-all-methods)', async () => {
    const all = await h.api('GET', '/methods/all')
    expect(all.status).toBe(200)
    const methods = all.json._embedded.methods
    expect(methods.find((m: Json) => m.id === 'applepay').status).toBe('activated')
    expect(methods.find((m: Json) => m.id === 'in3').status).toBeNull()
    expect(methods.length).toBeGreaterThan(ids(await h.api('GET', '/methods?includeWallets=applepay')).length)
    expect((await h.api('GET', '/methods/all?include=pricing')).json._embedded.methods[0].pricing).toBeDefined()
    expect((await h.api('GET', '/methods/all?locale=xx_XX')).json.field).toBe('locale')
  })
})
