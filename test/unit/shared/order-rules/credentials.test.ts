import { describe, expect, it } from 'vitest'
import { API_KEY, ORG, orderFields, validOrder, withOrder } from '../../../helpers/order-bodies'

describe('validateCreateOrder: credentials (spec 2.2, 5.3, 5.4)', () => {
  it('refuses profileId with an API key and requires it with an organization token', () => {
    expect(
      orderFields(
        withOrder((b) => (b.profileId = 'pfl_QkEhN94Ba')),
        API_KEY,
      ),
    ).toEqual(['profileId'])
    expect(orderFields(validOrder(), ORG)).toEqual(['profileId'])
    expect(
      orderFields(
        withOrder((b) => (b.profileId = 'pfl_')),
        ORG,
      ),
    ).toEqual(['profileId'])
    expect(
      orderFields(
        withOrder((b) => (b.profileId = 'prf_abc')),
        ORG,
      ),
    ).toEqual(['profileId'])
  })

  it('allows testmode only with an organization token', () => {
    const org = (t: unknown) => withOrder((b) => Object.assign(b, { profileId: 'pfl_abc', testmode: t }))
    expect(orderFields(org(true), ORG)).toEqual([])
    expect(orderFields(org(false), ORG)).toEqual([])
    expect(orderFields(org(null), ORG)).toEqual([])
    expect(orderFields(org('true'), ORG)).toEqual(['testmode'])
    expect(
      orderFields(
        withOrder((b) => (b.testmode = true)),
        API_KEY,
      ),
    ).toEqual(['testmode'])
    expect(
      orderFields(
        withOrder((b) => (b.testmode = null)),
        API_KEY,
      ),
    ).toEqual([])
  })
})
