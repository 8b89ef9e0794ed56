// Trust the sandbox's certificate in a Node program whose HTTPS client brings its own CA list
// (docs/SANDBOX.md "The official Node client over --tls"). Load it before the program:
//
//   SANDBOX_CA_CERT=.sandbox-tls/sandbox-cert.pem node --import ./src/sandbox/trust.mjs shop.js
//
// Node adds NODE_EXTRA_CA_CERTS to its default CA store only; a client that passes `ca` to its
// https.Agent (as @mollie/api-client 4.x does, with a bundled Mozilla list) replaces that store, and
// the sandbox's certificate is then never trusted. This module adds the one certificate named by
// SANDBOX_CA_CERT to such a `ca` list, for connections to loopback names only. The certificate is
// the sandbox's own (tls.ts): a CA whose critical name constraints let it vouch for those names
// alone. Plain JavaScript so that `node --import` loads it without a build step.
import { X509Certificate } from 'node:crypto'
import { readFileSync } from 'node:fs'
import tls from 'node:tls'

const LOOPBACK = new Set(['localhost', '127.0.0.1', '::1', '[::1]'])

const file = process.env.SANDBOX_CA_CERT
if (file) {
  const pem = readFileSync(file, 'utf8')
  // Refuse anything that is not one certificate (a typo pointing at a key or a bundle).
  new X509Certificate(pem)
  const connect = tls.connect
  tls.connect = function connectTrustingSandbox(...args) {
    const options = args[0]
    if (typeof options === 'object' && options !== null && options.ca !== undefined) {
      const host = String(options.servername || options.host || '').toLowerCase()
      if (LOOPBACK.has(host) || host.endsWith('.localhost')) {
        const list = Array.isArray(options.ca) ? options.ca : [options.ca]
        args[0] = { ...options, ca: [...list, pem] }
      }
    }
    return connect.apply(this, args)
  }
}
