// The e-mail draft with a payment link: main builds the mailto: from checked parts only.
import { describe, expect, it } from 'vitest'
import { createExternalLinks, mailDraftUrl } from '../../../../src/main/services/external-links'
import { present } from '../../../helpers/present'

const draft = {
  to: 'ada@example.org',
  link: 'https://www.mollie.com/checkout/select-method/7UhSN1zuXS',
  amount: { currency: 'EUR', value: '59.95' },
  what: 'order 1337',
  name: 'Ada',
  locale: 'en_US',
}
const allowHttps = (url: string) => url.startsWith('https://')

describe('mailDraftUrl', () => {
  it('builds a mailto: to the one customer with the subject and the message in the body', () => {
    const url = new URL(mailDraftUrl(draft, allowHttps))
    expect(url.protocol).toBe('mailto:')
    expect(url.pathname).toBe('ada@example.org')
    expect(url.searchParams.get('subject')).toBe('Your payment link for order 1337')
    expect(url.searchParams.get('body')).toContain(`with this link:\r\n${draft.link}`)
    expect([...url.searchParams.keys()]).toEqual(['subject', 'body'])
  })
  it.each([
    'ada@example.org,eve@evil.example',
    'ada@example.org?bcc=eve@evil.example',
    'ada@example.org\r\nBcc: eve@evil.example',
    '<ada@example.org>',
    'ada',
    'a'.repeat(250) + '@x.org',
  ])('refuses the address %j (no extra recipients or headers)', (to) => {
    expect(() => mailDraftUrl({ ...draft, to }, allowHttps)).toThrow(/one plain address/)
  })
  it('makes the subject and the name one plain line (threat: %0D%0ABcc: in the subject, paragraphs in the name)', () => {
    const url = new URL(
      mailDraftUrl(
        { ...draft, what: 'order 1\r\nBcc: eve@evil.example', name: 'Ada\n\nPay here instead: https://evil.example' },
        allowHttps,
      ),
    )
    expect(url.searchParams.get('subject')).toBe('Your payment link for order 1 Bcc: eve@evil.example')
    expect(url.href).not.toMatch(/%0[AD]Bcc/i)
    const body = present(url.searchParams.get('body'))
    expect(body.startsWith('Hello Ada Pay here instead: https://evil.example,\r\n\r\nYou can pay')).toBe(true)
  })
  it('refuses a link that the app would not open itself', () => {
    expect(() => mailDraftUrl({ ...draft, link: 'javascript:alert(1)' }, allowHttps)).toThrow(/https checkout link/)
  })
  it('opens the draft through the OS adapter', async () => {
    const opened: string[] = []
    const links = createExternalLinks({ openExternal: (url) => Promise.resolve(void opened.push(url)) })
    await links.openMailDraft(draft)
    expect(opened[0]).toMatch(/^mailto:ada@example\.org\?subject=/)
  })
})
