// The printable proof of payment (issue 49 item 7): main's HTML, every value escaped, nothing to load
// or run. A hostile description or merchant name is shown as text, never as markup.
import { describe, expect, it } from 'vitest'
import { escapeHtml, proofPageHtml } from '../../../../../src/main/services/sending/proof-page'
import { paidSummary } from '../../../../../src/shared/paid-summary'

const HOSTILE = '<img src=x onerror="alert(1)"><script>alert(2)</script>&amp;\'"'

function page(description: string, merchant = 'Sandbox shop') {
  const summary = paidSummary({
    payment: {
      id: 'tr_7UhSN1zuXS',
      status: 'paid',
      amount: { currency: 'EUR', value: '45.00' },
      description,
      method: 'ideal',
      paidAt: '2026-11-28T09:42:00+00:00',
      locale: 'de_DE',
    },
    merchant,
    orderNumber: null,
    timeZone: 'UTC',
  })
  return { summary, html: proofPageHtml(summary) }
}

describe('proofPageHtml', () => {
  it('escapes a hostile description and merchant name: no tag, no attribute, no script comes through', () => {
    const { html } = page(HOSTILE, `Shop</title><script>x()</script>`)
    // Only text: the attribute's words are there, escaped, but no element carries them.
    expect(html).not.toMatch(/<img|<script|<\/title><script/i)
    expect(html).toContain(
      '&lt;img src=x onerror=&quot;alert(1)&quot;&gt;&lt;script&gt;alert(2)&lt;/script&gt;&amp;amp;&#39;&quot;',
    )
    expect(html).toContain('Shop&lt;/title&gt;&lt;script&gt;x()&lt;/script&gt;')
  })

  it('is in the customer’s language, with its own policy: nothing may load or run', () => {
    const { html, summary } = page('Bestellung 5')
    expect(html).toContain('<html lang="de-DE">')
    expect(html).toContain(`<title>${summary.title}</title>`)
    expect(html).toContain(`content="default-src 'none'; style-src 'unsafe-inline'"`)
    for (const r of summary.rows)
      expect(html).toContain(`<th scope="row">${escapeHtml(r.label)}</th><td>${escapeHtml(r.value)}</td>`)
    expect(html).toContain('<td>45,00\u00a0€</td>')
  })
})
