// A deleted customer is gone, not unknown (issue 48 item 6): 410 Gone
// (https://docs.mollie.com/overview/handling-errors: "You are trying to access an object, which has
// previously been deleted") on every path that names it; an id that never existed stays 404.
import { describe, expect, it } from 'vitest'
import { useHarness } from '../../helpers/sandbox-harness'
import { validPaymentBody } from '../../../helpers/sandbox-fixtures'

const h = useHarness()

describe('deleted customer', () => {
  it('answers 410 Gone with the error object on get, update, delete, its payments and mandates', async () => {
    const c = (await h.api('POST', '/customers', { name: 'Jan Kowalski', email: 'jan.kowalski@example.org' })).json
    expect((await h.api('DELETE', `/customers/${c.id}`)).status).toBe(204)
    for (const [method, path, body] of [
      ['GET', `/customers/${c.id}`],
      ['PATCH', `/customers/${c.id}`, { name: 'Again' }],
      ['DELETE', `/customers/${c.id}`],
      ['GET', `/customers/${c.id}/payments`],
      ['POST', `/customers/${c.id}/payments`, validPaymentBody()],
      ['GET', `/customers/${c.id}/mandates`],
      ['GET', `/customers/${c.id}/mandates/mdt_abc123`],
    ] as const) {
      const r = await h.api(method, path, body)
      expect(r.status, `${method} ${path}`).toBe(410)
      expect(r.json).toMatchObject({ status: 410, title: 'Gone', detail: expect.stringContaining(c.id) })
      expect(r.json._links.documentation.href).toEqual(expect.any(String))
    }
    expect((await h.api('GET', '/customers/cst_neverthere1')).status).toBe(404)
  })
})
