import type { Payment } from '../../../shared/api-types'
import type { PaymentsExportFormat, PaymentsExportResult } from '../../../shared/ipc/payments'
import type { PersonalDataInFile } from '../../../shared/request-log-types'
import { UserFacingError } from '../../errors'
import { choosePersonalData } from '../main-questions'
import { writeExport } from './export-file'
import { createPersonalDataMasker, exportFileName, personalValuesIn, withoutPersonalData } from '../personal-data'
import { origin, rememberServed, session, tracedCall, type PaymentsContext } from './context'
import { formatCount } from '../../../shared/count'

/**
 * Writes main's own copies of the payments this session was served (fetching again the few it no
 * longer holds) to a file the person chooses; without personal data unless the person said so.
 */
export async function exportPayments(
  ctx: PaymentsContext,
  request: { sessionId: string; exportId: string; format: PaymentsExportFormat; ids: string[] },
): Promise<PaymentsExportResult> {
  const { sessionId, exportId, format, ids } = request
  const { options } = ctx
  const held = ctx.sessions.get(sessionId)
  const unique = [...new Set(ids)]
  const missing = unique.filter((id) => !held?.has(id))
  if (missing.length > ctx.maxRefetch) {
    throw new UserFacingError(
      'not-found',
      `${missing.length} of these payments are no longer held by Paydesk (it keeps the most recent ${formatCount(ctx.maxPerSession, 'en-US')} per session). Load them again, or export fewer.`,
    )
  }
  const personalData = await choosePersonalData(options.questions, 'the exported payments')
  if (personalData === null) return { path: null, rows: 0, refetched: 0, personalData: null }
  const path = await choosePath(ctx, unique.length, format, personalData)
  if (!path) return { path: null, rows: 0, refetched: 0, personalData: null }
  const progress = (written: number, total: number, done: boolean) =>
    options.onExportProgress?.({ exportId, written, total, done })
  progress(0, unique.length, false)

  await refetch(ctx, sessionId, missing)
  const s = session(ctx, sessionId)
  const found = unique.map((id) => s.get(id)).filter((p): p is Payment => p !== undefined)
  const rows = personalData === 'included' ? found : paymentsWithoutPersonalData(found)
  try {
    await writeExport({ path, format, payments: rows, personalData, onProgress: (w, t) => progress(w, t, false) })
  } catch (error) {
    progress(0, unique.length, true)
    const code = (error as { code?: string }).code
    throw new UserFacingError(
      'conflict',
      `The export could not be written${code ? ` (${code})` : ''}. Choose another folder or file name and try again.`,
    )
  }
  progress(rows.length, rows.length, true)
  return { path, rows: rows.length, refetched: missing.length, personalData }
}

function choosePath(
  ctx: PaymentsContext,
  count: number,
  format: PaymentsExportFormat,
  personalData: PersonalDataInFile,
): Promise<string | null> {
  const stamp = ctx.now().toISOString().slice(0, 16).replace(/[-:]/g, '').replace('T', '-')
  return ctx.options.chooseSavePath({
    title: `Export ${count} payments as ${format.toUpperCase()}`,
    defaultName: exportFileName(`payments-${stamp}`, format, personalData),
    filters:
      format === 'csv'
        ? [{ name: 'CSV (comma-separated)', extensions: ['csv'] }]
        : [{ name: 'JSON', extensions: ['json'] }],
  })
}

/** The payments main no longer holds, read again one by one. */
async function refetch(ctx: PaymentsContext, sessionId: string, missing: readonly string[]): Promise<void> {
  if (missing.length === 0) return
  const api = await ctx.options.getClient()
  for (const id of missing) {
    // Background priority: a user's paging goes first (spec 8.1.8: avoid bursts).
    const { value } = await tracedCall(ctx, () =>
      api.getPayment(id, { priority: 'background', origin: origin('export') }),
    )
    rememberServed(ctx, sessionId, [value])
  }
}

/** Payments with every personal field (and any echo of one) replaced (personal-data.ts). */
function paymentsWithoutPersonalData(payments: readonly Payment[]): Payment[] {
  const mask = createPersonalDataMasker(personalValuesIn(payments))
  return payments.map((payment) => withoutPersonalData(payment, mask))
}
