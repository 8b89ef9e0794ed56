/**
 * Issue 45 item 3 (threat: a compromised page drafts an e-mail to a customer with a link of its own,
 * a subject carrying `%0D%0ABcc:…`, or a name with paragraphs of its own). The page names only the
 * payment or order; main reads it from the built-in Sandbox over HTTP and builds the draft from it.
 */
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Payment } from '../../../../../src/shared/api-types'
import { validPaymentBody } from '../../../../helpers/sandbox-fixtures'
import { startTestApp, type TestApp } from '../../../helpers/app-services'

let dir: string
let app: TestApp
const opened: string[] = []

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'paydesk-mail-draft-'))
  app = await startTestApp(dir, {
    shell: { openExternal: async (url) => void opened.push(url) },
    sandboxOptions: { seedPayments: 0 },
  })
})
afterAll(async () => {
  await app?.services.dispose()
  await rm(dir, { recursive: true, force: true })
})

const ADDRESS = {
  givenName: 'Ada',
  familyName: 'Lovelace',
  email: 'ada@example.org',
  streetAndNumber: 'Keizersgracht 1',
  postalCode: '1015 CJ',
  city: 'Amsterdam',
  country: 'NL',
}

/** A payment made on the built-in Sandbox (as an agent would, through the API client). */
async function payment(overrides: Parameters<typeof validPaymentBody>[0]): Promise<Payment> {
  const client = await app.services.connections.getActiveClient()
  return client.createPayment(validPaymentBody(overrides))
}

describe('e-mail drafts carry only what main vouches for', () => {
  it('builds the draft from the payment main read: its customer, its own checkout link, one-line words', async () => {
    const created = await payment({
      description: 'Order 77\r\nBcc: eve@evil.example',
      billingAddress: { ...ADDRESS, givenName: 'Ada\n\nP.S. Pay at https://evil.example/pay instead' },
    })
    opened.length = 0
    const reply = await app.invoke('app.emailLink', { kind: 'payment', id: created.id })
    expect(reply.ok).toBe(true)
    expect(opened).toHaveLength(1)
    const mail = new URL(opened[0] ?? '')
    expect(mail.pathname).toBe('ada@example.org')
    expect([...mail.searchParams.keys()]).toEqual(['subject', 'body'])
    const subject = mail.searchParams.get('subject') ?? ''
    expect(subject).not.toMatch(/[\r\n]/)
    expect(subject).toContain('Order 77 Bcc: eve@evil.example')
    const body = mail.searchParams.get('body') ?? ''
    // The greeting is one line: the name's own paragraphs are gone.
    const [greeting, blank] = body.split('\r\n')
    expect(greeting).toMatch(/^\S+ Ada P\.S\. Pay at https:\/\/evil\.example\/pay instead,$/)
    expect(blank).toBe('')
    expect(body.split('\r\n').filter((line) => line.startsWith('http'))).toEqual([created._links.checkout?.href])
  })

  it('refuses a page that passes a recipient, a link or words of its own; nothing is opened', async () => {
    const created = await payment({ billingAddress: ADDRESS })
    opened.length = 0
    for (const input of [
      // The old shape: every part from the page.
      {
        to: 'eve@evil.example',
        link: 'https://evil.example/pay',
        amount: { currency: 'EUR', value: '10.00' },
        what: 'order 1\r\nBcc: eve@evil.example',
      },
      { kind: 'payment', id: created.id, link: 'https://evil.example/pay' },
      { kind: 'payment', id: created.id, to: 'eve@evil.example' },
      { kind: 'order', id: created.id }, // a payment's id is not an order's
      { kind: 'payment', id: 'tr_1/../../v2/customers' },
    ]) {
      const reply = await app.invoke('app.emailLink', input)
      expect(reply).toMatchObject({ ok: false, error: { code: 'invalid-input' } })
    }
    expect(opened).toEqual([])
  })

  it('says why when the payment has no customer e-mail address', async () => {
    const created = await payment({})
    opened.length = 0
    const reply = (await app.invoke('app.emailLink', { kind: 'payment', id: created.id })) as unknown as {
      ok: boolean
      error: { code: string; message: string }
    }
    expect(reply).toMatchObject({ ok: false, error: { code: 'conflict' } })
    expect(reply.error.message).toBe('No e-mail was drafted: this payment has no customer e-mail address.')
    expect(opened).toEqual([])
  })
})
