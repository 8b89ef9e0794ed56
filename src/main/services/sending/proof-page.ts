// The printable "proof of payment" page (issue 49 item 7): HTML built by main from the summary of the
// payment main read (shared/paid-summary.ts), every value escaped, no script and no outside resource,
// so the shell can print it to PDF (webContents.printToPDF) without loading anything from anywhere.
import type { PaidSummary } from '../../../shared/paid-summary'

const ENTITIES: Readonly<Record<string, string>> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
}

/** Text made safe for an HTML element's content or a quoted attribute. */
export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => ENTITIES[c] ?? c)
}

/** The page's own policy: nothing may load or run, only the inline style below. */
const PAGE_POLICY = "default-src 'none'; style-src 'unsafe-inline'"

const STYLE = `
  body { font-family: system-ui, sans-serif; color: #1a1a1a; background: #fff; margin: 2.5rem; }
  h1 { font-size: 1.6rem; margin: 0 0 1rem; }
  p { font-size: 1rem; margin: 0 0 1.5rem; }
  table { border-collapse: collapse; min-width: 60%; }
  th, td { text-align: left; padding: 0.45rem 1.25rem 0.45rem 0; border-bottom: 1px solid #ccc; vertical-align: top; }
  th { font-weight: 600; }
`

/** The whole page, in the summary's language (lang attribute included). */
export function proofPageHtml(summary: PaidSummary): string {
  const rows = summary.rows
    .map((r) => `<tr><th scope="row">${escapeHtml(r.label)}</th><td>${escapeHtml(r.value)}</td></tr>`)
    .join('')
  return [
    '<!doctype html>',
    `<html lang="${escapeHtml(summary.locale)}">`,
    '<head>',
    '<meta charset="utf-8">',
    `<meta http-equiv="Content-Security-Policy" content="${PAGE_POLICY}">`,
    `<title>${escapeHtml(summary.title)}</title>`,
    `<style>${STYLE}</style>`,
    '</head>',
    '<body>',
    '<main>',
    `<h1>${escapeHtml(summary.title)}</h1>`,
    `<p>${escapeHtml(summary.lead)}</p>`,
    `<table><tbody>${rows}</tbody></table>`,
    '</main>',
    '</body>',
    '</html>',
  ].join('\n')
}
