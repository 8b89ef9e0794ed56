// The one classifier of hosts (issue 45 item 1): every spelling of an address on this machine or a
// private network is seen as such, whether it comes from a URL (`[::1]`) or from a resolver (`::1`,
// `fe80::1%eth0`), so a webhook name that resolves to one cannot pass as public.
import { describe, expect, it } from 'vitest'
import {
  hostScope,
  isLoopbackAddressOrLocalhost,
  isLoopbackHost,
  isPrivateNetworkHost,
  normalizedAddress,
} from '../../../src/shared/host-scope'

// Each local scope with its own yes-or-no question and every spelling that must answer it.
const LOCAL_SCOPES: { title: string; scope: string; is: (host: string) => boolean; hosts: string[] }[] = [
  {
    title: 'loopback and unspecified, in every spelling',
    scope: 'loopback',
    is: isLoopbackHost,
    hosts: [
      '::1',
      '[::1]',
      '0:0:0:0:0:0:0:1',
      '0000::0001',
      '::',
      '[::]',
      '::ffff:127.0.0.1',
      '::ffff:7f00:1',
      '[::ffff:7f00:1]',
      '::ffff:127.1.2.3',
      '::127.0.0.1',
      '64:ff9b::7f00:1',
      '127.0.0.1',
      '127.255.0.9',
      '0.0.0.0',
      '2130706433',
      '0x7f.1',
      'localhost',
      'LOCALHOST.',
      'shop.localhost',
    ],
  },
  {
    title: 'private networks: ULA fc00::/7 (fd00::/8), link-local fe80::/10, site-local fec0::/10, RFC 1918, mapped',
    scope: 'private',
    is: isPrivateNetworkHost,
    hosts: [
      'fd00::1',
      'fd12:3456:789a::1',
      '[fd12::1]',
      'fc00::',
      'fe80::1',
      'fe80::1%eth0',
      'febf::1',
      'fec0::1',
      'feff::1',
      '::ffff:10.0.0.1',
      '::ffff:a00:1',
      '[::ffff:c0a8:101]',
      '::ffff:169.254.169.254',
      '10.0.0.1',
      '172.16.5.4',
      '172.31.255.255',
      '192.168.0.1',
      '169.254.169.254',
      '100.64.0.1',
      '0.1.2.3',
    ],
  },
]

describe('hostScope: a resolver’s IPv6 answer without brackets is judged like the URL form', () => {
  for (const { title, scope, is, hosts } of LOCAL_SCOPES) {
    it(title, () => {
      for (const h of hosts) {
        expect(hostScope(h), h).toBe(scope)
        expect(is(h), h).toBe(true)
      }
    })
  }

  it('public addresses and names stay what they are', () => {
    for (const h of ['8.8.8.8', '172.32.0.1', '100.128.0.1', '2001:db8::1', '[2606:4700::1111]', '::ffff:8.8.8.8']) {
      expect(hostScope(h), h).toBe('public')
    }
    for (const h of ['example.com', 'fd.example.com', 'fe80.example', 'localhost.example.com', 'deadbeef', '1e3']) {
      expect(hostScope(h), h).toBe('name')
    }
  })

  it('normalizes before judging: brackets, zeros, `::`, IPv4 as one number', () => {
    expect(normalizedAddress('[0:0:0:0:0:0:0:1]')).toBe('::1')
    expect(normalizedAddress('::FFFF:127.0.0.1')).toBe('::ffff:7f00:1')
    expect(normalizedAddress('fe80::1%eth0')).toBe('fe80::1')
    expect(normalizedAddress('2130706433')).toBe('127.0.0.1')
    expect(normalizedAddress('example.com')).toBeNull()
    expect(normalizedAddress('::g')).toBeNull()
  })

  it('plain http with a credential: a loopback address in any spelling or `localhost` itself, no other name', () => {
    for (const h of ['localhost', '127.0.0.1', '[::1]', '127.0.0.2', '[::ffff:7f00:1]']) {
      expect(isLoopbackAddressOrLocalhost(h), h).toBe(true)
    }
    for (const h of ['shop.localhost', '10.0.0.1', 'example.com', '[fd00::1]']) {
      expect(isLoopbackAddressOrLocalhost(h), h).toBe(false)
    }
  })
})
