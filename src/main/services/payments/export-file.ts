// Writing an export of payments (CSV or JSON) to a file the user chose. Pure formatting plus one
// streaming writer; the rows always come from main's own copies of what the service returned.

import type { Payment } from '../../../shared/api-types'
import type { PaymentsExportFormat } from '../../../shared/ipc/payments'
import type { PersonalDataInFile } from '../../../shared/request-log-types'
import { writeFileAtomicWith } from '../../storage/atomic-file'
import { personalDataLabel, personalDataSentence } from '../personal-data'

/** Columns of the CSV export, in order: the list's columns first, then the useful extras. */
export const CSV_COLUMNS: readonly { header: string; value: (p: Payment) => string }[] = [
  { header: 'id', value: (p) => p.id },
  { header: 'status', value: (p) => p.status },
  // Exact decimal strings as the service sent them (spec 2.1): no float formatting.
  { header: 'amount', value: (p) => p.amount?.value ?? '' },
  { header: 'currency', value: (p) => p.amount?.currency ?? '' },
  { header: 'method', value: (p) => p.method ?? '' },
  { header: 'description', value: (p) => p.description ?? '' },
  { header: 'createdAt', value: (p) => p.createdAt ?? '' },
  { header: 'mode', value: (p) => p.mode ?? '' },
  { header: 'sequenceType', value: (p) => p.sequenceType ?? '' },
  { header: 'profileId', value: (p) => p.profileId ?? '' },
  { header: 'orderId', value: (p) => p.orderId ?? '' },
  { header: 'amountRefunded', value: (p) => p.amountRefunded?.value ?? '' },
  { header: 'amountRemaining', value: (p) => p.amountRemaining?.value ?? '' },
  { header: 'paidAt', value: (p) => p.paidAt ?? '' },
  { header: 'expiresAt', value: (p) => p.expiresAt ?? '' },
  {
    header: 'metadata',
    value: (p) => (p.metadata === undefined || p.metadata === null ? '' : JSON.stringify(p.metadata)),
  },
]

/** A plain decimal number cannot be a formula, so "-10.00" stays a number for the spreadsheet. */
const PLAIN_NUMBER = /^-?\d+(?:\.\d+)?$/
/** Spreadsheets evaluate cells starting with these (OWASP "CSV injection"). */
const FORMULA_START = /^[=+\-@\t\r]/

/**
 * One CSV cell (RFC 4180): quoted when it holds a quote, comma, CR or LF, with quotes doubled.
 * A text starting with = + - @ (or tab / CR) gets a leading apostrophe so a spreadsheet shows it
 * as text instead of running it as a formula.
 */
export function csvCell(text: string): string {
  let value = text
  if (FORMULA_START.test(value) && !PLAIN_NUMBER.test(value)) value = `'${value}`
  return /[",\r\n]/.test(value) ? `"${value.replace(/"/g, '""')}"` : value
}

export function csvRow(cells: readonly string[]): string {
  return cells.map(csvCell).join(',') + '\r\n'
}

export function csvHeader(): string {
  return csvRow(CSV_COLUMNS.map((c) => c.header))
}

export function paymentCsvRow(payment: Payment): string {
  return csvRow(CSV_COLUMNS.map((c) => c.value(payment)))
}

interface WriteExportOptions {
  path: string
  format: PaymentsExportFormat
  payments: readonly Payment[]
  /** Whether the rows hold customers' personal data: the file says so in its first line (CSV) or field (JSON). */
  personalData: PersonalDataInFile
  /** Called after each chunk and at the end with rows written so far. */
  onProgress?: (written: number, total: number) => void
  /** Rows per write (and per progress report). */
  chunkRows?: number
}

/**
 * Streams the export to a temporary file beside the target and renames it over the target at the
 * end, so a failed or half-written export never leaves a truncated file under the chosen name.
 */
export async function writeExport(options: WriteExportOptions): Promise<{ rows: number; bytes: number }> {
  const { path, format, payments } = options
  const chunkRows = Math.max(1, options.chunkRows ?? 1000)
  const total = payments.length
  let bytes = 0
  await writeFileAtomicWith(path, async (handle) => {
    const write = async (text: string) => {
      const buffer = Buffer.from(text, 'utf8')
      bytes += buffer.length
      await handle.write(buffer)
    }
    // A UTF-8 BOM so spreadsheet programs read accented descriptions correctly; then one line that
    // says whether personal data is in the file, then the header.
    if (format === 'csv') await write('\uFEFF' + csvRow([personalDataSentence(options.personalData)]) + csvHeader())
    else
      await write(`{\n  "personalData": ${JSON.stringify(personalDataLabel(options.personalData))},\n  "payments": [\n`)
    for (let start = 0; start < total; start += chunkRows) {
      const end = Math.min(total, start + chunkRows)
      let text = ''
      for (const [offset, p] of payments.slice(start, end).entries()) {
        const i = start + offset
        text += format === 'csv' ? paymentCsvRow(p) : `    ${JSON.stringify(p)}${i < total - 1 ? ',' : ''}\n`
      }
      await write(text)
      options.onProgress?.(end, total)
    }
    if (format === 'json') await write('  ]\n}\n')
  })
  if (total === 0) options.onProgress?.(0, 0)
  return { rows: total, bytes }
}
