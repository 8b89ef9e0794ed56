// Tell the shop again (issue 49 item 5) in main, over a real HTTP listener on loopback and a scripted
// person: the address is the one main read from the payment (or its order), the question names the host
// and comes first, Cancel sends nothing, and an answer is kept in the request log and the action record.
import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { afterEach, describe, expect, it } from 'vitest'
import type { AttemptEvent } from '../../../../../src/shared/api-events'
import type { Order, Payment } from '../../../../../src/shared/api-types'
import type { NewActionRecord } from '../../../../../src/shared/team-record'
import type { MainQuestion } from '../../../../../src/main/services/main-questions'
import { createTellShop } from '../../../../../src/main/services/tell-shop/tell-shop'

interface Shop {
  origin: string
  bodies: string[]
  close(): Promise<void>
}
const servers: Server[] = []

/** A shop answering `status` (with `headers`), or never answering (null). */
async function startShop(status: number | null, headers: Record<string, string> = {}): Promise<Shop> {
  const bodies: string[] = []
  const server = createServer((req, res) => {
    let body = ''
    req.on('data', (c: Buffer) => (body += c.toString()))
    req.on('end', () => {
      bodies.push(body)
      if (status !== null) res.writeHead(status, headers).end()
    })
  })
  servers.push(server)
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  return {
    origin: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    bodies,
    close: async () => {},
  }
}

afterEach(async () => {
  for (const s of servers.splice(0)) {
    s.closeAllConnections()
    await new Promise<void>((resolve) => s.close(() => resolve()))
  }
})

function setup(options: {
  payment: Partial<Payment>
  order?: Partial<Order>
  answer: number
  receivers?: string[]
  builtIn?: boolean
  timeoutMs?: number
}) {
  const asked: MainQuestion[] = []
  const recorded: NewActionRecord[] = []
  const logged: AttemptEvent[] = []
  const reads: string[] = []
  const tellShop = createTellShop({
    connections: {
      activeConnection: async () => ({
        id: 'sandbox',
        label: 'Sandbox',
        kind: 'api-key',
        mode: 'test',
        profileId: null,
        testmode: null,
        builtIn: options.builtIn ?? true,
        isLive: false,
      }),
      getActiveClient: async () => ({
        getPayment: async (id: string) => {
          reads.push(id)
          return { id, status: 'paid', ...options.payment } as Payment
        },
        getOrder: async (id: string) => {
          reads.push(id)
          return { id, ...options.order } as Order
        },
      }),
    },
    questions: {
      ask: async (q) => {
        asked.push(q)
        return options.answer
      },
    },
    record: (row) => recorded.push(row),
    log: (event) => logged.push(event),
    sandboxReceivers: options.receivers,
    call: { timeoutMs: options.timeoutMs },
  })
  return { tellShop, asked, recorded, logged, reads }
}

describe('Tell the shop again, in main', () => {
  it('asks first naming the host; Cancel sends nothing and records nothing', async () => {
    const shop = await startShop(200)
    const t = setup({ payment: { webhookUrl: `${shop.origin}/hook?x=1` }, answer: 0, receivers: [shop.origin] })
    await expect(t.tellShop({ paymentId: 'tr_abc123' })).rejects.toThrow(/Nothing was sent: you did not allow/)
    expect(t.asked).toHaveLength(1)
    expect(t.asked[0]).toMatchObject({
      kind: 'tell-shop',
      buttons: ['Cancel', 'Tell 127.0.0.1'],
      defaultId: 0,
      cancelId: 0,
    })
    expect(t.asked[0]?.detail).toContain(`${shop.origin}/hook?x=1`)
    expect(shop.bodies).toEqual([])
    expect(t.recorded).toEqual([])
    expect(t.logged).toEqual([])
  })

  it('after yes: one POST of the payment’s id to its own webhook, the 500 logged and recorded', async () => {
    const shop = await startShop(500)
    const t = setup({ payment: { webhookUrl: `${shop.origin}/hook` }, answer: 1, receivers: [shop.origin] })
    const result = await t.tellShop({ paymentId: 'tr_abc123', ticket: '4711' })
    expect(shop.bodies).toEqual(['id=tr_abc123'])
    expect(result).toMatchObject({
      objectId: 'tr_abc123',
      body: 'id=tr_abc123',
      answer: { status: 500, failure: null },
    })
    expect(result.sentence).toBe(
      'Told the shop again about tr_abc123: 127.0.0.1 answered 500: the shop did not take the call.',
    )
    expect(t.recorded).toEqual([
      {
        action: 'tell-the-shop',
        object: { kind: 'payment', id: 'tr_abc123' },
        amount: null,
        idempotencyKey: null,
        ticket: '4711',
        reason: null,
        outcome: { result: 'refused', status: 500, resultId: null, summary: result.sentence },
      },
    ])
    expect(t.logged).toHaveLength(1)
    expect(t.logged[0]).toMatchObject({
      method: 'POST',
      url: `${shop.origin}/hook`,
      requestBody: 'id=tr_abc123',
      status: 500,
      requestId: result.requestId,
    })
  })

  it('a payment of an order without its own webhook: the order’s webhook with the order’s id', async () => {
    const shop = await startShop(200)
    const t = setup({
      payment: { orderId: 'ord_xyz789' },
      order: { webhookUrl: `${shop.origin}/orders` },
      answer: 1,
      receivers: [shop.origin],
    })
    const result = await t.tellShop({ paymentId: 'tr_abc123' })
    expect(shop.bodies).toEqual(['id=ord_xyz789'])
    expect(t.reads).toEqual(['tr_abc123', 'ord_xyz789'])
    expect(result.answer.status).toBe(200)
    expect(t.recorded[0]?.outcome.result).toBe('done')
  })

  it('no webhook address: nothing to tell, nothing asked', async () => {
    const t = setup({ payment: {}, answer: 1 })
    await expect(t.tellShop({ paymentId: 'tr_abc123' })).rejects.toThrow(/has no webhook address/)
    expect(t.asked).toEqual([])
  })

  it('a local address that is not one of the Sandbox’s receivers (or not on the Sandbox): refused unasked', async () => {
    const shop = await startShop(200)
    const notReceiver = setup({ payment: { webhookUrl: `${shop.origin}/hook` }, answer: 1 })
    await expect(notReceiver.tellShop({ paymentId: 'tr_abc123' })).rejects.toThrow(/this computer or a private network/)
    const notSandbox = setup({
      payment: { webhookUrl: `${shop.origin}/hook` },
      answer: 1,
      receivers: [shop.origin],
      builtIn: false,
    })
    await expect(notSandbox.tellShop({ paymentId: 'tr_abc123' })).rejects.toThrow(/this computer or a private network/)
    expect([...notReceiver.asked, ...notSandbox.asked]).toEqual([])
    expect(shop.bodies).toEqual([])
  })

  it('a shop that does not answer in time: recorded as unknown, told in words', async () => {
    const shop = await startShop(null)
    const t = setup({
      payment: { webhookUrl: `${shop.origin}/hook` },
      answer: 1,
      receivers: [shop.origin],
      timeoutMs: 200,
    })
    const result = await t.tellShop({ paymentId: 'tr_abc123' })
    expect(result.answer).toMatchObject({ status: null, failure: 'no answer within 0.2 s.' })
    expect(result.sentence).toBe(
      'Told the shop again about tr_abc123: 127.0.0.1 did not answer: no answer within 0.2 s.',
    )
    expect(t.recorded[0]?.outcome).toMatchObject({ result: 'unknown', status: null })
    expect(shop.bodies).toEqual(['id=tr_abc123'])
  })

  it('a redirect is answered, not followed, and the agent is told the address needs fixing', async () => {
    const shop = await startShop(301, { Location: 'https://elsewhere.example/hook' })
    const t = setup({ payment: { webhookUrl: `${shop.origin}/old` }, answer: 1, receivers: [shop.origin] })
    const result = await t.tellShop({ paymentId: 'tr_abc123' })
    expect(result.sentence).toMatch(
      /answered 301, a redirect to https:\/\/elsewhere\.example\/hook; Paydesk does not follow redirects/,
    )
    expect(t.recorded[0]?.outcome).toMatchObject({ result: 'refused', status: 301 })
    expect(t.logged[0]?.notes).toContain('Redirect to https://elsewhere.example/hook not followed.')
  })
})
