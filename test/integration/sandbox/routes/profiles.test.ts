// Profiles by id and the current profile (issue 48 item 6): the link `_links.self` of a listed
// profile already points to (https://docs.mollie.com/reference/get-profile), and the profile an API
// key belongs to (https://docs.mollie.com/reference/get-current-profile).
import { describe, expect, it } from 'vitest'
import { useHarness } from '../../helpers/sandbox-harness'

const TOKEN = 'access_profilesToken0001'

const h = useHarness({ keys: ['test_harnessKey00000001', TOKEN] })

const asToken = { Authorization: `Bearer ${TOKEN}` }

describe('profiles', () => {
  it('get-profile answers the link the list gives; an unknown id is 404 (docs.mollie.com/reference/get-profile)', async () => {
    const listed = (await h.api('GET', '/profiles', undefined, asToken)).json._embedded.profiles[0]
    const path = new URL(listed._links.self.href).pathname.replace(/^\/v2/, '')
    const one = await h.api('GET', path, undefined, asToken)
    expect(one.status).toBe(200)
    expect(one.json).toMatchObject({ resource: 'profile', id: h.sandbox.profileId, name: listed.name })
    const unknown = await h.api('GET', '/profiles/pfl_nobody', undefined, asToken)
    expect(unknown.status).toBe(404)
    expect(unknown.json._links.documentation.href).toEqual(expect.any(String))
    expect((await h.api('GET', path)).status).toBe(403)
  })

  it('profiles/me is the profile of the API key (docs.mollie.com/reference/get-current-profile)', async () => {
    const me = await h.api('GET', '/profiles/me')
    expect(me.status).toBe(200)
    expect(me.json.id).toBe(h.sandbox.profileId)
    const token = await h.api('GET', '/profiles/me', undefined, asToken)
    expect(token.status).toBe(403)
    expect(token.json.detail).toMatch(/API key/)
  })
})
