// GET /v2/permissions (issue 51 item 2, https://docs.mollie.com/reference/list-permissions): a token's
// permissions as the sandbox was given them, each `granted` or not; an API key is answered 403.
import { describe, expect, it } from 'vitest'
import { useHarness } from '../../helpers/sandbox-harness'

const READ_ONLY = 'access_permissionsReadOnly01'
const EVERYTHING = 'access_permissionsEverything1'

const h = useHarness({ keys: ['test_harnessKey00000001', `${READ_ONLY}:payments.read`, EVERYTHING] })

type Listed = { id: string; granted: boolean; resource: string }
const granted = (json: { _embedded: { permissions: Listed[] } }) =>
  json._embedded.permissions.filter((p) => p.granted).map((p) => p.id)

describe('list permissions', () => {
  it('lists a token’s permissions with what it was granted, and needs no permission to do so', async () => {
    const read = await h.api('GET', '/permissions', undefined, { Authorization: `Bearer ${READ_ONLY}` })
    expect(read.status).toBe(200)
    expect(granted(read.json)).toEqual(['payments.read'])
    expect(read.json.count).toBe(read.json._embedded.permissions.length)
    expect(read.json._embedded.permissions).toContainEqual(
      expect.objectContaining({ resource: 'permission', id: 'refunds.write', granted: false }),
    )
    const all = await h.api('GET', '/permissions', undefined, { Authorization: `Bearer ${EVERYTHING}` })
    expect(granted(all.json)).toContain('refunds.write')
  })

  it('answers an API key 403: it is not an access token', async () => {
    const key = await h.api('GET', '/permissions')
    expect(key.status).toBe(403)
    expect(key.json.detail).toMatch(/organization access token/)
  })
})
