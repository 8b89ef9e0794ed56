import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { ApiError } from '../../../../../src/main/api/call/errors'
import { UserFacingError } from '../../../../../src/main/errors'
import { createPaymentsService, type PaymentsClient } from '../../../../../src/main/services/payments'
import { writeExport } from '../../../../../src/main/services/payments/export-file'
import type { Payment, PaymentList } from '../../../../../src/shared/api-types'
import { paymentsExportInput, paymentsListInput } from '../../../../../src/shared/ipc/payments'
import { present } from '../../../../helpers/present'
import { listedPayment } from '../../../helpers/listed-payment'

function payment(n: number): Payment {
  return listedPayment({
    id: `tr_p${n}`,
    description: n % 2 ? `Desc, with "quotes" ${n}` : `=cmd ${n}`,
    amount: { currency: 'EUR', value: `${n}.05` },
  })
}

function list(from: number, count: number): PaymentList {
  const payments = Array.from({ length: count }, (_, i) => payment(from + i))
  const link = (f: number) => ({
    href: `http://127.0.0.1/v2/payments?from=tr_p${f}&limit=${count}`,
    type: 'application/hal+json',
  })
  return {
    count,
    _embedded: { payments },
    _links: { self: link(from), previous: null, next: link(from + count), documentation: link(0) },
  }
}

let dir: string
beforeEach(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), 'paydesk-payments-export-'))
})
afterEach(async () => {
  await rm(dir, { recursive: true, force: true })
})

describe('writeExport', () => {
  it('writes CSV with a header and one escaped row per payment, reporting progress per chunk', async () => {
    const file = path.join(dir, 'out.csv')
    const progress: number[] = []
    const rows = Array.from({ length: 5 }, (_, i) => payment(i + 1))
    await writeExport({
      path: file,
      format: 'csv',
      payments: rows,
      personalData: 'included',
      chunkRows: 2,
      onProgress: (w) => progress.push(w),
    })
    const text = (await readFile(file, 'utf8')).replace(/^\uFEFF/, '')
    const lines = text.split('\r\n').filter(Boolean)
    expect(lines).toHaveLength(7)
    expect(lines[2]).toContain('"Desc, with ""quotes"" 1"')
    expect(lines[3]).toContain(",'=cmd 2,")
    expect(progress).toEqual([2, 4, 5])
    expect(await readdir(dir)).toEqual(['out.csv']) // no temporary file left behind
  })

  it('writes JSON that parses back to the same payments', async () => {
    const file = path.join(dir, 'out.json')
    const rows = [payment(1), payment(2), payment(3)]
    await writeExport({ path: file, format: 'json', payments: rows, personalData: 'included' })
    expect(JSON.parse(await readFile(file, 'utf8'))).toEqual({ personalData: 'included', payments: rows })
  })

  it('leaves no file under the chosen name when writing fails', async () => {
    const file = path.join(dir, 'missing-dir', 'out.csv')
    await expect(
      writeExport({ path: file, format: 'csv', payments: [payment(1)], personalData: 'left-out' }),
    ).rejects.toThrow()
    expect(await readdir(dir)).toEqual([])
  })
})

describe('payments service', () => {
  /** A fake client that reports each call's request id from inside the call, like onAttempt does. */
  function fakeClient(report: (id: string) => void) {
    let seq = 0
    const calls: { input: unknown; signal?: AbortSignal }[] = []
    let gate: Promise<void> = Promise.resolve()
    const client: PaymentsClient & { calls: typeof calls; hold(p: Promise<void>): void } = {
      calls,
      hold(p) {
        gate = p
      },
      async listPayments(input = {}, opts = {}) {
        calls.push({ input, signal: opts.signal })
        const id = `req-${++seq}`
        await gate
        if (opts.signal?.aborted) throw new ApiError({ kind: 'aborted', message: 'Cancelled.' })
        report(id)
        const from = 'link' in input ? Number(present(/from=tr_p(\d+)/.exec(input.link))[1]) : 1
        return list(from, 'link' in input ? 3 : (input.limit ?? 3))
      },
      async getPayment(id) {
        const n = Number(id.slice(4))
        if (n > 1000)
          throw new ApiError({
            kind: 'http',
            status: 404,
            title: 'Not Found',
            detail: `No payment exists with id ${id}.`,
            message: '404',
            requestId: 'req-404',
          })
        report(`get-${id}`)
        return payment(n)
      },
    }
    return client
  }

  function setup(options: { maxPaymentsPerSession?: number; savePath?: string | null; personal?: number } = {}) {
    const listeners = new Set<(id: string) => void>()
    const client = fakeClient((id) => listeners.forEach((l) => l(id)))
    const progress: { written: number; total: number; done: boolean }[] = []
    const names: string[] = []
    const service = createPaymentsService({
      getClient: async () => client,
      chooseSavePath: async ({ defaultName }) => {
        names.push(defaultName)
        return options.savePath === undefined ? path.join(dir, 'e.csv') : options.savePath
      },
      // Main's personal-data question: the button given, else its default (leave it out).
      questions: { ask: async (question) => options.personal ?? question.defaultId },
      onExportProgress: (p) => progress.push(p),
      observeRequestIds: (l) => {
        listeners.add(l)
        return () => listeners.delete(l)
      },
      maxPaymentsPerSession: options.maxPaymentsPerSession,
    })
    return { service, client, progress, names }
  }

  /**
   * Lists the first page (main exports only what it served) and exports tr_p1 as `format`, the person
   * answering main's personal-data question with button `personal` (else its default).
   */
  async function exportFirstPayment(personal: number | undefined, exportId: string, format: 'csv' | 'json') {
    const { service, names } = setup({ personal })
    await service.list({ sessionId: 's', requestKey: 'k', query: { limit: 3 } })
    return { result: await service.exportPayments({ sessionId: 's', exportId, format, ids: ['tr_p1'] }), names }
  }

  it('returns the request id of each call, also when calls overlap', async () => {
    const { service, client } = setup()
    // A first page hands out the link the second call follows (main follows only links it served).
    const first = await service.list({ sessionId: 's', requestKey: 'w', query: { limit: 9 } })
    expect(first.requestId).toBe('req-1')
    const next = present((JSON.parse(first.pageText) as PaymentList)._links.next).href
    expect(next).toBe('http://127.0.0.1/v2/payments?from=tr_p10&limit=9')
    let release!: () => void
    client.hold(new Promise<void>((r) => (release = r)))
    const a = service.list({ sessionId: 's', requestKey: 'a', query: { limit: 2 } })
    const b = service.list({ sessionId: 's', requestKey: 'b', link: next })
    release()
    const [ra, rb] = await Promise.all([a, b])
    expect(ra.requestId).toBe('req-2')
    expect(rb.requestId).toBe('req-3')
    expect(rb.ids[0]).toBe('tr_p10')
    expect((JSON.parse(present(rb.rowsText.split('\n')[0])) as { id: string }).id).toBe('tr_p10')
    // The link went to the client verbatim.
    expect(present(client.calls[2]).input).toEqual({ link: next })
  })

  it('cancels a waiting list request by its key', async () => {
    const { service, client } = setup()
    let release!: () => void
    client.hold(new Promise<void>((r) => (release = r)))
    const pending = service.list({ sessionId: 's', requestKey: 'k1', query: {} })
    expect(service.cancel('k1')).toEqual({ canceled: true })
    expect(service.cancel('k1')).toEqual({ canceled: false })
    release()
    const error = await pending.catch((e: unknown) => e)
    expect(error).toBeInstanceOf(UserFacingError)
    expect((error as UserFacingError).code).toBe('canceled')
  })

  it('turns a 404 into an api-error carrying the title, detail and request id', async () => {
    const { service } = setup()
    const error = (await service.get('s', 'tr_p5000').catch((e: unknown) => e)) as UserFacingError
    expect(error.code).toBe('api-error')
    expect(error.extra.api).toMatchObject({ status: 404, title: 'Not Found', requestId: 'req-404' })
  })

  it('exports the payments it served, by id and in the order asked, never renderer data', async () => {
    const { service, progress } = setup()
    await service.list({ sessionId: 's', requestKey: 'k', query: { limit: 4 } })
    const result = await service.exportPayments({
      sessionId: 's',
      exportId: 'e1',
      format: 'csv',
      ids: ['tr_p3', 'tr_p1', 'tr_p3'],
    })
    expect(result).toMatchObject({ rows: 2, refetched: 0, path: path.join(dir, 'e.csv') })
    const lines = (await readFile(present(result.path), 'utf8')).split('\r\n').filter(Boolean)
    expect(lines.slice(2).map((l) => l.split(',')[0])).toEqual(['tr_p3', 'tr_p1'])
    expect(progress[progress.length - 1]).toMatchObject({ written: 2, total: 2, done: true })
  })

  it('fetches again by id what it no longer holds, and writes nothing when the dialog is canceled', async () => {
    const { service } = setup({ maxPaymentsPerSession: 2 })
    await service.list({ sessionId: 's', requestKey: 'k', query: { limit: 4 } })
    expect(service.sessionSize('s')).toBe(2)
    const result = await service.exportPayments({
      sessionId: 's',
      exportId: 'e2',
      format: 'json',
      ids: ['tr_p1', 'tr_p4'],
    })
    expect(result.refetched).toBe(1)
    const json = JSON.parse(await readFile(present(result.path), 'utf8')) as { payments: Payment[] }
    expect(json.payments.map((p) => p.id)).toEqual(['tr_p1', 'tr_p4'])

    const canceled = setup({ savePath: null })
    await canceled.service.list({ sessionId: 's', requestKey: 'k', query: { limit: 2 } })
    await expect(
      canceled.service.exportPayments({ sessionId: 's', exportId: 'e3', format: 'csv', ids: ['tr_p1'] }),
    ).resolves.toEqual({
      path: null,
      rows: 0,
      refetched: 0,
      personalData: null,
    })
  })

  it('leaves descriptions and metadata out of an export unless the person chose to include them', async () => {
    const { result: leftOut } = await exportFirstPayment(undefined, 'p1', 'json')
    expect(leftOut.personalData).toBe('left-out')
    const text = await readFile(present(leftOut.path), 'utf8')
    expect(text).not.toContain('Desc, with')
    expect(text).toContain('[left out]')
    expect(text).toContain('1.05')

    const { result: withData } = await exportFirstPayment(1, 'p2', 'json')
    expect(withData.personalData).toBe('included')
    expect(await readFile(present(withData.path), 'utf8')).toContain('Desc, with')

    const { result: canceled } = await exportFirstPayment(2, 'p3', 'csv')
    expect(canceled).toMatchObject({ path: null, personalData: null })
  })

  it('says in the file and its default name whether personal data is in it (threat: the file travels without the message)', async () => {
    const { result: csv, names: leftNames } = await exportFirstPayment(undefined, 'w1', 'csv')
    const [first, header] = (await readFile(present(csv.path), 'utf8')).replace(/^\uFEFF/, '').split('\r\n')
    expect(first).toBe('Customers’ personal data: left out (replaced by “[left out]”).')
    expect(header).toMatch(/^id,status,amount,/)
    expect(leftNames).toEqual([expect.stringMatching(/^payments-\d{8}-\d{4}\.csv$/)])

    const { result: json, names: includedNames } = await exportFirstPayment(1, 'w2', 'json')
    expect(JSON.parse(await readFile(present(json.path), 'utf8'))).toMatchObject({ personalData: 'included' })
    expect(includedNames).toEqual([expect.stringMatching(/^payments-\d{8}-\d{4}-with-personal-data\.json$/)])
    const { result: withData } = await exportFirstPayment(1, 'w3', 'csv')
    expect((await readFile(present(withData.path), 'utf8')).replace(/^\uFEFF/, '').split('\r\n')[0]).toBe(
      'Customers’ personal data: included. Share this file only with people who may see it.',
    )
  })

  it('validates channel input strictly: a query or a link, bounded sizes', () => {
    const base = { sessionId: 's', requestKey: 'k' }
    expect(paymentsListInput.safeParse({ ...base, query: { limit: 50 } }).success).toBe(true)
    expect(paymentsListInput.safeParse({ ...base, link: 'http://x' }).success).toBe(true)
    expect(paymentsListInput.safeParse({ ...base, query: {}, link: 'http://x' }).success).toBe(false)
    expect(paymentsListInput.safeParse(base).success).toBe(false)
    expect(paymentsListInput.safeParse({ ...base, query: { limit: 251 } }).success).toBe(false)
    expect(paymentsListInput.safeParse({ ...base, query: { from: 'ord_1' } }).success).toBe(false)
    expect(paymentsExportInput.safeParse({ sessionId: 's', exportId: 'e', format: 'xml', ids: ['tr_1'] }).success).toBe(
      false,
    )
  })
})
