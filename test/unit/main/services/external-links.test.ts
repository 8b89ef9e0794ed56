import { describe, expect, it } from 'vitest'
import { createExternalLinks } from '../../../../src/main/services/external-links'

describe('external links helper', () => {
  function make() {
    const opened: string[] = []
    const links = createExternalLinks({ openExternal: async (url) => void opened.push(url) })
    return { links, opened }
  }

  it('opens https links', async () => {
    const { links, opened } = make()
    await links.open('https://docs.example.com/errors#422')
    expect(opened).toEqual(['https://docs.example.com/errors#422'])
  })

  it.each([
    'http://example.com/',
    'file:///etc/passwd',
    'javascript:alert(1)',
    'smb://host/share',
    'https://user:pass@example.com/',
    'not a url',
    'app://paydesk/index.html',
  ])('refuses %s', async (url) => {
    const { links, opened } = make()
    await expect(links.open(url)).rejects.toThrow(/only opens https/)
    expect(opened).toEqual([])
  })

  it('opens the sandbox origin only while it is registered', async () => {
    const { links, opened } = make()
    const checkout = 'http://127.0.0.1:4010/checkout/tr_1'
    expect(links.isAllowed(checkout)).toBe(false)
    links.allowOrigin('http://127.0.0.1:4010')
    await links.open(checkout)
    expect(links.isAllowed('http://127.0.0.1:4011/checkout/tr_1')).toBe(false)
    links.disallowOrigin('http://127.0.0.1:4010')
    expect(links.isAllowed(checkout)).toBe(false)
    expect(opened).toEqual([checkout])
  })

  it.each([
    ['  https://docs.example.com/a b\n', 'https://docs.example.com/a%20b'],
    ['HTTPS://DOCS.Example.COM/x', 'https://docs.example.com/x'],
    ['https://docs.example.com/\t%2e%2e/', 'https://docs.example.com/'],
    ['https:docs.example.com/y', 'https://docs.example.com/y'],
  ])('hands the OS the normalized URL it checked, not the raw string (%j)', async (raw, normalized) => {
    const { links, opened } = make()
    await links.open(raw)
    expect(opened).toEqual([normalized])
  })
})
