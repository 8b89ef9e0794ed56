// The payments handlers report the payment they opened (its index row is refreshed by app-services/),
// asking where to report before the read starts and reporting only what was read.
import { describe, expect, it } from 'vitest'
import type { Payment } from '../../../../../src/shared/api-types'
import { createPaymentsHandlers } from '../../../../../src/main/services/payments/handlers'
import type { PaymentsService } from '../../../../../src/main/services/payments/types'

const ctx = { senderUrl: 'app://paydesk/' }

function handlersOver(get: PaymentsService['get'], steps: string[]) {
  const service = { get } as PaymentsService
  return createPaymentsHandlers(service, async () => {
    steps.push('begin')
    return (kind, payment) => void steps.push(`read ${kind} ${payment.id}`)
  })
}

describe('payments handlers', () => {
  it('payments.get: where to report is asked before the read, the payment read is reported after it', async () => {
    const steps: string[] = []
    const handlers = handlersOver(async (_session, id) => {
      steps.push(`get ${id}`)
      return { payment: { id } as Payment, requestId: 'req_1' }
    }, steps)
    const result = await handlers['payments.get']({ sessionId: 's1', id: 'tr_WDqYK6vllg' }, ctx)
    expect(result.payment.id).toBe('tr_WDqYK6vllg')
    expect(steps).toEqual(['begin', 'get tr_WDqYK6vllg', 'read payments tr_WDqYK6vllg'])
  })

  it('payments.get: a read that fails reports nothing', async () => {
    const steps: string[] = []
    const handlers = handlersOver(async () => {
      throw new Error('The service did not answer.')
    }, steps)
    await expect(
      Promise.resolve(handlers['payments.get']({ sessionId: 's1', id: 'tr_WDqYK6vllg' }, ctx)),
    ).rejects.toThrow('The service did not answer.')
    expect(steps).toEqual(['begin'])
  })
})
