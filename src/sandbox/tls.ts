// A self-signed certificate for `--tls`, made with node:crypto alone (no openssl, no network):
// an EC P-256 key and an X.509 v3 certificate whose subjectAltName covers the names the sandbox
// answers on. Kept in a folder and reused while it is valid and covers the same names
// (docs/SANDBOX.md, "HTTPS").
import { createPrivateKey, generateKeyPairSync, randomBytes, sign, X509Certificate } from 'node:crypto'
import { chmodSync, existsSync, mkdirSync, readFileSync, renameSync, statSync, writeFileSync } from 'node:fs'
import { isIP } from 'node:net'
import path from 'node:path'

export interface SandboxTlsMaterial {
  /** PEM */
  key: string
  /** PEM; also what a client trusts (it is its own CA) */
  cert: string
  certPath: string
  keyPath: string
  /** SHA-256 fingerprint as colon-separated hex pairs, as `openssl x509 -fingerprint -sha256` prints it */
  fingerprint256: string
  /** names and addresses in subjectAltName */
  names: string[]
  /** false when an existing certificate was reused */
  created: boolean
  /** true when the folder held a key other users could read or change: it was not reused */
  replacedExposedKey?: boolean
}

export const CERT_FILE = 'sandbox-cert.pem'
export const KEY_FILE = 'sandbox-key.pem'
/** What the sandbox wrote down when it made the certificate: its fingerprint and names. */
export const RECORD_FILE = 'sandbox-cert.json'
/** The subject (and issuer) common name of every certificate the sandbox makes. */
export const CERT_COMMON_NAME = 'Paydesk sandbox (self-signed)'
/** A new certificate is valid this long; one with less than a day left is replaced. */
const VALIDITY_DAYS = 365
const DAY_MS = 86_400_000

/** The names a certificate for a sandbox listening on `host` must cover. */
export function certificateNames(host: string): string[] {
  const names = ['localhost', '127.0.0.1', '::1']
  const h = host.replace(/^\[|\]$/g, '')
  // A wildcard listen address is reached through the names above (or through a proxy).
  if (h !== '' && h !== '0.0.0.0' && h !== '::' && !names.includes(h.toLowerCase())) names.push(h)
  return names
}

// --- DER, just enough for one certificate -------------------------------------------------------

function length(n: number): Buffer {
  if (n < 0x80) return Buffer.from([n])
  const bytes: number[] = []
  for (let v = n; v > 0; v = Math.floor(v / 256)) bytes.unshift(v & 0xff)
  return Buffer.from([0x80 | bytes.length, ...bytes])
}

function tlv(tag: number, ...content: Buffer[]): Buffer {
  const body = Buffer.concat(content)
  return Buffer.concat([Buffer.from([tag]), length(body.length), body])
}

const seq = (...items: Buffer[]) => tlv(0x30, ...items)
const set = (...items: Buffer[]) => tlv(0x31, ...items)
const octets = (b: Buffer) => tlv(0x04, b)
const bits = (b: Buffer, unused = 0) => tlv(0x03, Buffer.from([unused]), b)
const bool = (v: boolean) => tlv(0x01, Buffer.from([v ? 0xff : 0x00]))

function unsignedInteger(b: Buffer): Buffer {
  let i = 0
  while (i < b.length - 1 && b[i] === 0) i++
  const trimmed = b.subarray(i)
  return tlv(0x02, (trimmed[0] ?? 0) & 0x80 ? Buffer.concat([Buffer.from([0]), trimmed]) : trimmed)
}

function oid(dotted: string): Buffer {
  const [a = 0, b = 0, ...rest] = dotted.split('.').map(Number)
  const out = [a * 40 + b]
  for (const n of rest) {
    const group = [n & 0x7f]
    for (let v = Math.floor(n / 128); v > 0; v = Math.floor(v / 128)) group.unshift((v & 0x7f) | 0x80)
    out.push(...group)
  }
  return tlv(0x06, Buffer.from(out))
}

function time(ms: number): Buffer {
  const iso = new Date(ms).toISOString() // 2026-03-20T09:13:37.250Z
  const digits = iso.slice(0, 19).replace(/[-:T]/g, '') // 20260320091337
  const year = new Date(ms).getUTCFullYear()
  // RFC 5280 4.1.2.5: UTCTime through 2049, GeneralizedTime from 2050.
  return year < 2050 ? tlv(0x17, Buffer.from(`${digits.slice(2)}Z`)) : tlv(0x18, Buffer.from(`${digits}Z`))
}

function ipBytes(ip: string): Buffer {
  if (isIP(ip) === 4) return Buffer.from(ip.split('.').map(Number))
  // IPv6: expand `::` and write eight 16-bit groups.
  const [head, tail] = ip.includes('::') ? ip.split('::') : [ip, undefined]
  const headGroups = head ? head.split(':') : []
  const tailGroups = tail ? tail.split(':') : []
  const fill = tail === undefined ? [] : Array(8 - headGroups.length - tailGroups.length).fill('0')
  const groups = [...headGroups, ...fill, ...tailGroups]
  const out = Buffer.alloc(16)
  groups.forEach((g, i) => out.writeUInt16BE(parseInt(g, 16), i * 2))
  return out
}

/** A name constraint for exactly `name`: a DNS name, or one address with a full mask. */
function constraintName(name: string): Buffer {
  if (!isIP(name)) return tlv(0x82, Buffer.from(name))
  const address = ipBytes(name)
  return tlv(0x87, address, Buffer.alloc(address.length, 0xff))
}

const ECDSA_WITH_SHA256 = seq(oid('1.2.840.10045.4.3.2'))

/**
 * nameConstraints (critical): as a CA, the key can vouch for exactly these names and nothing else.
 * The same bytes are looked for in a stored certificate before it is reused.
 */
function nameConstraintsExtension(names: string[]): Buffer {
  return seq(oid('2.5.29.30'), bool(true), octets(seq(tlv(0xa0, ...names.map((n) => seq(constraintName(n)))))))
}

function selfSignedCertificate(names: string[], nowMs: number): { key: string; cert: string } {
  const { privateKey, publicKey } = generateKeyPairSync('ec', { namedCurve: 'prime256v1' })
  const name = seq(set(seq(oid('2.5.4.3'), tlv(0x0c, Buffer.from(CERT_COMMON_NAME)))))
  const serial = randomBytes(16)
  serial[0] = (serial[0] ?? 0) & 0x7f
  const altNames = names.map((n) => (isIP(n) ? tlv(0x87, ipBytes(n)) : tlv(0x82, Buffer.from(n))))
  const extensions = tlv(
    0xa3,
    seq(
      // basicConstraints CA:TRUE (critical): the certificate is its own trust anchor.
      seq(oid('2.5.29.19'), bool(true), octets(seq(bool(true)))),
      // keyUsage digitalSignature + keyCertSign (critical)
      seq(oid('2.5.29.15'), bool(true), octets(bits(Buffer.from([0x84]), 2))),
      // extKeyUsage serverAuth
      seq(oid('2.5.29.37'), octets(seq(oid('1.3.6.1.5.5.7.3.1')))),
      // subjectAltName
      seq(oid('2.5.29.17'), octets(seq(...altNames))),
      nameConstraintsExtension(names),
    ),
  )
  const tbs = seq(
    tlv(0xa0, unsignedInteger(Buffer.from([2]))), // v3
    unsignedInteger(serial),
    ECDSA_WITH_SHA256,
    name,
    seq(time(nowMs - 3_600_000), time(nowMs + VALIDITY_DAYS * DAY_MS)),
    name,
    publicKey.export({ type: 'spki', format: 'der' }),
    extensions,
  )
  const signature = sign('sha256', tbs, privateKey) // DER ECDSA-Sig-Value
  const der = seq(tbs, ECDSA_WITH_SHA256, bits(signature))
  const base64 = der.toString('base64').replace(/(.{64})/g, '$1\n')
  return {
    key: privateKey.export({ type: 'pkcs8', format: 'pem' }) as string,
    cert: `-----BEGIN CERTIFICATE-----\n${base64.replace(/\n$/, '')}\n-----END CERTIFICATE-----\n`,
  }
}

/**
 * Whether the files in the folder are a certificate this sandbox made (issue 22 item 8): the
 * fingerprint it recorded when it made it, its own subject, and its name constraints for exactly
 * `names`. A CA planted in the folder (by a cloned repository, say) is never served, so nobody is
 * led to trust a key that could vouch for other names.
 */
function ownCertificate(x509: X509Certificate, recordText: string | undefined, names: string[]): boolean {
  if (recordText === undefined) return false
  let record: { fingerprint256?: unknown; names?: unknown }
  try {
    record = JSON.parse(recordText) as typeof record
  } catch {
    return false
  }
  if (record.fingerprint256 !== x509.fingerprint256) return false
  if (x509.subject !== `CN=${CERT_COMMON_NAME}` || x509.issuer !== x509.subject) return false
  return x509.raw.includes(nameConstraintsExtension(names))
}

/** True when `cert` + `key` are the sandbox's own and can serve `names` for at least another day. */
function usable(
  certPem: string,
  keyPem: string,
  recordText: string | undefined,
  names: string[],
  nowMs: number,
): X509Certificate | null {
  try {
    const x509 = new X509Certificate(certPem)
    if (!ownCertificate(x509, recordText, names)) return null
    if (!x509.checkPrivateKey(createPrivateKey(keyPem))) return null
    if (Date.parse(x509.validTo) - nowMs < DAY_MS || Date.parse(x509.validFrom) > nowMs) return null
    for (const n of names) {
      const covered = isIP(n) ? x509.checkIP(n) !== undefined : x509.checkHost(n) !== undefined
      if (!covered) return null
    }
    return x509
  } catch {
    return null
  }
}

function writeAtomically(file: string, text: string, mode: number): void {
  const temp = `${file}.${process.pid}.tmp`
  writeFileSync(temp, text, { mode })
  chmodSync(temp, mode)
  renameSync(temp, file)
}

/** Permission bits for the group and other users: any of them set means others may read or write. */
const OTHERS = 0o077
const OTHERS_WRITE = 0o022
const POSIX = process.platform !== 'win32'

/**
 * The folder, private to this user: made 0700 when new, tightened to 0700 when it was open to others
 * (a folder made by `mkdir` is usually 0755), refused when it belongs to someone else.
 */
function privateFolder(dir: string): void {
  if (!existsSync(dir)) {
    mkdirSync(dir, { recursive: true, mode: 0o700 })
    return
  }
  const stat = statSync(dir)
  if (!stat.isDirectory())
    throw new Error(`The TLS folder ${dir} is not a folder. Give --tls-dir a folder of your own.`)
  if (!POSIX) return
  if (stat.uid !== process.getuid?.()) {
    throw new Error(
      `The TLS folder ${dir} belongs to another user, who could read or replace the sandbox's private key. ` +
        'Give --tls-dir a folder of your own.',
    )
  }
  if ((stat.mode & OTHERS) !== 0) chmodSync(dir, 0o700)
}

/**
 * Whether files found in the folder could have been read (the key) or changed (any of them) by other
 * users, or belong to one: such a key is not reused, since someone else may hold a copy.
 */
function exposed(files: string[], keyPath: string): boolean {
  if (!POSIX) return false
  return files.some((file) => {
    if (!existsSync(file)) return false
    const stat = statSync(file)
    return stat.uid !== process.getuid?.() || (stat.mode & (file === keyPath ? OTHERS : OTHERS_WRITE)) !== 0
  })
}

/**
 * The certificate in `dir` when it is still good for `names` and nobody else could have read its key,
 * else a new one written there. The folder is kept owner-only (0700) and the key 0600.
 */
export function loadOrCreateTls(dir: string, names: string[], nowMs = Date.now()): SandboxTlsMaterial {
  const folder = path.resolve(dir)
  const certPath = path.resolve(dir, CERT_FILE)
  const keyPath = path.resolve(dir, KEY_FILE)
  const recordPath = path.resolve(dir, RECORD_FILE)
  privateFolder(folder)
  const replacedExposedKey = existsSync(keyPath) && exposed([keyPath, certPath, recordPath], keyPath)
  if (!replacedExposedKey && existsSync(certPath) && existsSync(keyPath)) {
    const cert = readFileSync(certPath, 'utf8')
    const key = readFileSync(keyPath, 'utf8')
    const record = existsSync(recordPath) ? readFileSync(recordPath, 'utf8') : undefined
    const x509 = usable(cert, key, record, names, nowMs)
    if (x509) return { key, cert, certPath, keyPath, fingerprint256: x509.fingerprint256, names, created: false }
  }
  const { key, cert } = selfSignedCertificate(names, nowMs)
  const fingerprint256 = new X509Certificate(cert).fingerprint256
  writeAtomically(keyPath, key, 0o600)
  writeAtomically(certPath, cert, 0o644)
  writeAtomically(recordPath, `${JSON.stringify({ fingerprint256, names }, null, 2)}\n`, 0o644)
  return { key, cert, certPath, keyPath, fingerprint256, names, created: true, replacedExposedKey }
}
