// A shop's webhook address on loopback for the sandbox's integration tests: every call it receives
// (body and content type) and the status it answers, which a test may change between calls.
import { createServer } from 'node:http'
import type { AddressInfo } from 'node:net'

export interface WebhookShop {
  /** The address to give as a webhookUrl. */
  url: string
  calls: { body: string; type: string | undefined }[]
  /** The status every call is answered with (200 unless a test sets another). */
  answer: number
  close(): Promise<void>
}

export async function startWebhookShop(pathname: string): Promise<WebhookShop> {
  const server = createServer((req, res) => {
    let body = ''
    req.on('data', (c: Buffer) => (body += c.toString()))
    req.on('end', () => {
      shop.calls.push({ body, type: req.headers['content-type'] })
      res.writeHead(shop.answer)
      res.end()
    })
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const shop: WebhookShop = {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}${pathname}`,
    calls: [],
    answer: 200,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  }
  return shop
}

/** Waits until `check` holds (the sandbox sends webhooks on its own turn), failing after about 4 s. */
export async function until(check: () => boolean | Promise<boolean>): Promise<void> {
  for (let i = 0; i < 200; i++) {
    if (await check()) return
    await new Promise((r) => setTimeout(r, 20))
  }
  throw new Error('condition not met in time')
}
