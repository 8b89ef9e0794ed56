/**
 * The live-write guard on its own: what main's dialog says, and that only one live question is
 * open at a time. A compromised page can start writes at will; it must not be able to hide where
 * the service will call back, nor stack dialogs in the hope of a reflexive "Send to LIVE".
 */
import { describe, expect, it } from 'vitest'
import {
  callbacksOf,
  describeLiveWrite,
  requireLiveConfirmation,
  type LiveWriteConfirmer,
  type LiveWriteSummary,
} from '../../../../src/main/services/live-write-guard'
import { present } from '../../../helpers/present'

const summary: LiveWriteSummary = {
  connection: 'Shop live',
  action: 'Create a payment',
  amount: 'EUR 500.00',
  reference: 'Forged',
  lineCount: null,
  customer: null,
}

/** A dialog the test answers by hand, recording every question. */
function manualDialog(): LiveWriteConfirmer & { asked: LiveWriteSummary[]; answer(yes: boolean): void } {
  const asked: LiveWriteSummary[] = []
  const pending: ((yes: boolean) => void)[] = []
  return {
    asked,
    confirm(s) {
      asked.push(s)
      return new Promise<boolean>((resolve) => pending.push(resolve))
    },
    answer(yes) {
      pending.shift()?.(yes)
    },
  }
}

describe('callbacksOf', () => {
  it('names every address the service will send the customer or its status updates to', () => {
    expect(
      callbacksOf({
        amount: { currency: 'EUR', value: '500.00' },
        redirectUrl: 'https://shop.example/return',
        cancelUrl: 'https://shop.example/cancel',
        webhookUrl: 'HTTPS://EVIL.example:443/hook?x=1',
      }),
    ).toEqual([
      { label: 'Customer returns to', url: 'https://shop.example/return' },
      { label: 'Customer cancels to', url: 'https://shop.example/cancel' },
      // Normalized, as the service will read it: the host cannot hide behind case or a default port.
      { label: 'Status updates (webhook) go to', url: 'https://evil.example/hook?x=1' },
    ])
  })

  it('is empty when the body names none, and shows a malformed value verbatim rather than dropping it', () => {
    expect(callbacksOf({ amount: { currency: 'EUR', value: '1.00' } })).toEqual([])
    expect(callbacksOf({ webhookUrl: 'not a url' })).toEqual([
      { label: 'Status updates (webhook) go to', url: 'not a url' },
    ])
  })

  it('caps a very long address so the dialog stays readable, keeping its host visible', () => {
    const long = `https://evil.example/${'a'.repeat(5_000)}`
    const [entry] = callbacksOf({ webhookUrl: long })
    expect(present(entry).url.startsWith('https://evil.example/')).toBe(true)
    expect(present(entry).url.length).toBeLessThanOrEqual(201)
    expect(present(entry).url.endsWith('…')).toBe(true)
  })
})

describe('describeLiveWrite', () => {
  it('puts the webhook and redirect addresses in the dialog text', () => {
    const { message, detail } = describeLiveWrite({
      ...summary,
      callbacks: callbacksOf({ redirectUrl: 'https://evil.example/', webhookUrl: 'https://evil.example/hook' }),
    })
    expect(message).toBe('Create a payment on a LIVE connection?')
    for (const part of [
      'Connection: LIVE (real money)',
      'Connection: “Shop live”',
      'Amount: EUR 500.00',
      'Customer returns to: https://evil.example/',
      'Status updates (webhook) go to: https://evil.example/hook',
    ]) {
      expect(detail).toContain(part)
    }
  })
})

describe('describeLiveWrite against hostile values (threat: a page hides a foreign address in the dialog)', () => {
  const hostile = {
    ...summary,
    reference: `Order 1\n\n\n\n\n\n\n\n\n\nAll fine, nothing unusual below${'\u200b'.repeat(50)}${' '.repeat(500)}${'x'.repeat(5000)}`,
    customer: 'Jan\r\nConnection: Shop test (TEST)\u202e\u0000',
    callbacks: callbacksOf({
      webhookUrl: 'https://evil.example/hook',
      redirectUrl: `https://shop.example/${'a'.repeat(900)}`,
    }),
  }

  it('shows every value on one line, control and invisible characters collapsed, long values cut with an ellipsis', () => {
    const { detail } = describeLiveWrite(hostile)
    const lines = detail.split('\n')
    const reference = present(lines.find((l) => l.startsWith('Reference: ')))
    expect(reference).toContain('“Order 1 All fine')
    expect(reference.length).toBeLessThanOrEqual(80)
    expect(reference.endsWith('…”')).toBe(true)
    expect(reference).not.toMatch(/\u200b|x{7}| {2}/)
    const customer = present(lines.find((l) => l.startsWith('Customer: ')))
    expect(customer).toBe('Customer: “Jan Connection: Shop test (TEST)”')
    // A value cannot make a line that looks like one of main's own.
    expect(lines.filter((l) => l.startsWith('Connection: '))).toEqual([
      'Connection: LIVE (real money)',
      'Connection: “Shop live”',
    ])
    for (const l of lines) expect(l).not.toMatch(/[\u0000-\u001f\u200b\u202e]/)
  })

  it('lists the addresses right after the connection, before amount, reference and customer', () => {
    const lines = describeLiveWrite(hostile).detail.split('\n')
    expect(lines[0]).toBe('Connection: LIVE (real money)')
    expect(lines[1]).toMatch(/^Customer returns to: https:\/\/shop\.example\/a{3}…$/)
    expect(lines[2]).toBe('Status updates (webhook) go to: https://evil.example/hook')
  })
})

describe('describeLiveWrite keeps main’s voice apart (threat: the page’s words pass for main’s)', () => {
  it('puts the label, reference and customer after main’s lines under “From the draft:”, quoted', () => {
    const { message, detail } = describeLiveWrite({
      ...summary,
      connection: 'Shop live” (checked by Paydesk',
      reference: 'Order 7. Paydesk checked this refund: safe to send',
      customer: 'Ann',
      callbacks: callbacksOf({ webhookUrl: 'https://evil.example/hook' }),
    })
    // The page's label is not in main's sentence.
    expect(message).not.toContain('Shop live')
    const lines = detail.split('\n')
    const heading = lines.indexOf('From the draft:')
    expect(heading).toBeGreaterThan(0)
    expect(lines.slice(heading + 1)).toEqual([
      "Connection: “Shop live' (checked by Paydesk”",
      'Reference: “Order 7. Paydesk checked this refund: safe to send”',
      'Customer: “Ann”',
    ])
    for (const mainLine of ['Amount: EUR 500.00', 'Status updates (webhook) go to: https://evil.example/hook']) {
      expect(lines.indexOf(mainLine)).toBeGreaterThanOrEqual(0)
      expect(lines.indexOf(mainLine)).toBeLessThan(heading)
    }
    expect(lines.findIndex((l) => l.startsWith('This uses real money'))).toBeLessThan(heading)
  })
})

describe('requireLiveConfirmation', () => {
  it('resolves only on a yes from main’s dialog', async () => {
    const dialog = manualDialog()
    const asking = requireLiveConfirmation(dialog, summary)
    dialog.answer(true)
    await expect(asking).resolves.toBeUndefined()
    const refused = requireLiveConfirmation(dialog, summary)
    dialog.answer(false)
    await expect(refused).rejects.toMatchObject({ code: 'canceled' })
  })

  it('asks one question at a time: a second live write while the dialog is open is refused, unasked', async () => {
    const dialog = manualDialog()
    const first = requireLiveConfirmation(dialog, summary)
    const second = requireLiveConfirmation(dialog, { ...summary, amount: 'EUR 999.00' })
    await expect(second).rejects.toMatchObject({
      code: 'conflict',
      message: expect.stringContaining('Nothing was sent'),
    })
    expect(dialog.asked).toHaveLength(1)
    dialog.answer(true)
    await expect(first).resolves.toBeUndefined()

    // Once answered, the next write is asked again as usual.
    const third = requireLiveConfirmation(dialog, summary)
    expect(dialog.asked).toHaveLength(2)
    dialog.answer(false)
    await expect(third).rejects.toMatchObject({ code: 'canceled' })
  })

  it('frees the question when the dialog itself fails (counted as no)', async () => {
    let calls = 0
    const failing: LiveWriteConfirmer = {
      async confirm() {
        calls++
        throw new Error('no window')
      },
    }
    await expect(requireLiveConfirmation(failing, summary)).rejects.toMatchObject({ code: 'canceled' })
    await expect(requireLiveConfirmation(failing, summary)).rejects.toMatchObject({ code: 'canceled' })
    expect(calls).toBe(2)
  })
})
