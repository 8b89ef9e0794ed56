// Hostile input at the sandbox's door (issue 45 item 9): a redirect address with a line break is
// refused at create (before, it was stored and the checkout answered 500 when it put it in a
// Location header), and a malformed % escape in a path is a 400 in the sandbox's own words (before,
// the checkout answered 500 with the decoder's "URIError: URI malformed").
import { describe, expect, it } from 'vitest'
import { completeCheckout } from '../../../src/sandbox'
import { validOrderBody, validPaymentBody } from '../../helpers/sandbox-fixtures'
import { useHarness } from '../helpers/sandbox-harness'

const h = useHarness()

describe('hostile input', () => {
  it('CR/LF in redirectUrl, cancelUrl or webhookUrl is a 422 at create naming the field; nothing is made', async () => {
    const injected = 'https://shop.example/return\r\nSet-Cookie: session=attacker'
    for (const field of ['redirectUrl', 'cancelUrl', 'webhookUrl']) {
      const created = await h.api('POST', '/payments', validPaymentBody({ [field]: injected }))
      expect(created.status, field).toBe(422)
      expect(created.json.field).toBe(field)
      expect(created.json.detail).toMatch(/line breaks, tabs or other control characters/)
    }
    const order = await h.api('POST', '/orders', validOrderBody('crlf-1', { redirectUrl: 'https://shop.example/\nx' }))
    expect(order.status).toBe(422)
    expect(order.json.field).toBe('redirectUrl')
    expect((await h.api('GET', '/payments?limit=250')).json.count).toBe(0)
  })

  it('a payment’s checkout still redirects to an ordinary (percent-encoded) address', async () => {
    const created = await h.api(
      'POST',
      '/payments',
      validPaymentBody({ redirectUrl: 'https://shop.example/r?x=%0D%0A' }),
    )
    expect(created.status).toBe(201)
    const result = await completeCheckout(created.json._links.checkout.href as string, 'paid')
    expect(result).toMatchObject({ status: 303, location: 'https://shop.example/r?x=%0D%0A' })
  })

  it('a malformed % escape in any path is a 400 that does not echo the decoder’s error', async () => {
    for (const path of ['/checkout/%E0%A4%A', '/checkout/%', '/v2/payments/%ZZ', '/dashboard/payments/%', '/%']) {
      const response = await fetch(`${h.sandbox.origin}${path}`, { headers: { Authorization: `Bearer ${h.key}` } })
      const text = await response.text()
      expect(response.status, path).toBe(400)
      expect(text, path).toMatch(/malformed percent escape/)
      expect(text, path).not.toMatch(/URIError|URI malformed|Internal/i)
    }
  })
})
