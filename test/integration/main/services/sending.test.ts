/**
 * Issue 49 item 7, "something to send", through the real API client and the built-in Sandbox over
 * HTTP: main reads the payment itself, makes a new payment link for a failed one (recorded as a
 * create), and builds the proof of payment of a paid one as a message, an e-mail draft and a PDF.
 */
import { mkdtemp, readFile, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import type { Payment } from '../../../../src/shared/api-types'
import type { NewLinkView, ProofView } from '../../../../src/shared/ipc/sending'
import { completeCheckout } from '../../../../src/sandbox'
import { GERMAN_BILLING_ADDRESS, validOrderBody, validPaymentBody } from '../../../helpers/sandbox-fixtures'
import { startTestApp, type TestApp } from '../../helpers/app-services'

let dir: string
let app: TestApp
const opened: string[] = []
const printed: string[] = []
const savePaths: (string | null)[] = []

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'paydesk-sending-'))
  app = await startTestApp(dir, {
    shell: { openExternal: async (url) => void opened.push(url) },
    dialogs: { chooseSavePath: async () => savePaths.shift() ?? null, ask: async (q) => q.cancelId },
    // The OS's printing stands in as bytes; what it was given is the HTML main built.
    pdf: {
      print: async (html) => {
        printed.push(html)
        return new TextEncoder().encode('%PDF-1.7 test')
      },
    },
    sandboxOptions: { seedPayments: 0 },
  })
})
afterAll(async () => {
  await app?.services.dispose()
  await rm(dir, { recursive: true, force: true })
})

async function payment(outcome: 'paid' | 'failed' | null, overrides: Parameters<typeof validPaymentBody>[0] = {}) {
  const client = await app.services.connections.getActiveClient()
  const created: Payment = await client.createPayment(
    validPaymentBody({ billingAddress: GERMAN_BILLING_ADDRESS, locale: 'de_DE', method: 'ideal', ...overrides }),
  )
  if (outcome !== null) await completeCheckout(created._links.checkout?.href ?? '', outcome)
  return client.getPayment(created.id)
}

type Failure = { ok: false; error: { code: string; message: string } }

describe('a new payment link', () => {
  it('is made for a failed payment with its amount and description, recorded, and e-mailed with main’s link', async () => {
    const failed = await payment('failed', {
      amount: { currency: 'EUR', value: '45.10' },
      description: 'Bestellung 88',
    })
    expect(failed.status).toBe('failed')
    const reply = await app.invoke('forCustomer.newLink', { kind: 'payment', id: failed.id, ticket: 'HD-5' })
    expect(reply.ok).toBe(true)
    const made = reply.value as unknown as NewLinkView
    expect(made.linkId).toMatch(/^pl_/)
    expect(made.amount).toEqual({ currency: 'EUR', value: '45.10' })
    expect(made.description).toBe('Bestellung 88')
    // The link exists on the service as made, with every method open to the customer.
    const client = await app.services.connections.getActiveClient()
    const link = await client.request<{
      amount: unknown
      allowedMethods: unknown
      _links: { paymentLink: { href: string } }
    }>({ method: 'GET', path: `/payment-links/${made.linkId}` })
    expect(link.amount).toEqual({ currency: 'EUR', value: '45.10' })
    expect(link.allowedMethods).toBeNull()
    expect(made.url).toBe(link._links.paymentLink.href)
    // The team record holds the write on the payment it was made for, with the link's id.
    await vi.waitFor(async () => {
      const rows = await app.services.record.actionsFor({ kind: 'payment', id: failed.id })
      expect(rows).toMatchObject([
        {
          action: 'create',
          amount: { currency: 'EUR', value: '45.10' },
          ticket: 'HD-5',
          outcome: { result: 'done', resultId: made.linkId },
        },
      ])
    })
    opened.length = 0
    expect((await app.invoke('forCustomer.emailNewLink', { kind: 'payment', id: failed.id })).ok).toBe(true)
    const mail = new URL(opened[0] ?? '')
    expect(mail.pathname).toBe('grete@example.org')
    const body = mail.searchParams.get('body') ?? ''
    expect(body.split('\r\n')).toContain(made.url)
    // In the customer's language (de_DE): the link message's German words.
    expect(body).toContain('45,10\u00a0€')
    expect(body).toMatch(/^Hallo Grete,/)
  })

  it('is refused for a paid payment, and nothing is created', async () => {
    const paid = await payment('paid')
    const client = await app.services.connections.getActiveClient()
    const linkCount = async () =>
      (await client.request<{ count: number }>({ method: 'GET', path: '/payment-links' })).count
    const before = await linkCount()
    const reply = (await app.invoke('forCustomer.newLink', { kind: 'payment', id: paid.id })) as unknown as Failure
    expect(reply).toMatchObject({ ok: false, error: { code: 'conflict' } })
    expect(reply.error.message).toBe(
      `No payment link was made: ${paid.id} is paid: a new link is only for a payment that failed, expired or was canceled.`,
    )
    expect(await linkCount()).toBe(before)
    expect(await app.services.record.actionsFor({ kind: 'payment', id: paid.id })).toEqual([])
  })
})

describe('proof of payment', () => {
  it('tells the paid payment’s facts in the customer’s language, from what main read', async () => {
    const paid = await payment('paid', {
      amount: { currency: 'EUR', value: '1234.56' },
      description: 'Bestellung <b>9</b>',
    })
    const reply = await app.invoke('forCustomer.proof', { kind: 'payment', id: paid.id })
    expect(reply.ok).toBe(true)
    const proof = reply.value as unknown as ProofView
    expect(proof.language).toBe('de')
    expect(proof.title).toBe('Zahlungsbestätigung')
    const facts = Object.fromEntries(proof.rows.map((r) => [r.label, r.value]))
    expect(facts).toMatchObject({
      Betrag: '1.234,56\u00a0€',
      Zahlungsart: 'iDEAL',
      Beschreibung: 'Bestellung <b>9</b>',
      Zahlungsreferenz: paid.id,
      Händler: 'Sandbox shop',
    })
    expect(facts['Bezahlt am']).toMatch(/^\d{1,2}\. \p{L}+ \d{4} um \d{2}:\d{2} /u)
    expect(proof.canEmail).toBe(true)

    opened.length = 0
    expect((await app.invoke('forCustomer.emailProof', { kind: 'payment', id: paid.id })).ok).toBe(true)
    const mail = new URL(opened[0] ?? '')
    expect(mail.pathname).toBe('grete@example.org')
    expect(mail.searchParams.get('body')).toBe(proof.text.replace(/\n/g, '\r\n'))

    const file = join(dir, 'beleg.pdf')
    savePaths.push(file)
    printed.length = 0
    const saved = await app.invoke('forCustomer.saveProof', { kind: 'payment', id: paid.id })
    expect(saved).toMatchObject({ ok: true, value: { saved: true, fileName: 'beleg.pdf' } })
    expect(await readFile(file, 'utf8')).toBe('%PDF-1.7 test')
    expect(printed).toHaveLength(1)
    expect(printed[0]).toContain('<td>Bestellung &lt;b&gt;9&lt;/b&gt;</td>')
    expect(printed[0]).toContain('<td>1.234,56\u00a0€</td>')
  })

  it('is refused for a payment that is not paid; a canceled save dialog saves nothing', async () => {
    const failed = await payment('failed')
    const reply = (await app.invoke('forCustomer.proof', { kind: 'payment', id: failed.id })) as unknown as Failure
    expect(reply).toMatchObject({ ok: false, error: { code: 'conflict' } })
    expect(reply.error.message).toBe(
      'No proof of payment was made: this payment is failed, not paid, so there is no payment to prove.',
    )
    const paid = await payment('paid')
    printed.length = 0
    expect(await app.invoke('forCustomer.saveProof', { kind: 'payment', id: paid.id })).toMatchObject({
      ok: true,
      value: { saved: false, fileName: null },
    })
    expect(printed).toEqual([])
  })
})

describe('from an order', () => {
  async function order(number: string, outcome: 'paid' | 'failed'): Promise<{ id: string }> {
    const client = await app.services.connections.getActiveClient()
    const made = await client.createOrder(validOrderBody(number), { embed: 'payments' })
    await completeCheckout(made._embedded?.payments?.[0]?._links.checkout?.href ?? '', outcome)
    return made
  }

  it('makes a new link for an order whose payment failed: the order’s amount, named by its number', async () => {
    const unpaid = await order('SEND-1', 'failed')
    const reply = await app.invoke('forCustomer.newLink', { kind: 'order', id: unpaid.id })
    expect(reply.ok).toBe(true)
    expect(reply.value).toMatchObject({ amount: { currency: 'EUR', value: '121.00' }, description: 'Order SEND-1' })
    await vi.waitFor(async () =>
      expect(await app.services.record.actionsFor({ kind: 'order', id: unpaid.id })).toMatchObject([
        { action: 'create', outcome: { result: 'done' } },
      ]),
    )
  })

  it('proves the paid order in its customer’s language (nl_NL), with the order number', async () => {
    const paid = await order('SEND-2', 'paid')
    const reply = await app.invoke('forCustomer.proof', { kind: 'order', id: paid.id })
    expect(reply.ok).toBe(true)
    const proof = reply.value as unknown as ProofView
    expect(proof.title).toBe('Betalingsbewijs')
    const facts = Object.fromEntries(proof.rows.map((r) => [r.label, r.value]))
    expect(facts).toMatchObject({ Bedrag: '€\u00a0121,00', Bestelnummer: 'SEND-2', Verkoper: 'Sandbox shop' })
    expect(facts['Betalingskenmerk']).toMatch(/^tr_/)
    const refused = await app.invoke('forCustomer.newLink', { kind: 'order', id: paid.id })
    expect(refused).toMatchObject({ ok: false, error: { code: 'conflict' } })
  })
})
