import { describe, expect, it } from 'vitest'
import {
  csvCell,
  csvHeader,
  csvRow,
  paymentCsvRow,
  CSV_COLUMNS,
} from '../../../../../src/main/services/payments/export-file'
import { present } from '../../../../helpers/present'
import { listedPayment } from '../../../helpers/listed-payment'

/** A small RFC 4180 reader, independent of the writer, to check round trips. */
function parseCsv(text: string): string[][] {
  const rows: string[][] = []
  let row: string[] = []
  let cell = ''
  let quoted = false
  for (let i = 0; i < text.length; i++) {
    const c = present(text[i])
    if (quoted) {
      if (c === '"' && text[i + 1] === '"') {
        cell += '"'
        i++
      } else if (c === '"') quoted = false
      else cell += c
    } else if (c === '"') quoted = true
    else if (c === ',') {
      row.push(cell)
      cell = ''
    } else if (c === '\r' && text[i + 1] === '\n') {
      row.push(cell)
      rows.push(row)
      row = []
      cell = ''
      i++
    } else cell += c
  }
  if (cell !== '' || row.length > 0) rows.push([...row, cell])
  return rows
}

// A cell as written and the CSV it becomes.
const CELLS: { title: string; cases: [cell: string, csv: string][] }[] = [
  {
    title: 'leaves plain text alone',
    cases: [
      ['hello', 'hello'],
      ['', ''],
    ],
  },
  {
    title: 'quotes cells with commas, quotes and line breaks, doubling quotes (RFC 4180)',
    cases: [
      ['a,b', '"a,b"'],
      ['say "hi"', '"say ""hi"""'],
      ['line1\nline2', '"line1\nline2"'],
      ['cr\rhere', '"cr\rhere"'],
    ],
  },
  {
    title: 'guards cells a spreadsheet would run as a formula',
    cases: [
      ['=SUM(A1:A9)', "'=SUM(A1:A9)"],
      ['+31 6 1234', "'+31 6 1234"],
      ['-cmd', "'-cmd"],
      ['@import', "'@import"],
      ['\tx', "'\tx"],
      // Guard and quoting together: the apostrophe sits inside the quotes.
      ['=HYPERLINK("http://evil","x")', '"\'=HYPERLINK(""http://evil"",""x"")"'],
    ],
  },
  {
    title: 'keeps plain decimal numbers (negative amounts) as numbers',
    cases: [
      ['-10.00', '-10.00'],
      ['-5', '-5'],
      ['-1e5', "'-1e5"],
    ],
  },
]

describe('CSV cells', () => {
  for (const { title, cases } of CELLS) {
    it(title, () => {
      for (const [cell, csv] of cases) expect(csvCell(cell), cell).toBe(csv)
    })
  }

  it('round-trips hostile descriptions through a CSV reader', () => {
    const nasty = ['a,b', 'q"uote', 'multi\r\nline', '=1+1', '@x', 'ünïcødé €']
    const text = nasty.map((d) => paymentCsvRow(listedPayment({ description: d }))).join('')
    const parsed = parseCsv(text)
    const col = CSV_COLUMNS.findIndex((c) => c.header === 'description')
    expect(parsed.map((r) => r[col])).toEqual(['a,b', 'q"uote', 'multi\r\nline', "'=1+1", "'@x", 'ünïcødé €'])
    for (const r of parsed) expect(r).toHaveLength(CSV_COLUMNS.length)
  })

  it('writes the exact amount string and metadata as JSON', () => {
    const row = present(
      parseCsv(
        paymentCsvRow(listedPayment({ amount: { currency: 'JPY', value: '1000' }, metadata: { order: 'A,1' } })),
      )[0],
    )
    const at = (h: string) => row[CSV_COLUMNS.findIndex((c) => c.header === h)]
    expect(at('amount')).toBe('1000')
    expect(at('currency')).toBe('JPY')
    expect(JSON.parse(present(at('metadata')))).toEqual({ order: 'A,1' })
  })

  it('has a header row naming every column once', () => {
    const header = present(parseCsv(csvHeader())[0])
    expect(new Set(header).size).toBe(header.length)
    expect(header.slice(0, 4)).toEqual(['id', 'status', 'amount', 'currency'])
    expect(csvRow(['x', 'y'])).toBe('x,y\r\n')
  })
})
