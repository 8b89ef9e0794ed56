// A response body sent compressed (Content-Encoding: gzip, deflate or br) although Paydesk never
// asks for it: decoded with node:zlib, its decoded size bounded like any body; an encoding zlib
// does not know, or a body that does not decode, ends the attempt with words saying so (it was
// read as "not valid JSON" before).

import { promisify } from 'node:util'
import zlib from 'node:zlib'

type Decoder = (buf: Buffer, options: zlib.ZlibOptions & zlib.BrotliOptions) => Promise<Buffer>

const DECODERS: Readonly<Record<string, Decoder>> = {
  gzip: promisify(zlib.gunzip),
  'x-gzip': promisify(zlib.gunzip),
  // RFC 9110 8.4.1.2: "deflate" is the zlib format; some servers send raw deflate (inflate tells).
  deflate: promisify(zlib.inflate),
  br: promisify(zlib.brotliDecompress),
}
const rawDeflate: Decoder = promisify(zlib.inflateRaw)

type Decoded = { ok: true; body: Buffer } | { ok: false; message: string; tooLarge?: true }

/** The codings of a Content-Encoding header, in the order they were applied ("identity" dropped). */
function codings(header: string | string[] | undefined): string[] {
  const value = Array.isArray(header) ? header.join(',') : (header ?? '')
  return value
    .split(',')
    .map((c) => c.trim().toLowerCase())
    .filter((c) => c !== '' && c !== 'identity')
}

/** Undoes the body's content codings (last applied first); bodies without any come back as they are. */
export async function decodeBody(
  body: Buffer,
  contentEncoding: string | string[] | undefined,
  maxBytes: number,
): Promise<Decoded> {
  const applied = codings(contentEncoding)
  let out = body
  for (const coding of applied.reverse()) {
    const decode = DECODERS[coding]
    if (!decode) {
      return {
        ok: false,
        message: `The service's answer is compressed with "${coding.slice(0, 40)}", which Paydesk cannot read; nothing in it was used.`,
      }
    }
    try {
      out = await decode(out, { maxOutputLength: maxBytes })
    } catch (e) {
      if ((e as NodeJS.ErrnoException).code === 'ERR_BUFFER_TOO_LARGE') {
        return {
          ok: false,
          tooLarge: true,
          message: `The response body, once decompressed, exceeds ${maxBytes} bytes.`,
        }
      }
      if (coding === 'deflate') {
        try {
          out = await rawDeflate(out, { maxOutputLength: maxBytes })
          continue
        } catch {
          // fall through to the message below
        }
      }
      return {
        ok: false,
        message: `The service's answer says it is compressed (${coding}) but does not decompress; it could not be read.`,
      }
    }
  }
  return { ok: true, body: out }
}
